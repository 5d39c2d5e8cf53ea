/**
 * Activity filtering (P§4, PRICE-4): status, validity (none/fixed/week/monthDay) and time of day,
 * order-type bitmask, user type, member level (last three digits), then priority per type — only the
 * highest-priority activity of a type applies, except partial-category full reductions (all kept
 * unless their categories overlap one already chosen), coupon activities and activities without
 * priority, which always stay.
 */
import { ActivityType, OrderTypeLimit, UserLimit, ValidType } from '../enums';
import type { OrderType } from '../enums';
import type { Activity, MemberInfo } from '../types';
import type { NotAppliedReason } from '../pricing/types';
import { inTimeRange, localTime, withinDates } from '../pricing/clock';
import type { ShopZone } from '../shop-time';
import { memberLevelMatches } from '../validation';

/** Activity types whose activity is a coupon source: they are never dropped for priority. */
export const COUPON_ACTIVITY_TYPES: ReadonlySet<number> = new Set<number>([
  ActivityType.discountCoupon,
  ActivityType.expandCoupon,
  ActivityType.timesRedBag,
  ActivityType.couponSend,
  ActivityType.productCoupon,
  ActivityType.memberChargePresentCoupon,
]);

/** The OrderTypeLimit bit of an order type (open table counts as dine). */
export function orderTypeBit(orderType: OrderType): number {
  switch (orderType) {
    case 'takeaway':
      return OrderTypeLimit.takeaway;
    case 'selfPickup':
      return OrderTypeLimit.pick;
    case 'dine':
    case 'openTable':
      return OrderTypeLimit.dine;
    case 'appointment':
      return OrderTypeLimit.appointment;
    default:
      return 0;
  }
}

/** P§5 member level match: the last three digits of the level (the one rule: validation.ts memberLevelMatches). */
export function levelMatches(level: number | string | undefined, allowed: Array<number | string> | undefined): boolean {
  return memberLevelMatches(allowed, level);
}

/** The user-type bitmask check: 1 normal (not a member), 2 member; 0/absent = everyone. */
export function userTypeMatches(userType: number | undefined, isMember: boolean): boolean {
  if (!userType) return true;
  return (userType & (isMember ? UserLimit.member : UserLimit.normal)) !== 0;
}

export interface FilterContext {
  now: number;
  zone: ShopZone;
  orderType: OrderType;
  member: MemberInfo | null;
}

/** Why one activity cannot run now for this customer, or true. */
export function activityEligible(a: Activity, ctx: FilterContext): true | NotAppliedReason {
  if (a.status !== undefined && a.status !== null && a.status !== 1) return 'disabled';
  const vt = a.validType ?? ValidType.none;
  if (vt !== ValidType.none && !withinDates(ctx.now, a.startDate, a.endDate, ctx.zone)) return 'outOfDate';
  const lt = localTime(ctx.now, ctx.zone);
  const mode = a.time?.mode ?? (vt === ValidType.week ? 'week' : vt === ValidType.monthDay ? 'monthDay' : 'none');
  const days = a.time?.days ?? [];
  if (mode === 'week' && days.length > 0 && !days.includes(lt.weekday)) return 'outOfTime';
  if (mode === 'monthDay' && days.length > 0 && !days.includes(lt.monthDay)) return 'outOfTime';
  const ranges = a.time?.timeRanges ?? [];
  if (ranges.length > 0 && !ranges.some((r) => inTimeRange(lt.minutes, r))) return 'outOfTime';
  if (a.orderType && (a.orderType & orderTypeBit(ctx.orderType)) === 0) return 'wrongOrderType';
  if (!userTypeMatches(a.userType, ctx.member !== null)) return 'wrongUserType';
  if (a.memberLevel && a.memberLevel.length > 0 && !levelMatches(ctx.member?.level, a.memberLevel)) return 'wrongMemberLevel';
  return true;
}

const hasPriority = (a: Activity): boolean => a.priority !== undefined && a.priority !== null;
const categoriesOf = (a: Activity): number[] => a.typeIds ?? [];

/**
 * Filter activities. Returns those kept (in a stable order: type, then priority high→low, then id)
 * and the reason each other one was dropped.
 */
export function filterActivities(
  activities: readonly Activity[],
  ctx: FilterContext,
): { kept: Activity[]; dropped: Array<{ activity: Activity; reason: NotAppliedReason }> } {
  const dropped: Array<{ activity: Activity; reason: NotAppliedReason }> = [];
  const eligible: Activity[] = [];
  for (const a of activities) {
    const ok = activityEligible(a, ctx);
    if (ok === true) eligible.push(a);
    else dropped.push({ activity: a, reason: ok });
  }
  eligible.sort(
    (x, y) => x.type - y.type || (y.priority ?? -Infinity) - (x.priority ?? -Infinity) || x.id - y.id,
  );
  const kept: Activity[] = [];
  const chosenByType = new Map<number, Activity[]>();
  for (const a of eligible) {
    if (!hasPriority(a) || a.isCouponActivity || COUPON_ACTIVITY_TYPES.has(a.type)) {
      kept.push(a);
      continue;
    }
    const chosen = chosenByType.get(a.type) ?? [];
    if (chosen.length === 0) {
      chosen.push(a);
      chosenByType.set(a.type, chosen);
      kept.push(a);
      continue;
    }
    if (a.type === ActivityType.someTypeFullReduction) {
      // P§4 exception: partial-category full reductions are all kept unless their categories overlap.
      const mine = categoriesOf(a);
      const overlap = chosen.some((c) => {
        const theirs = categoriesOf(c);
        return mine.length === 0 || theirs.length === 0 || mine.some((t) => theirs.includes(t));
      });
      if (overlap) dropped.push({ activity: a, reason: 'categoryOverlap' });
      else {
        chosen.push(a);
        kept.push(a);
      }
      continue;
    }
    dropped.push({ activity: a, reason: 'lowerPriority' });
  }
  return { kept, dropped };
}
