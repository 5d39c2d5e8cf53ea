/**
 * The shop clock across daylight-saving changes (TIME-1): Europe/Paris on 2027-03-28 (01:59 CET → 03:00
 * CEST at 01:00 UTC) and 2027-10-31 (02:59 CEST → 02:00 CET at 01:00 UTC), Australia/Sydney on
 * 2027-04-04 (03:00 AEDT → 02:00 AEST at 2027-04-03 16:00 UTC) and 2027-10-03 (02:00 AEST → 03:00
 * AEDT at 2027-10-02 16:00 UTC). Every expected instant is worked out by hand from those offsets
 * (wall time − offset = UTC) and written as the UTC wall time it is.
 */
import { OrderType } from '../../src/domain/enums';
import { checkBusinessHours, isInSaleTime, isWithinBusinessHours, nextOpeningTime } from '../../src/domain/hours';
import { appointmentDays, appointmentTimesOfDay, checkAppointmentTime, dayKey } from '../../src/domain/beauty';
import { couponValidAt } from '../../src/domain/coupons/validity';
import { couponValidity } from '../../src/domain/coupons/conditions';
import { shopDate, shopDayBounds } from '../../src/domain/day-summary';
import { formatShopDateTime } from '../../src/domain/formats';
import { filterActivities } from '../../src/domain/promotions/filter';
import { addShopDays, dayBounds, instantOf, instantsAt, offsetAt, shopZone, wallOf } from '../../src/domain/shop-time';
import { checkOrderTime, offeredTimes } from '../../src/domain/order-times';
import type { Coupon } from '../../src/domain/types';
import { activity } from '../support/pricing-factories';
import { PARIS, SYDNEY, utc } from '../support/zones';

const H = 3_600_000;
const wall = (at: number, zone = PARIS) => {
  const w = wallOf(at, zone);
  return `${w.date} ${String(w.hour).padStart(2, '0')}:${String(w.minute % 60).padStart(2, '0')}`;
};

