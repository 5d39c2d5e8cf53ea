/**
 * The member's history (MEMBER-5): balance and gift-amount movements (vip/doc) and point movements
 * (vip/pointDoc, point-consume-list), newest first, with the transaction types of C§4.
 */
import { count, desc, eq } from 'drizzle-orm';
import { VipTransactionType } from '../../../../src/domain/enums';
import type { VipTransaction } from '../../../../src/api/contract/vip';
import type { ServerContext } from '../../context';
import { balanceTransactions, orders, pointTransactions, shops } from '../../db/schema';
import type { Lang } from '../../i18n/messages';
import { num } from '../members-read';
import { requireOwnMember, type MemberScope } from './common';

const TYPES = new Set<string>(Object.values(VipTransactionType));
const typeOf = (t: string): VipTransactionType =>
  TYPES.has(t) ? (t as VipTransactionType) : VipTransactionType.revise;

export interface DocPage {
  list: VipTransaction[];
  total: number;
  page: number;
  pageLimit: number;
}

/** The shop's name in the asked language (a row's shop is joined in the page query). */
const shopNameOf = (shop: { name: string; settings: { nameEn?: string } } | null, lang: Lang): string =>
  shop === null ? '' : lang === 'en' && shop.settings.nameEn ? shop.settings.nameEn : shop.name;

/** The fields every history row shares, whichever ledger it comes from. */
function entryOf(
  r: { id: number; type: string; createdAt: Date; note: string },
  shop: { name: string; settings: { nameEn?: string } } | null,
  orderNo: string | null,
  lang: Lang,
): Pick<VipTransaction, 'id' | 'type' | 'time' | 'orderNo' | 'shopName' | 'note'> {
  return {
    id: r.id,
    type: typeOf(r.type),
    time: r.createdAt.getTime(),
    // the order number the customer sees (C§3 Order.orderNo), never the internal id
    orderNo,
    shopName: shopNameOf(shop, lang),
    note: r.note.slice(0, 140),
  };
}

const shopColumns = { name: shops.name, settings: shops.settings };
const orderNoColumn = orders.orderNo;

/** vip/doc: balance movements of the caller's own card (`id` must be it). */
export async function balanceDoc(
  ctx: ServerContext,
  scope: MemberScope,
  id: number,
  page = 1,
  pageLimit = 20,
  lang: Lang = 'zh',
): Promise<DocPage> {
  const member = requireOwnMember(scope, id);
  const where = eq(balanceTransactions.memberId, member.id);
  const [rows, totals] = await Promise.all([
    ctx.db
      .select({ t: balanceTransactions, shop: shopColumns, orderNo: orderNoColumn })
      .from(balanceTransactions)
      .leftJoin(shops, eq(shops.id, balanceTransactions.shopId))
      .leftJoin(orders, eq(orders.id, balanceTransactions.orderId))
      .where(where)
      .orderBy(desc(balanceTransactions.id))
      .limit(pageLimit)
      .offset((page - 1) * pageLimit),
    ctx.db.select({ n: count() }).from(balanceTransactions).where(where),
  ]);
  return {
    list: rows.map(({ t: r, shop, orderNo }) => ({
      ...entryOf(r, shop, orderNo, lang),
      amount: num(r.amount),
      giftAmount: num(r.giftAmount),
      points: 0,
      balance: num(r.balanceAfter),
      giftAmountAfter: num(r.giftAmountAfter),
      pointsAfter: null,
    })),
    total: totals[0]?.n ?? 0,
    page,
    pageLimit,
  };
}

/** vip/pointDoc: point movements of the caller's own card. */
export async function pointDoc(
  ctx: ServerContext,
  scope: MemberScope,
  id: number,
  page = 1,
  pageLimit = 20,
  lang: Lang = 'zh',
): Promise<DocPage> {
  const member = requireOwnMember(scope, id);
  const where = eq(pointTransactions.memberId, member.id);
  const [rows, totals] = await Promise.all([
    ctx.db
      .select({ t: pointTransactions, shop: shopColumns, orderNo: orderNoColumn })
      .from(pointTransactions)
      .leftJoin(shops, eq(shops.id, pointTransactions.shopId))
      .leftJoin(orders, eq(orders.id, pointTransactions.orderId))
      .where(where)
      .orderBy(desc(pointTransactions.id))
      .limit(pageLimit)
      .offset((page - 1) * pageLimit),
    ctx.db.select({ n: count() }).from(pointTransactions).where(where),
  ]);
  return {
    list: rows.map(({ t: r, shop, orderNo }) => ({
      ...entryOf(r, shop, orderNo, lang),
      amount: 0,
      giftAmount: 0,
      points: Math.trunc(num(r.points)),
      balance: null,
      pointsAfter: Math.trunc(num(r.pointsAfter)),
    })),
    total: totals[0]?.n ?? 0,
    page,
    pageLimit,
  };
}
