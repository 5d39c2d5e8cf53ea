import { OrderType } from '@/domain/enums';
import { ErrorCode } from '@/domain/errors';
import {
  businessHoursOfDay,
  checkBusinessHours,
  formatTimeRanges,
  isInSaleTime,
  isInTimeRange,
  isWithinBusinessHours,
  nextOpeningTime,
  parseTimeOfDay,
  shopClock,
  ShopHours,
} from '@/domain/hours';

// Shop wall-clock times at UTC+8 (the default offset). 2026-11-23 is a Monday.
const at = (local: string): number => Date.parse(`${local}+08:00`);
const MON = '2026-11-23';
const TUE = '2026-11-24';
const SAT = '2026-11-28';
const SUN = '2026-11-29';

describe('shop clock', () => {
  it('reads the weekday with Monday as 1 and Sunday as 7', () => {
    expect(shopClock(at(`${MON}T12:00:00`)).weekday).toBe(1);
    expect(shopClock(at(`${SUN}T12:00:00`)).weekday).toBe(7);
  });

  it('reads the minute of the day on the shop clock, not the machine clock', () => {
    // 12:30 at UTC+8 is 04:30 UTC
    expect(shopClock(at(`${MON}T12:30:00`), 480).minute).toBe(12 * 60 + 30);
    expect(shopClock(at(`${MON}T12:30:00`), 0).minute).toBe(4 * 60 + 30);
  });

  it('rolls the weekday back when the offset puts the instant on the previous day', () => {
    // Monday 02:00 at UTC+8 is Sunday 18:00 UTC
    expect(shopClock(at(`${MON}T02:00:00`), 0).weekday).toBe(7);
  });
});

describe('time of day', () => {
  it('parses HH:mm and HH:mm:ss', () => {
    expect(parseTimeOfDay('09:30')).toBe(570);
    expect(parseTimeOfDay('23:59:59')).toBe(1439);
  });

  it('rejects malformed times', () => {
    expect(parseTimeOfDay('25:00')).toBeNull();
    expect(parseTimeOfDay('9h')).toBeNull();
  });

  it('treats a range ending before it starts as crossing midnight', () => {
    const range = { start: '22:00', end: '02:00' };
    expect(isInTimeRange(range, 23 * 60)).toBe(true);
    expect(isInTimeRange(range, 60)).toBe(true);
    expect(isInTimeRange(range, 2 * 60)).toBe(false);
    expect(isInTimeRange(range, 3 * 60)).toBe(false);
  });
});

describe('business hours', () => {
  const dayShop: ShopHours = { businessTimeRange: [{ start: '09:00', end: '21:00' }] };

  it('defaults to 00:00-23:59 when the shop sets no hours', () => {
    expect(isWithinBusinessHours({}, at(`${MON}T00:00:00`), OrderType.takeaway)).toBe(true);
    expect(isWithinBusinessHours({ businessTimeRange: [] }, at(`${MON}T23:59:30`), OrderType.takeaway)).toBe(true);
  });

  it('opens at the start minute and stays open until the end minute', () => {
    expect(isWithinBusinessHours(dayShop, at(`${MON}T09:00:00`), OrderType.takeaway)).toBe(true);
    expect(isWithinBusinessHours(dayShop, at(`${MON}T20:59:59`), OrderType.takeaway)).toBe(true);
  });

  it('is closed before the start and from the end minute on', () => {
    expect(isWithinBusinessHours(dayShop, at(`${MON}T08:59:00`), OrderType.takeaway)).toBe(false);
    expect(isWithinBusinessHours(dayShop, at(`${MON}T21:00:00`), OrderType.takeaway)).toBe(false);
  });

  it('reads an end of 23:59 as midnight', () => {
    const late: ShopHours = { businessTimeRange: [{ start: '18:00', end: '23:59' }] };
    expect(isWithinBusinessHours(late, at(`${MON}T23:59:30`), OrderType.takeaway)).toBe(true);
    expect(isWithinBusinessHours(late, at(`${TUE}T00:00:00`), OrderType.takeaway)).toBe(false);
  });

  it('is open in any of several ranges and closed between them', () => {
    const shop: ShopHours = {
      businessTimeRange: [
        { start: '10:00', end: '14:00' },
        { start: '17:00', end: '22:00' },
      ],
    };
    expect(isWithinBusinessHours(shop, at(`${MON}T18:00:00`), OrderType.takeaway)).toBe(true);
    expect(isWithinBusinessHours(shop, at(`${MON}T15:00:00`), OrderType.takeaway)).toBe(false);
  });

  it('keeps a cross-midnight range 22:00-02:00 open on both sides of midnight', () => {
    const night: ShopHours = { businessTimeRange: [{ start: '22:00', end: '02:00' }] };
    expect(isWithinBusinessHours(night, at(`${MON}T23:30:00`), OrderType.takeaway)).toBe(true);
    expect(isWithinBusinessHours(night, at(`${TUE}T01:30:00`), OrderType.takeaway)).toBe(true);
  });

  it('closes a cross-midnight range after its end and before its start', () => {
    const night: ShopHours = { businessTimeRange: [{ start: '22:00', end: '02:00' }] };
    expect(isWithinBusinessHours(night, at(`${TUE}T03:00:00`), OrderType.takeaway)).toBe(false);
    expect(isWithinBusinessHours(night, at(`${MON}T21:59:00`), OrderType.takeaway)).toBe(false);
  });

  it('reads the hours on the shop clock given by utcOffsetMinutes', () => {
    // 10:00 at UTC+8 is 02:00 at UTC+0: open for a UTC+8 shop, closed for a UTC shop
    const instant = at(`${MON}T10:00:00`);
    expect(isWithinBusinessHours({ ...dayShop, utcOffsetMinutes: 480 }, instant)).toBe(true);
    expect(isWithinBusinessHours({ ...dayShop, utcOffsetMinutes: 0 }, instant)).toBe(false);
  });

  it('accepts a Date as the instant', () => {
    expect(isWithinBusinessHours(dayShop, new Date(at(`${MON}T10:00:00`)))).toBe(true);
    expect(isWithinBusinessHours(dayShop, new Date(at(`${MON}T08:00:00`)))).toBe(false);
  });
});

