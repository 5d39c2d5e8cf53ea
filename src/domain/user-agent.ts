/**
 * User-agent codes (C§3 "Enumerations"): a number telling the server which order type and which
 * client an order or request comes from. It travels in the `userAgentType` header (C§7) and selects
 * the coupon order-type range (P§5).
 *
 * Ranges of the spec: takeaway 1–6, selfPickup 51–56, dine 101–106, scan order 201–203,
 * appointment 301–303. The order of platforms inside a range is not given; the choice is recorded in
 * docs/decisions.md: weapp, alipay, h5, kiosk (then two reserved codes) in the six-code ranges, and
 * weapp, alipay, h5 in the three-code ranges, where a kiosk uses the h5 code (a kiosk is a browser).
 */
import { OrderSource, OrderType, Platform } from './enums';

/** Client kinds a code distinguishes: the three builds plus the in-shop kiosk browser (C§2). */
export type UserAgentPlatform = Platform | 'kiosk';

/** The event the session store fires when the order type (and so the user-agent code) changes (C§3). */
export const ORDER_TYPE_CHANGED = 'orderTypeChanged';

/** First code of each range (C§3). */
export const USER_AGENT_BASE = {
  takeaway: 1,
  selfPickup: 51,
  dine: 101,
  scanOrder: 201,
  appointment: 301,
} as const;

/** Offset of each client inside a six-code range (takeaway, selfPickup, dine). */
const SIX_CODE_OFFSET: Readonly<Record<UserAgentPlatform, number>> = { weapp: 0, alipay: 1, h5: 2, kiosk: 3 };
/** Offset inside a three-code range (scan order, appointment); a kiosk runs the h5 build. */
const THREE_CODE_OFFSET: Readonly<Record<UserAgentPlatform, number>> = { weapp: 0, alipay: 1, h5: 2, kiosk: 2 };

/** The exact codes of each range (C§3). */
const RANGES: ReadonlyArray<{ min: number; max: number; orderType: OrderType }> = [
  { min: 1, max: 6, orderType: OrderType.takeaway },
  { min: 51, max: 56, orderType: OrderType.selfPickup },
  { min: 101, max: 106, orderType: OrderType.dine },
  { min: 201, max: 203, orderType: OrderType.openTable },
  { min: 301, max: 303, orderType: OrderType.appointment },
];

/**
 * The user-agent code of an order type on a client. openTable always uses the scan-order range; dine
 * uses it too when the customer came in through the scan-order entry (`opts.scanOrder`).
 */
export function userAgentCode(
  orderType: OrderType,
  platform: Platform | 'kiosk',
  opts?: { scanOrder?: boolean },
): number {
  const scanOrder = orderType === OrderType.openTable || (orderType === OrderType.dine && opts?.scanOrder === true);
  if (scanOrder) return USER_AGENT_BASE.scanOrder + THREE_CODE_OFFSET[platform];
  switch (orderType) {
    case OrderType.takeaway:
      return USER_AGENT_BASE.takeaway + SIX_CODE_OFFSET[platform];
    case OrderType.selfPickup:
      return USER_AGENT_BASE.selfPickup + SIX_CODE_OFFSET[platform];
    case OrderType.dine:
      return USER_AGENT_BASE.dine + SIX_CODE_OFFSET[platform];
    case OrderType.appointment:
      return USER_AGENT_BASE.appointment + THREE_CODE_OFFSET[platform];
    default:
      // unreachable while OrderType has five members; kept so a new member fails loudly in tests
      throw new Error(`unknown order type ${String(orderType)}`);
  }
}

/** The order type a user-agent code stands for; scan-order codes give openTable; unknown codes null. */
export function orderTypeOfUserAgent(code: number): OrderType | null {
  const range = RANGES.find((r) => code >= r.min && code <= r.max && Number.isInteger(code));
  return range ? range.orderType : null;
}

/**
 * The coupon order-type ranges of P§5 (takeaway 1–50, pickup 51–100, dine 101–200, appointment
 * 301–400). The spec names no range for the scan-order codes 201–300; they count as dine, as open
 * table does for activities (OrderTypeLimit) and in coupons/order-type.ts, so the dine range runs to 300.
 */
export const COUPON_ORDER_TYPE_RANGES: ReadonlyArray<{ orderType: OrderType; min: number; max: number }> = [
  { orderType: OrderType.takeaway, min: 1, max: 50 },
  { orderType: OrderType.selfPickup, min: 51, max: 100 },
  { orderType: OrderType.dine, min: 101, max: 300 },
  { orderType: OrderType.appointment, min: 301, max: 400 },
];

/**
 * C§5 "Browser pages cannot pay by member card": whether a user-agent code is a browser's — the h5
 * and kiosk codes of the six-code ranges, the h5 code of the three-code ranges (where a kiosk uses
 * the h5 code). No code (a request before an order type is chosen) is not a browser.
 */
export function isBrowserUserAgent(code: number | null): boolean {
  if (code === null) return false;
  const range = RANGES.find((r) => code >= r.min && code <= r.max);
  if (!range || !Number.isInteger(code)) return false;
  const offset = code - range.min;
  const sixCode = range.max - range.min === 5;
  return sixCode ? offset === SIX_CODE_OFFSET.h5 || offset === SIX_CODE_OFFSET.kiosk : offset === THREE_CODE_OFFSET.h5;
}

/** The coupon order-type range (P§5) a user-agent code falls in, or null outside every range. */
export function couponOrderTypeRange(code: number): { orderType: OrderType; min: number; max: number } | null {
  return COUPON_ORDER_TYPE_RANGES.find((r) => code >= r.min && code <= r.max) ?? null;
}

/** The client a user-agent code names (C§3); a kiosk's three-code codes are h5's. Null for unknown codes. */
export function clientOfUserAgent(code: number | null): UserAgentPlatform | null {
  if (code === null || !Number.isInteger(code)) return null;
  const range = RANGES.find((r) => code >= r.min && code <= r.max);
  if (!range) return null;
  const offset = code - range.min;
  const offsets = range.max - range.min === 5 ? SIX_CODE_OFFSET : THREE_CODE_OFFSET;
  const found = (Object.keys(offsets) as UserAgentPlatform[]).find((p) => offsets[p] === offset);
  return found ?? null;
}

/**
 * C§3 order source of an order placed by a client: appointment and open table by their type; the
 * kiosk's dine-in; the payment app's orders (koubei); the chat app's dine-in (weixin_eat_in) and its
 * other orders (weixin, which shows "in delivery" once a takeaway is accepted, C§4). A browser's
 * order names no source.
 */
export function orderSourceOf(orderType: OrderType, userAgent: number | null): OrderSource | null {
  if (orderType === OrderType.appointment) return OrderSource.appointment;
  if (orderType === OrderType.openTable) return OrderSource.openTable;
  const client = clientOfUserAgent(userAgent);
  if (client === 'kiosk') return orderType === OrderType.dine ? OrderSource.kioskDineIn : null;
  if (client === 'alipay') return OrderSource.koubei;
  if (client === 'weapp') return orderType === OrderType.dine ? OrderSource.weixinEatIn : OrderSource.weixin;
  return null;
}
