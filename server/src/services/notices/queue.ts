/**
 * Queuing customer notices (NOTICE-1) inside the transaction of the status change
 * (docs/decisions.md "Customer notices (NOTICE-1)"): the order's move and its notices commit
 * together or not at all, from every door — console, merchant API, CLI, auto-accept, the refund
 * outbox. A notice already queued for the order, kind and template is not queued again (the unique
 * index), so a status reached twice (out for delivery, then delivered) tells the customer once.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notices, payments, shops, users } from '../../db/schema';
import type { OrderRow } from '../orders/holds';
import { draftNotices, noticeKindOf, type NoticeShop } from './content';
import { zoneOfSettings } from '../../time-zone';

/** Queues the notices of the status `o` just reached (in the caller's transaction); how many. */
export async function queueNotices(tx: Tx, o: OrderRow, now: number): Promise<number> {
  const kind = noticeKindOf(o.status);
  if (!kind) return 0;
  const [shop] = await tx
    .select({
      name: sql<string>`${shops.settings}->>'name'`,
      currencySymbol: sql<string | null>`${shops.settings}->>'currencySymbol'`,
      utcOffsetMinutes: sql<number | null>`(${shops.settings}->>'utcOffsetMinutes')::int`,
      timeZone: sql<string | null>`${shops.settings}->>'timeZone'`,
      noticeTemplates: sql<unknown>`${shops.settings}->'noticeTemplates'`,
      noticeSms: sql<unknown>`${shops.settings}->'noticeSms'`,
    })
    .from(shops)
    .where(eq(shops.id, o.shopId))
    .limit(1);
  if (!shop || (shop.noticeTemplates == null && shop.noticeSms !== true)) return 0;
  const [user] = await tx.select({ platform: users.platform, openid: users.openid, phone: users.phone }).from(users).where(eq(users.id, o.userId)).limit(1);
  if (!user) return 0;
  // the payment app allows a template message on the strength of the customer's trade
  let formId: string | null = null;
  if (user.platform === 'alipay') {
    const [trade] = await tx
      .select({ id: payments.providerTradeId })
      .from(payments)
      .where(and(eq(payments.orderId, o.id), eq(payments.provider, 'alipay'), inArray(payments.state, ['paid', 'refunding', 'refunded'])))
      .orderBy(desc(payments.id))
      .limit(1);
    formId = trade?.id ?? o.tradeNo ?? null;
  }
  const drafts = draftNotices(
    kind,
    {
      id: o.id,
      orderNo: o.orderNo,
      daySeq: o.daySeq,
      type: o.type,
      status: o.status,
      total: o.total,
      merchantNote: o.merchantNote,
      tableNo: o.tableNo,
      contactPhone: o.contact?.contact_phone || null,
    },
    {
      ...(shop as Omit<NoticeShop, 'zone'>),
      name: shop.name ?? '',
      zone: zoneOfSettings({ utcOffsetMinutes: shop.utcOffsetMinutes ?? undefined, timeZone: shop.timeZone ?? undefined }, now),
    },
    user,
    now,
    formId,
  );
  if (drafts.length === 0) return 0;
  const rows = await tx
    .insert(notices)
    .values(
      drafts.map((d) => ({
        orderId: o.id,
        shopId: o.shopId,
        userId: o.userId,
        kind: d.kind,
        orderStatus: o.status,
        channel: d.channel,
        templateId: d.templateId,
        recipient: d.recipient,
        payload: d.payload,
        state: 'pending',
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: notices.id });
  return rows.length;
}