describe('scan-order hours', () => {
  const routine: ShopHours = {
    businessTimeRange: [{ start: '09:00', end: '21:00' }],
    scanOrderBusinessHours: { businessMode: 'routine', businessScanOrderHours: [{ start: '11:00', end: '14:00' }] },
  };

  it('applies the routine scan-order hours to dine-in', () => {
    expect(isWithinBusinessHours(routine, at(`${MON}T10:00:00`), OrderType.dine)).toBe(false);
    expect(isWithinBusinessHours(routine, at(`${MON}T12:00:00`), OrderType.dine)).toBe(true);
  });

  it('applies the routine scan-order hours to open table', () => {
    expect(isWithinBusinessHours(routine, at(`${MON}T15:00:00`), OrderType.openTable)).toBe(false);
  });

  it('keeps the general hours for takeaway when scan-order hours exist', () => {
    expect(isWithinBusinessHours(routine, at(`${MON}T10:00:00`), OrderType.takeaway)).toBe(true);
  });

  it('falls back to the general hours when routine scan-order hours are empty', () => {
    const shop: ShopHours = { ...routine, scanOrderBusinessHours: { businessMode: 'routine', businessScanOrderHours: [] } };
    expect(isWithinBusinessHours(shop, at(`${MON}T10:00:00`), OrderType.dine)).toBe(true);
  });

  const daily: ShopHours = {
    scanOrderBusinessHours: {
      businessMode: 'daily',
      businessDailyHours: [
        { day: 1, isOpen: true, businessHours: [{ start: '10:00', end: '14:00' }, { start: '22:00', end: '02:00' }] },
        { day: 2, isOpen: false, businessHours: [{ start: '10:00', end: '14:00' }] },
        { day: 6, isOpen: true, businessHours: [] },
      ],
    },
  };

  it('uses the hours of the current weekday in daily mode', () => {
    expect(isWithinBusinessHours(daily, at(`${MON}T12:00:00`), OrderType.dine)).toBe(true);
    expect(isWithinBusinessHours(daily, at(`${MON}T15:00:00`), OrderType.dine)).toBe(false);
  });

  it('is closed all day on a weekday marked isOpen false', () => {
    expect(isWithinBusinessHours(daily, at(`${TUE}T12:00:00`), OrderType.dine)).toBe(false);
  });

  it('is closed on a weekday the daily hours do not list', () => {
    expect(isWithinBusinessHours(daily, at(`${SUN}T12:00:00`), OrderType.dine)).toBe(false);
  });

  it('is open all day on an open weekday with no ranges', () => {
    expect(isWithinBusinessHours(daily, at(`${SAT}T03:00:00`), OrderType.dine)).toBe(true);
  });

  it('lets a Monday range crossing midnight stay open early Tuesday though Tuesday is closed', () => {
    expect(isWithinBusinessHours(daily, at(`${TUE}T01:00:00`), OrderType.dine)).toBe(true);
    expect(isWithinBusinessHours(daily, at(`${TUE}T02:00:00`), OrderType.dine)).toBe(false);
  });

  it('lists the ranges that start on the current day', () => {
    expect(formatTimeRanges(businessHoursOfDay(daily, at(`${MON}T08:00:00`), OrderType.dine))).toBe('10:00-14:00, 22:00-02:00');
  });
});