describe('wall time and instants at the changes', () => {
  it('Paris spring: 00:59 UTC reads 01:59 CET, 01:00 UTC reads 03:00 CEST', () => {
    expect(wall(utc(2027, 3, 28, 0, 59))).toBe('2027-03-28 01:59');
    expect(wall(utc(2027, 3, 28, 1, 0))).toBe('2027-03-28 03:00');
    expect(offsetAt(PARIS, utc(2027, 3, 28, 0, 59, 59))).toBe(60);
    expect(offsetAt(PARIS, utc(2027, 3, 28, 1))).toBe(120);
  });

  it('Paris autumn: 00:59 UTC reads 02:59 CEST, 01:00 UTC reads 02:00 CET again', () => {
    expect(wall(utc(2027, 10, 31, 0, 59))).toBe('2027-10-31 02:59');
    expect(wall(utc(2027, 10, 31, 1, 0))).toBe('2027-10-31 02:00');
  });

  it('a skipped wall time has no instant; instantOf gives the jump (02:30 → 01:00 UTC, the clock reading 03:00)', () => {
    const day = { year: 2027, month: 3, day: 28 };
    expect(instantsAt(PARIS, day, 2 * 60 + 30)).toEqual([]);
    expect(instantOf(PARIS, day, 2 * 60 + 30)).toBe(utc(2027, 3, 28, 1));
    // 01:59 CET and 03:00 CEST exist once
    expect(instantsAt(PARIS, day, 119)).toEqual([utc(2027, 3, 28, 0, 59)]);
    expect(instantsAt(PARIS, day, 180)).toEqual([utc(2027, 3, 28, 1)]);
  });

  it('a repeated wall time has two instants; instantOf gives the earlier', () => {
    const day = { year: 2027, month: 10, day: 31 };
    // 02:30 CEST = 00:30 UTC, 02:30 CET = 01:30 UTC
    expect(instantsAt(PARIS, day, 150)).toEqual([utc(2027, 10, 31, 0, 30), utc(2027, 10, 31, 1, 30)]);
    expect(instantOf(PARIS, day, 150)).toBe(utc(2027, 10, 31, 0, 30));
  });

  it('the change days last 23 and 25 hours', () => {
    const spring = dayBounds(PARIS, { year: 2027, month: 3, day: 28 });
    // 00:00 CET = 03-27 23:00 UTC; next midnight 00:00 CEST = 03-28 22:00 UTC
    expect(spring).toEqual({ start: utc(2027, 3, 27, 23), end: utc(2027, 3, 28, 22) });
    expect(spring.end - spring.start).toBe(23 * H);
    const autumn = dayBounds(PARIS, { year: 2027, month: 10, day: 31 });
    // 00:00 CEST = 10-30 22:00 UTC; next midnight 00:00 CET = 10-31 23:00 UTC
    expect(autumn).toEqual({ start: utc(2027, 10, 30, 22), end: utc(2027, 10, 31, 23) });
    expect(autumn.end - autumn.start).toBe(25 * H);
  });

  it('Sydney (southern hemisphere): April repeats 02:00–02:59, October skips 02:00–02:59', () => {
    const april = { year: 2027, month: 4, day: 4 };
    // 02:30 AEDT = 04-03 15:30 UTC, 02:30 AEST = 04-03 16:30 UTC
    expect(instantsAt(SYDNEY, april, 150)).toEqual([utc(2027, 4, 3, 15, 30), utc(2027, 4, 3, 16, 30)]);
    const october = { year: 2027, month: 10, day: 3 };
    expect(instantsAt(SYDNEY, october, 150)).toEqual([]);
    expect(wall(utc(2027, 10, 2, 15, 59), SYDNEY)).toBe('2027-10-03 01:59');
    expect(wall(utc(2027, 10, 2, 16), SYDNEY)).toBe('2027-10-03 03:00');
    expect(dayBounds(SYDNEY, october).end - dayBounds(SYDNEY, october).start).toBe(23 * H);
  });

  it('a shop without a zone keeps its fixed offset; with one, its table wins', () => {
    expect(shopZone({ utcOffsetMinutes: 330 })).toBe(330);
    expect(shopZone({})).toBe(480);
    expect(shopZone({ utcOffsetMinutes: 60, timeZoneOffsets: PARIS })).toBe(PARIS);
  });

  it('"N days after receipt" ends at the same wall time N days later (23 h across the spring change)', () => {
    // received Saturday 2027-03-27 12:00 CET = 11:00 UTC; one day later 2027-03-28 12:00 CEST = 10:00 UTC
    expect(addShopDays(utc(2027, 3, 27, 11), 1, PARIS)).toBe(utc(2027, 3, 28, 10));
    // across the autumn change: 2027-10-30 12:00 CEST = 10:00 UTC → 2027-10-31 12:00 CET = 11:00 UTC
    expect(addShopDays(utc(2027, 10, 30, 10), 1, PARIS)).toBe(utc(2027, 10, 31, 11));
  });
});

/** The Paris demo shop's hours: 09:00–22:00 every day. */
const paris = { timeZoneOffsets: PARIS, utcOffsetMinutes: 60, businessTimeRange: [{ start: '09:00', end: '22:00' }] };

