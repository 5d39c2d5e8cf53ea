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

/** The fields that differ by ledger: the changes and what the card holds after them. */
type Figures = Pick<
  VipTransaction,
  'amount' | 'giftAmount' | 'points' | 'balance' | 'giftAmountAfter' | 'pointsAfter'
>;

type Table = typeof balanceTransactions | typeof pointTransactions;

/** A ledger of movements: its table, and the figures of one of its rows. */
interface Ledger<T extends Table> {
  table: T;
  figures: (row: T['$inferSelect']) => Figures;
}

const ledger = <T extends Table>(l: Ledger<T>): Ledger<T> => l;

/** The two histories: balance and gift-amount movements (vip/doc), point movements (vip/pointDoc). */
const LEDGERS = {
  balance: ledger({
    table: balanceTransactions,
    figures: (r) => ({
      amount: num(r.amount),
      giftAmount: num(r.giftAmount),
      points: 0,
      balance: num(r.balanceAfter),
      giftAmountAfter: num(r.giftAmountAfter),
      pointsAfter: null,
    }),
  }),
  points: ledger({
    table: pointTransactions,
    figures: (r) => ({
      amount: 0,
      giftAmount: 0,
      points: Math.trunc(num(r.points)),
      balance: null,
      pointsAfter: Math.trunc(num(r.pointsAfter)),
    }),
  }),
};

export type DocKind = keyof typeof LEDGERS;

/** One page of a history of the caller's own card (`id` must be it), newest first. */
export async function historyDoc(
  ctx: ServerContext,
  kind: DocKind,
  scope: MemberScope,
  id: number,
  page = 1,
  pageLimit = 20,
  lang: Lang = 'zh',
): Promise<DocPage> {
  const member = requireOwnMember(scope, id);
  // each ledger's figures read rows of its own table (TypeScript does not relate the two through `kind`)
  const { table, figures } = LEDGERS[kind] as Ledger<Table>;
  const where = eq(table.memberId, member.id);
  const [rows, totals] = await Promise.all([
    ctx.db
      .select({ t: table, shop: shopColumns, orderNo: orderNoColumn })
      .from(table)
      .leftJoin(shops, eq(shops.id, table.shopId))
      .leftJoin(orders, eq(orders.id, table.orderId))
      .where(where)
      .orderBy(desc(table.id))
      .limit(pageLimit)
      .offset((page - 1) * pageLimit),
    ctx.db.select({ n: count() }).from(table).where(where),
  ]);
  return {
    list: rows.map(({ t: r, shop, orderNo }) => ({ ...entryOf(r, shop, orderNo, lang), ...figures(r) })),
    total: totals[0]?.n ?? 0,
    page,
    pageLimit,
  };
}

/** vip/doc: balance movements of the caller's own card. */
export const balanceDoc = (
  ctx: ServerContext,
  scope: MemberScope,
  id: number,
  page?: number,
  pageLimit?: number,
  lang?: Lang,
): Promise<DocPage> => historyDoc(ctx, 'balance', scope, id, page, pageLimit, lang);

/** vip/pointDoc: point movements of the caller's own card. */
export const pointDoc = (
  ctx: ServerContext,
  scope: MemberScope,
  id: number,
  page?: number,
  pageLimit?: number,
  lang?: Lang,
): Promise<DocPage> => historyDoc(ctx, 'points', scope, id, page, pageLimit, lang);
