/**
 * What a customer notice says (NOTICE-1), as pure functions: which status change a notice tells
 * (its kind), the shop's notice settings (`noticeTemplates`: template id → its kind, its data fields
 * and which order value each shows; `noticeSms`: an SMS when an H5 order is ready), and the notices
 * one status change queues — one per template of its kind that the customer's channel takes. The
 * content is fixed when the notice is queued, so every retry sends the same message.
 */
import { z } from 'zod';
import { OrderStatus, OrderType } from '../../../../src/domain/enums';
import { formatTimeOfDay } from '../../../../src/domain/hours';
import { wallOf, type ShopZone } from '../../../../src/domain/shop-time';
import * as money from '../../../../src/domain/money';
import type { JsonObject } from '../../db/schema/json';

/** The status changes a notice tells. `delivering` is "out for delivery", or "ready" for an order made in the shop. */
export const NOTICE_KINDS = ['accepted', 'delivering', 'refunded', 'refused'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The order values a template's data field can show. */
export const NOTICE_VALUES = ['orderNo', 'pickupNo', 'shopName', 'status', 'amount', 'time', 'reason', 'orderType'] as const;
export type NoticeValue = (typeof NOTICE_VALUES)[number];

/** One template of the shop: its kind, its data keys (WeChat's `thing1`, Alipay's `keyword1` …) → the value each shows. */
export const NoticeTemplateSchema = z.object({
  status: z.enum(NOTICE_KINDS),
  fields: z.record(z.string().regex(/^[A-Za-z_]+[0-9]*$/).max(32), z.enum(NOTICE_VALUES)),
  /** Only for the accounts of this app (default: the chat app's and the payment app's). */
  platform: z.enum(['weapp', 'alipay']).optional(),
  /** The page the message opens (default the order's detail). */
  page: z.string().max(128).optional(),
});
export type NoticeTemplate = z.infer<typeof NoticeTemplateSchema>;

/** The notice part of a shop's settings (server-only: shopSettingsFor leaves it out of answers). */
export interface NoticeSettings {
  /** Template id (opaque, as the platform gave it) → what it tells and says. */
  noticeTemplates?: Record<string, NoticeTemplate>;
  /** H5 customers get an SMS when their order is ready (out for delivery, or to collect). */
  noticeSms?: boolean;
}

/** The kind of notice an order's new status calls for, or null. */
export function noticeKindOf(status: string): NoticeKind | null {
  switch (status) {
    case OrderStatus.confirmed:
      return 'accepted';
    case OrderStatus.rider_picked_up:
    case OrderStatus.delivered:
      return 'delivering';
    case OrderStatus.refund:
      return 'refunded';
    case OrderStatus.refused:
      return 'refused';
    default:
      return null;
  }
}

/** The statuses that call for a notice (the transitions to them queue it in their transaction). */
export const NOTICE_STATUSES: ReadonlySet<string> = new Set([
  OrderStatus.confirmed,
  OrderStatus.rider_picked_up,
  OrderStatus.delivered,
  OrderStatus.refund,
  OrderStatus.refused,
]);

/** The shop's templates that parse (a broken one is left out and named). */
export function readTemplates(raw: unknown): { templates: Array<[string, NoticeTemplate]>; broken: string[] } {
  const templates: Array<[string, NoticeTemplate]> = [];
  const broken: string[] = [];
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { templates, broken };
  for (const [id, t] of Object.entries(raw as Record<string, unknown>)) {
    const parsed = NoticeTemplateSchema.safeParse(t);
    if (parsed.success && id.length > 0 && id.length <= 128) templates.push([id, parsed.data]);
    else broken.push(id);
  }
  return { templates, broken };
}

/** The order as a notice reads it. */
export interface NoticeOrder {
  id: number;
  orderNo: string;
  daySeq: number;
  type: string;
  status: string;
  total: string;
  merchantNote: string;
  tableNo: string | null;
  contactPhone: string | null;
}

/** The shop as a notice reads it. */
export interface NoticeShop {
  name: string;
  currencySymbol: string | null;
  /** The shop's zone (its settings read with server/src/time-zone.ts). */
  zone: ShopZone;
  noticeTemplates: unknown;
  noticeSms: unknown;
}

/** The customer as a notice reads it: the account's platform decides the channel. */
export interface NoticeUser {
  platform: string;
  openid: string;
  phone: string | null;
}

/** One notice to queue. */
export interface NoticeDraft {
  kind: NoticeKind;
  channel: 'weapp' | 'alipay' | 'sms';
  templateId: string;
  recipient: string;
  payload: JsonObject;
}

const made = (type: string) => type === OrderType.selfPickup || type === OrderType.dine || type === OrderType.openTable;

/** The short status text of a notice (WeChat's `phrase` takes at most 5 characters). */
function statusText(kind: NoticeKind, o: NoticeOrder): string {
  switch (kind) {
    case 'accepted':
      return '商家已接单';
    case 'delivering':
      if (!made(o.type)) return '配送中';
      return o.type === OrderType.selfPickup || !o.tableNo ? '待取餐' : '已出餐';
    case 'refunded':
      return '已退款';
    case 'refused':
      return '商家已拒单';
  }
}

const ORDER_TYPE_TEXT: Record<string, string> = {
  [OrderType.takeaway]: '外卖',
  [OrderType.selfPickup]: '自取',
  [OrderType.dine]: '堂食',
  [OrderType.openTable]: '堂食',
  [OrderType.appointment]: '预约',
};

/** "2026-11-23 12:05" on the shop's wall clock. */
export function shopTime(now: number, zone: ShopZone): string {
  const w = wallOf(now, zone);
  return `${w.date} ${formatTimeOfDay(w.minute)}`;
}

/** The value a template field shows. */
export function noticeValue(v: NoticeValue, kind: NoticeKind, o: NoticeOrder, shop: NoticeShop, now: number): string {
  switch (v) {
    case 'orderNo':
      return o.orderNo;
    case 'pickupNo':
      return String(o.daySeq);
    case 'shopName':
      return shop.name;
    case 'status':
      return statusText(kind, o);
    case 'amount':
      return `${shop.currencySymbol ?? '¥'}${money.of(o.total).toFixed(2)}`;
    case 'time':
      return shopTime(now, shop.zone);
    case 'reason':
      if (kind === 'refused') return o.merchantNote.trim() || '商家暂时无法接单';
      if (kind === 'refunded') return o.merchantNote.trim() || '订单已退款';
      return o.merchantNote.trim() || statusText(kind, o);
    case 'orderType':
      return ORDER_TYPE_TEXT[o.type] ?? o.type;
  }
}

/** WeChat's length limit of a data value, by the key's type (`thing2` → thing). */
const WECHAT_LIMITS: Record<string, number> = {
  thing: 20,
  character_string: 32,
  number: 32,
  letter: 32,
  symbol: 5,
  phrase: 5,
  name: 10,
  phone_number: 17,
  car_number: 8,
};

/** A value cut to what the key's type takes (characters, not bytes). */
export function fitValue(key: string, value: string): string {
  const type = key.replace(/[0-9]+$/, '');
  const limit = WECHAT_LIMITS[type];
  const chars = [...value];
  return limit !== undefined && chars.length > limit ? chars.slice(0, limit).join('') : value;
}

/** The page a notice opens: the order's detail. */
export const orderPage = (orderId: number): string => `pages/user/order/detail?id=${orderId}`;

/**
 * The notices one status change queues: for a chat-app account one subscribe message per template of
 * the kind, for a payment-app account one template message (with the trade that allows it), for an
 * H5 account an SMS when the order is ready and the shop turned it on.
 */
export function draftNotices(
  kind: NoticeKind,
  o: NoticeOrder,
  shop: NoticeShop,
  user: NoticeUser,
  now: number,
  alipayFormId: string | null,
): NoticeDraft[] {
  const out: NoticeDraft[] = [];
  const channel = user.platform === 'weapp' ? 'weapp' : user.platform === 'alipay' ? 'alipay' : null;
  if (channel) {
    for (const [templateId, t] of readTemplates(shop.noticeTemplates).templates) {
      if (t.status !== kind || (t.platform !== undefined && t.platform !== channel)) continue;
      const data: Record<string, { value: string }> = {};
      for (const [key, v] of Object.entries(t.fields)) data[key] = { value: fitValue(key, noticeValue(v, kind, o, shop, now)) };
      const page = t.page ?? orderPage(o.id);
      out.push({
        kind,
        channel,
        templateId,
        recipient: user.openid,
        payload: channel === 'alipay' ? { page, data, formId: alipayFormId } : { page, data },
      });
    }
    return out;
  }
  // H5 (a browser or an SMS login): the live status on open pages; an SMS when ready, if the shop wants it
  const phone = o.contactPhone || user.phone;
  if (kind === 'delivering' && shop.noticeSms === true && phone) {
    const what = statusText(kind, o);
    out.push({
      kind,
      channel: 'sms',
      templateId: `sms:${kind}`,
      recipient: phone,
      payload: { text: `【${shop.name}】您的订单 ${o.daySeq} 号${what === '配送中' ? '已出发配送' : what === '已出餐' ? '已出餐' : '已做好，请到店取餐'}。` },
    });
  }
  return out;
}