describe('business hours on the shop clock (SHOP-2)', () => {
  it('opens at 09:00 wall time in winter (08:00 UTC) and in summer (07:00 UTC)', () => {
    // Saturday 2027-03-27, CET
    expect(isWithinBusinessHours(paris, utc(2027, 3, 27, 7, 59))).toBe(false);
    expect(isWithinBusinessHours(paris, utc(2027, 3, 27, 8, 0))).toBe(true);
    // Sunday 2027-03-28, CEST from 01:00 UTC
    expect(isWithinBusinessHours(paris, utc(2027, 3, 28, 6, 59))).toBe(false);
    expect(isWithinBusinessHours(paris, utc(2027, 3, 28, 7, 0))).toBe(true);
    // closes at 22:00 CEST = 20:00 UTC
    expect(isWithinBusinessHours(paris, utc(2027, 3, 28, 19, 59))).toBe(true);
    expect(isWithinBusinessHours(paris, utc(2027, 3, 28, 20, 0))).toBe(false);
    // autumn: Sunday 2027-10-31 09:00 CET = 08:00 UTC
    expect(isWithinBusinessHours(paris, utc(2027, 10, 31, 7, 59))).toBe(false);
    expect(isWithinBusinessHours(paris, utc(2027, 10, 31, 8, 0))).toBe(true);
  });

  it('closed before opening answers storeClosed with the next opening on the wall clock', () => {
    expect(checkBusinessHours(paris, utc(2027, 3, 28, 6, 59), OrderType.selfPickup)).toEqual({
      code: 'storeClosed',
      params: { hours: '09:00-22:00', nextOpening: '09:00' },
    });
    expect(nextOpeningTime(paris, utc(2027, 3, 28, 6, 59))).toBe(utc(2027, 3, 28, 7));
    // from Saturday night (CET) the next opening is Sunday 09:00 CEST: 07:00 UTC, 10 h 1 min later, not 11
    expect(nextOpeningTime(paris, utc(2027, 3, 27, 20, 59))).toBe(utc(2027, 3, 28, 7));
  });

  it('an opening at 02:30 on the spring day opens when the clock jumps to 03:00', () => {
    const night = { timeZoneOffsets: PARIS, businessTimeRange: [{ start: '02:30', end: '05:00' }] };
    expect(isWithinBusinessHours(night, utc(2027, 3, 28, 0, 59))).toBe(false); // 01:59 CET
    expect(isWithinBusinessHours(night, utc(2027, 3, 28, 1, 0))).toBe(true); // 03:00 CEST
    expect(nextOpeningTime(night, utc(2027, 3, 28, 0, 0))).toBe(utc(2027, 3, 28, 1, 0));
    // autumn: 02:30 happens twice, the shop is open through both (00:30 UTC and 01:30 UTC)
    expect(isWithinBusinessHours(night, utc(2027, 10, 31, 0, 29))).toBe(false);
    expect(isWithinBusinessHours(night, utc(2027, 10, 31, 0, 30))).toBe(true);
    expect(isWithinBusinessHours(night, utc(2027, 10, 31, 1, 30))).toBe(true);
  });

  it('a cross-midnight window spanning the change (Saturday 22:00–04:00) reads wall time on both days', () => {
    const late = { timeZoneOffsets: PARIS, businessTimeRange: [{ start: '22:00', end: '04:00' }] };
    // spring: 03:59 CEST = 01:59 UTC open, 04:00 CEST = 02:00 UTC closed (5 h of service)
    expect(isWithinBusinessHours(late, utc(2027, 3, 28, 1, 59))).toBe(true);
    expect(isWithinBusinessHours(late, utc(2027, 3, 28, 2, 0))).toBe(false);
    // autumn: 03:59 CET = 02:59 UTC open, 04:00 CET = 03:00 UTC closed (7 h of service)
    expect(isWithinBusinessHours(late, utc(2027, 10, 31, 2, 59))).toBe(true);
    expect(isWithinBusinessHours(late, utc(2027, 10, 31, 3, 0))).toBe(false);
    // Saturday 22:00 CET = 21:00 UTC opens it
    expect(isWithinBusinessHours(late, utc(2027, 3, 27, 20, 59))).toBe(false);
    expect(isWithinBusinessHours(late, utc(2027, 3, 27, 21, 0))).toBe(true);
  });

  it('Sydney: 09:00 AEDT (22:00 UTC the day before) and 09:00 AEST (23:00 UTC) after the April change', () => {
    const sydney = { timeZoneOffsets: SYDNEY, businessTimeRange: [{ start: '09:00', end: '22:00' }] };
    // Saturday 2027-04-03 09:00 AEDT = 04-02 22:00 UTC
    expect(isWithinBusinessHours(sydney, utc(2027, 4, 2, 21, 59))).toBe(false);
    expect(isWithinBusinessHours(sydney, utc(2027, 4, 2, 22, 0))).toBe(true);
    // Sunday 2027-04-04 09:00 AEST = 04-03 23:00 UTC
    expect(isWithinBusinessHours(sydney, utc(2027, 4, 3, 22, 59))).toBe(false);
    expect(isWithinBusinessHours(sydney, utc(2027, 4, 3, 23, 0))).toBe(true);
  });

  it('pickup times offered on the spring day are the wall half hours, at least 30 minutes ahead', () => {
    // Sunday 08:10 CEST = 06:10 UTC; the shop opens 09:00; first offered 09:00 = 07:00 UTC
    const times = offeredTimes({ ...paris, allowPickupAppointment: true }, OrderType.selfPickup, utc(2027, 3, 28, 6, 10), 3);
    expect(times).toEqual([utc(2027, 3, 28, 7), utc(2027, 3, 28, 7, 30), utc(2027, 3, 28, 8)]);
    // the day ends at midnight CEST (22:00 UTC): a time after it is refused
    expect(checkOrderTime(paris, OrderType.selfPickup, utc(2027, 3, 28, 22), utc(2027, 3, 28, 6, 10))).toEqual({ code: 'orderTimeUnavailable' });
  });
});