describe('next opening time', () => {
  const dayShop: ShopHours = { businessTimeRange: [{ start: '09:00', end: '21:00' }] };

  it('is later the same day when the shop has not opened yet', () => {
    expect(nextOpeningTime(dayShop, at(`${MON}T08:00:00`))).toBe(at(`${MON}T09:00:00`));
  });

  it('is the next day once today has closed', () => {
    expect(nextOpeningTime(dayShop, at(`${MON}T22:00:00`))).toBe(at(`${TUE}T09:00:00`));
  });

  it('skips closed weekdays in daily mode', () => {
    const shop: ShopHours = {
      scanOrderBusinessHours: {
        businessMode: 'daily',
        businessDailyHours: [
          { day: 1, isOpen: true, businessHours: [{ start: '10:00', end: '14:00' }] },
          { day: 2, isOpen: false, businessHours: [] },
          { day: 3, isOpen: true, businessHours: [{ start: '11:00', end: '14:00' }] },
        ],
      },
    };
    // Monday 15:00 → Tuesday closed → Wednesday 11:00
    expect(nextOpeningTime(shop, at(`${MON}T15:00:00`), OrderType.dine)).toBe(at('2026-11-25T11:00:00'));
  });

  it('is null when no weekday is open', () => {
    const shop: ShopHours = { scanOrderBusinessHours: { businessMode: 'daily', businessDailyHours: [] } };
    expect(nextOpeningTime(shop, at(`${MON}T15:00:00`), OrderType.dine)).toBeNull();
  });
});

describe('business hours check', () => {
  const shop: ShopHours = { businessTimeRange: [{ start: '09:00', end: '21:00' }] };

  it('passes inside the hours', () => {
    expect(checkBusinessHours(shop, at(`${MON}T10:00:00`), OrderType.takeaway)).toBeNull();
  });

  it('blocks ordering outside the hours with storeClosed naming the hours and the next opening', () => {
    expect(checkBusinessHours(shop, at(`${MON}T07:00:00`), OrderType.takeaway)).toEqual({
      code: ErrorCode.storeClosed,
      params: { hours: '09:00-21:00', nextOpening: '09:00' },
    });
  });
});

describe('sale time', () => {
  const lunchOnWeekdays = { weekdays: [1, 2, 3, 4, 5], timeRanges: [{ start: '11:00', end: '14:00' }] };

  it('is always on sale when no sale time is set', () => {
    expect(isInSaleTime(undefined, at(`${SUN}T03:00:00`))).toBe(true);
    expect(isInSaleTime([], at(`${SUN}T03:00:00`))).toBe(true);
  });

  it('is on sale on a listed weekday inside the time range', () => {
    expect(isInSaleTime(lunchOnWeekdays, at(`${MON}T12:00:00`))).toBe(true);
  });

  it('is off sale on a weekday not listed', () => {
    expect(isInSaleTime(lunchOnWeekdays, at(`${SAT}T12:00:00`))).toBe(false);
  });

  it('is off sale outside the time range on a listed weekday', () => {
    expect(isInSaleTime(lunchOnWeekdays, at(`${MON}T15:00:00`))).toBe(false);
  });

  it('numbers Sunday as 7', () => {
    expect(isInSaleTime({ weekdays: [7], timeRanges: [] }, at(`${SUN}T20:00:00`))).toBe(true);
    expect(isInSaleTime({ weekdays: [7], timeRanges: [] }, at(`${MON}T20:00:00`))).toBe(false);
  });

  it('treats an empty weekday list as every day', () => {
    expect(isInSaleTime({ weekdays: [], timeRanges: [{ start: '11:00', end: '14:00' }] }, at(`${SAT}T12:00:00`))).toBe(true);
  });

  it('is on sale when any of several entries matches', () => {
    const ranges = [lunchOnWeekdays, { weekdays: [6, 7], timeRanges: [{ start: '09:00', end: '20:00' }] }];
    expect(isInSaleTime(ranges, at(`${SAT}T18:00:00`))).toBe(true);
  });

  it('keeps a late-night sale window open after midnight', () => {
    const lateFriday = { weekdays: [5], timeRanges: [{ start: '22:00', end: '03:00' }] };
    expect(isInSaleTime(lateFriday, at('2026-11-28T02:00:00'))).toBe(true);
  });
});
