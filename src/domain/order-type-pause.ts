/**
 * Pausing an order type (CONSOLE-5, docs/decisions.md "Pausing an order type (CONSOLE-5)"): a busy
 * shop stops taking one order type — takeaway, self pickup or dine-in — for some minutes, with a
 * reason the customer reads. A pause is data: the shop's pauses, the instant now and an order type
 * say whether that type is paused, until when and why. The menu shows it as a banner, the app and
 * the server refuse an order of that type with the same message, and the pause ends by itself when
 * its `until` has passed (nothing has to run to lift it). Time is passed in (§20).
 */
import { Industry, OrderType } from './enums';
import { ErrorCode, ruleError, type RuleError } from './errors';
import { DEFAULT_UTC_OFFSET_MINUTES, formatTimeOfDay, shopClock, type Instant } from './hours';
import type { ShopZone } from './shop-time';

/** The order types a shop may pause, in the order the console and the banners list them. */
export const PAUSABLE_ORDER_TYPES = [OrderType.takeaway, OrderType.selfPickup, OrderType.dine] as const;
export type PausableOrderType = (typeof PAUSABLE_ORDER_TYPES)[number];

/** The bounds of a pause: 1 minute to 12 hours, a reason of 1 to 60 characters. */
export const PAUSE_LIMITS = { minMinutes: 1, maxMinutes: 720, reasonMax: 60 } as const;

/** One pause of a shop: `orderType` takes no new order before `until` (epoch ms). */
export interface OrderTypePause {
  orderType: string;
  until: number;
  reason: string;
}

const MINUTE_MS = 60_000;

/**
 * The order types a shop takes and so may pause (the menu's order-type switch offers the same): takeaway
 * always, self pickup unless switched off, dine-in with scan ordering or allowDineIn; none for a beauty
 * shop (it takes appointments).
 */
export function pausableOrderTypesOf(shop: { industry?: number; selfCollection?: boolean; openScanSwitch?: boolean; allowDineIn?: boolean }): PausableOrderType[] {
  if (shop.industry === Industry.beauty) return [];
  const out: PausableOrderType[] = [OrderType.takeaway];
  if (shop.selfCollection !== false) out.push(OrderType.selfPickup);
  if (shop.openScanSwitch || shop.allowDineIn) out.push(OrderType.dine);
  return out;
}

export function isPausableOrderType(type: unknown): type is PausableOrderType {
  return (PAUSABLE_ORDER_TYPES as readonly unknown[]).includes(type);
}

/** The instant a pause of `minutes` started at `now` ends. */
export function pauseEnd(now: Instant, minutes: number): number {
  return now.valueOf() + minutes * MINUTE_MS;
}

/** The pauses still running at `now` (until after now), one per order type, in PAUSABLE_ORDER_TYPES order. */
export function activePauses<P extends OrderTypePause>(pauses: readonly P[], now: Instant): P[] {
  const t = now.valueOf();
  const out: P[] = [];
  for (const type of PAUSABLE_ORDER_TYPES) {
    // two rows of one type cannot happen (one per shop and type); the later end wins if they do
    let best: P | null = null;
    for (const p of pauses) if (p.orderType === type && p.until > t && (!best || p.until > best.until)) best = p;
    if (best) out.push(best);
  }
  return out;
}

/** The pause that stops an order of `orderType` at `now`, or null. An open-table settlement is never paused. */
export function activePause<P extends OrderTypePause>(pauses: readonly P[], orderType: string | null, now: Instant): P | null {
  if (!isPausableOrderType(orderType)) return null;
  return activePauses(pauses, now).find((p) => p.orderType === orderType) ?? null;
}

/** The message code of a paused order type. */
export function pauseMessageCode(orderType: PausableOrderType): ErrorCode {
  switch (orderType) {
    case OrderType.takeaway:
      return ErrorCode.takeawayPaused;
    case OrderType.selfPickup:
      return ErrorCode.selfPickupPaused;
    default:
      return ErrorCode.dinePaused;
  }
}

/** When a pause ends, 'HH:mm' on the shop's wall clock. */
export function pauseUntilText(until: number, zone: ShopZone = DEFAULT_UTC_OFFSET_MINUTES): string {
  return formatTimeOfDay(shopClock(until, zone).minute);
}

/** A pause as its message: "<type> is paused until HH:mm — <reason>". */
export function pauseError(pause: OrderTypePause & { orderType: PausableOrderType }, zone?: ShopZone): RuleError {
  return ruleError(pauseMessageCode(pause.orderType), { until: pauseUntilText(pause.until, zone), reason: pause.reason });
}

/**
 * CONSOLE-5: an order of `orderType` at `now` is refused while the shop has paused that type; the
 * message says until when (the shop's clock) and why. Null when the type is open.
 */
export function checkOrderTypePause(
  pauses: readonly OrderTypePause[],
  orderType: string | null,
  now: Instant,
  zone: ShopZone = DEFAULT_UTC_OFFSET_MINUTES,
): RuleError | null {
  const p = activePause(pauses, orderType, now);
  return p ? pauseError({ ...p, orderType: p.orderType as PausableOrderType }, zone) : null;
}

/** The banners of the menu: every running pause as its message, in PAUSABLE_ORDER_TYPES order. */
export function pauseNotices(pauses: readonly OrderTypePause[], now: Instant, zone?: ShopZone): Array<{ orderType: PausableOrderType; error: RuleError }> {
  return activePauses(pauses, now).map((p) => {
    const orderType = p.orderType as PausableOrderType;
    return { orderType, error: pauseError({ ...p, orderType }, zone) };
  });
}

/** The next instant a running pause ends (the app re-checks then), or null when none runs. */
export function nextPauseEnd(pauses: readonly OrderTypePause[], now: Instant): number | null {
  const ends = activePauses(pauses, now).map((p) => p.until);
  return ends.length > 0 ? Math.min(...ends) : null;
}