describe('sale times (MENU-1) and activities (P§4) on the change day', () => {
  const lunch = { weekdays: [7], timeRanges: [{ start: '11:00', end: '14:00' }] };

  it('a Sunday 11:00–14:00 category is on sale from 11:00 CEST (09:00 UTC) on the spring Sunday', () => {
    expect(isInSaleTime(lunch, utc(2027, 3, 28, 8, 59), PARIS)).toBe(false);
    expect(isInSaleTime(lunch, utc(2027, 3, 28, 9, 0), PARIS)).toBe(true);
    expect(isInSaleTime(lunch, utc(2027, 3, 28, 11, 59), PARIS)).toBe(true);
    expect(isInSaleTime(lunch, utc(2027, 3, 28, 12, 0), PARIS)).toBe(false);
    // on the autumn Sunday 11:00 CET = 10:00 UTC
    expect(isInSaleTime(lunch, utc(2027, 10, 31, 9, 59), PARIS)).toBe(false);
    expect(isInSaleTime(lunch, utc(2027, 10, 31, 10, 0), PARIS)).toBe(true);
  });

  const ctx = (now: number) => ({ now, zone: PARIS, orderType: OrderType.selfPickup, member: null });
  const runs = (a: ReturnType<typeof activity>, now: number) => filterActivities([a], ctx(now)).kept.length === 1;

  it('a "week" activity for Sundays runs the whole 23-hour spring Sunday and the 25-hour autumn one', () => {
    const sundays = activity({ type: 1, validType: 3, time: { mode: 'week', days: [7] } });
    // spring Sunday: 00:00 CET = 03-27 23:00 UTC … 23:59 CEST = 03-28 21:59 UTC
    expect(runs(sundays, utc(2027, 3, 27, 22, 59))).toBe(false);
    expect(runs(sundays, utc(2027, 3, 27, 23, 0))).toBe(true);
    expect(runs(sundays, utc(2027, 3, 28, 21, 59))).toBe(true);
    expect(runs(sundays, utc(2027, 3, 28, 22, 0))).toBe(false);
    // autumn Sunday: 00:00 CEST = 10-30 22:00 UTC … 23:59 CET = 10-31 22:59 UTC
    expect(runs(sundays, utc(2027, 10, 30, 22, 0))).toBe(true);
    expect(runs(sundays, utc(2027, 10, 31, 22, 59))).toBe(true);
    expect(runs(sundays, utc(2027, 10, 31, 23, 0))).toBe(false);
  });

  it('a "monthDay" activity for the 31st ends at midnight CET (23:00 UTC)', () => {
    const the31st = activity({ type: 1, validType: 4, time: { mode: 'monthDay', days: [31] } });
    expect(runs(the31st, utc(2027, 10, 31, 22, 59))).toBe(true);
    expect(runs(the31st, utc(2027, 10, 31, 23, 0))).toBe(false);
  });
});

describe('coupon validity on its last day', () => {
  const coupon = (over: Partial<Coupon>): Coupon => ({ id: 1, activityID: 2, name: 'c', type: 14, status: 1, reductionAmount: 10, ...over });

  it('an end date of the autumn Sunday covers its 25 hours: valid to 22:59:59 UTC, not at 23:00', () => {
    const c = coupon({ startDate: '2027-10-01', endDate: '2027-10-31' });
    expect(couponValidAt(c, utc(2027, 10, 31, 22, 59, 59), PARIS)).toBe(true);
    expect(couponValidAt(c, utc(2027, 10, 31, 23, 0), PARIS)).toBe(false);
  });

  it('an end date of the spring Sunday ends at midnight CEST (22:00 UTC)', () => {
    const c = coupon({ startDate: '2027-03-01', endDate: '2027-03-28' });
    expect(couponValidAt(c, utc(2027, 3, 28, 21, 59, 59), PARIS)).toBe(true);
    expect(couponValidAt(c, utc(2027, 3, 28, 22, 0), PARIS)).toBe(false);
  });

  it('one day after receipt on the spring Saturday ends Sunday at the same wall time (23 hours)', () => {
    // received 2027-03-27 12:00 CET = 11:00 UTC; ends 2027-03-28 12:00 CEST = 10:00 UTC
    const c = coupon({ validDays: 1, receiveTime: '2027-03-27 12:00' });
    expect(couponValidAt(c, utc(2027, 3, 28, 9, 59), PARIS)).toBe(true);
    expect(couponValidAt(c, utc(2027, 3, 28, 10, 0), PARIS)).toBe(false);
    expect(couponValidity(c, PARIS)).toEqual({ key: 'validDates', start: '2027-03-27', end: '2027-03-28' });
  });
});

