/**
 * The member's history (MEMBER-5): balance and gift-amount movements (vip/doc) and point movements
 * (vip/pointDoc, point-consume-list), newest first, with the transaction types of C§4.
 */
import { count, desc, eq } from 'drizzle-orm';
import { VipTransactionType } from '../../../../src/domain/enums';
import type { VipTransaction } from '../../../../src/api/contract/vip';
import type { ServerContext } from '../../context';
import { balanceTransactions, pointTransactions, shops } from '../../db/schema';
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

async function shopNames(ctx: ServerContext, lang: Lang): Promise<Map<number, string>> {
  const rows = await ctx.db.select({ id: shops.id, name: shops.name, settings: shops.settings }).from(shops);
  return new Map(rows.map((r) => [r.id, lang === 'en' && r.settings.nameEn ? r.settings.nameEn : r.name]));
}

const orderNoOf = (orderId: number | null): string | null => (orderId === null ? null : String(orderId));

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
  const [rows, totals, names] = await Promise.all([
    ctx.db
      .select()
      .from(balanceTransactions)
      .where(where)
      .orderBy(desc(balanceTransactions.id))
      .limit(pageLimit)
      .offset((page - 1) * pageLimit),
    ctx.db.select({ n: count() }).from(balanceTransactions).where(where),
    shopNames(ctx, lang),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      type: typeOf(r.type),
      amount: num(r.amount),
      giftAmount: num(r.giftAmount),
      points: 0,
      balance: num(r.balanceAfter),
      giftAmountAfter: num(r.giftAmountAfter),
      pointsAfter: null,
      time: r.createdAt.getTime(),
      orderNo: orderNoOf(r.orderId),
      shopName: r.shopId === null ? '' : (names.get(r.shopId) ?? ''),
      note: r.note.slice(0, 140),
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
  const [rows, totals, names] = await Promise.all([
    ctx.db
      .select()
      .from(pointTransactions)
      .where(where)
      .orderBy(desc(pointTransactions.id))
      .limit(pageLimit)
      .offset((page - 1) * pageLimit),
    ctx.db.select({ n: count() }).from(pointTransactions).where(where),
    shopNames(ctx, lang),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      type: typeOf(r.type),
      amount: 0,
      giftAmount: 0,
      points: Math.trunc(num(r.points)),
      balance: null,
      pointsAfter: Math.trunc(num(r.pointsAfter)),
      time: r.createdAt.getTime(),
      orderNo: orderNoOf(r.orderId),
      shopName: r.shopId === null ? '' : (names.get(r.shopId) ?? ''),
      note: r.note.slice(0, 140),
    })),
    total: totals[0]?.n ?? 0,
    page,
    pageLimit,
  };
}