describe('appointment slots of the change days (ORDER-5)', () => {
  const w = (now: number, zone = PARIS) => ({ now, zone, limitDays: 3, hours: [{ start: '01:00', end: '04:00' }], slotMinutes: 30, durationMinutes: 30 });
  const clocks = (list: number[], zone = PARIS) => list.map((t) => wall(t, zone).slice(11));

  it('the spring day offers no slot in the skipped hour: 01:00, 01:30, 03:00, 03:30', () => {
    const now = utc(2027, 3, 27, 12);
    const days = appointmentDays(now, 3, PARIS);
    // Saturday 00:00 CET, Sunday 00:00 CET, Monday 00:00 CEST
    expect(days).toEqual([utc(2027, 3, 26, 23), utc(2027, 3, 27, 23), utc(2027, 3, 28, 22)]);
    expect(days.map((d) => dayKey(d, PARIS))).toEqual(['2027-03-27', '2027-03-28', '2027-03-29']);
    const slots = appointmentTimesOfDay(days[1], w(now));
    expect(clocks(slots)).toEqual(['01:00', '01:30', '03:00', '03:30']);
    expect(slots).toEqual([utc(2027, 3, 28, 0), utc(2027, 3, 28, 0, 30), utc(2027, 3, 28, 1), utc(2027, 3, 28, 1, 30)]);
  });

  it('the autumn day offers each wall slot once, the repeated ones at their first instant', () => {
    const now = utc(2027, 10, 30, 12);
    const sunday = appointmentDays(now, 3, PARIS)[1];
    expect(sunday).toBe(utc(2027, 10, 30, 22));
    const slots = appointmentTimesOfDay(sunday, w(now));
    expect(clocks(slots)).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);
    // 01:00 CEST = 23:00 UTC the day before; 02:00 CEST = 00:00 UTC; 03:00 CET = 02:00 UTC
    expect(slots).toEqual([
      utc(2027, 10, 30, 23),
      utc(2027, 10, 30, 23, 30),
      utc(2027, 10, 31, 0),
      utc(2027, 10, 31, 0, 30),
      utc(2027, 10, 31, 2),
      utc(2027, 10, 31, 2, 30),
    ]);
    // the second 02:00 (01:00 UTC) is no slot the shop offers
    expect(checkAppointmentTime(utc(2027, 10, 31, 1), w(now))).toEqual({ code: 'appointmentTimeInvalid' });
    expect(checkAppointmentTime(utc(2027, 10, 31, 0), w(now))).toBeNull();
  });
});

describe("the day summary's day and dates shown", () => {
  it('the autumn Sunday spans 25 hours and the spring one 23', () => {
    expect(shopDayBounds('2027-10-31', PARIS)).toEqual({ start: utc(2027, 10, 30, 22), end: utc(2027, 10, 31, 23) });
    expect(shopDayBounds('2027-03-28', PARIS)).toEqual({ start: utc(2027, 3, 27, 23), end: utc(2027, 3, 28, 22) });
    expect(shopDayBounds('2027-02-30', PARIS)).toBeNull();
    // 23:30 UTC on the 31st is already 1 November in Paris (CET)
    expect(shopDate(utc(2027, 10, 31, 23, 30), PARIS)).toBe('2027-11-01');
    expect(shopDate(utc(2027, 10, 31, 22, 30), PARIS)).toBe('2027-10-31');
  });

  it('an order placed in the repeated hour shows its wall time', () => {
    expect(formatShopDateTime(utc(2027, 10, 31, 0, 15), PARIS, 'fr')).toBe('31/10/2027 02:15');
    expect(formatShopDateTime(utc(2027, 10, 31, 1, 15), PARIS, 'fr')).toBe('31/10/2027 02:15');
  });
});
