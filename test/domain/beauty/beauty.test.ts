/** Appointment rules (ORDER-5, C§3 depositSet, C§5): deposit figures, pay types, slots and times. */
import {
  appointmentDays,
  appointmentPayTypes,
  appointmentTimesOfDay,
  checkAppointmentTime,
  dayKey,
  depositOf,
  overlapsBooked,
  restDue,
  serviceDurationOf,
  slotStartsOf,
} from '../../../src/domain/beauty';
import { PayType } from '../../../src/domain/enums';

/** Monday 2026-11-23 12:00 at UTC+8. */
const NOW = Date.UTC(2026, 10, 23, 4, 0);
const at = (d: number, h: number, m = 0) => Date.UTC(2026, 10, d, h - 8, m);
const hours = [{ start: '10:00', end: '22:00' }];
const window = { now: NOW, limitDays: 14, hours, utcOffsetMinutes: 480, slotMinutes: 30, durationMinutes: 90 };

describe('depositOf (C§3 depositSet)', () => {
  test.each([
    // payMode 1: 298 × 30 % = 89.40; rest 298 − 89.40 = 208.60
    [298, { allowDeposit: true, payMode: 1 as const, rate: 30 }, 2, { deposit: 89.4, rest: 208.6 }],
    // 99.99 × 33 % = 32.9967 → 33.00 (half-up at 2 places); rest 66.99
    [99.99, { allowDeposit: true, payMode: 1 as const, rate: 33 }, 2, { deposit: 33, rest: 66.99 }],
    // 0 decimals: 158 × 30 % = 47.4 → 47; rest 111
    [158, { allowDeposit: true, payMode: 1 as const, rate: 30 }, 0, { deposit: 47, rest: 111 }],
    // payMode 2: a fixed 50 of 298; rest 248
    [298, { allowDeposit: true, payMode: 2 as const, amount: 50 }, 2, { deposit: 50, rest: 248 }],
    // payMode 2 capped at the total: min(500, 298) = 298; rest 0
    [298, { allowDeposit: true, payMode: 2 as const, amount: 500 }, 2, { deposit: 298, rest: 0 }],
    // payMode 2 with cents: 0.1 + 0.2 style sums stay exact: 88.3 − 20.1 = 68.2
    [88.3, { allowDeposit: true, payMode: 2 as const, amount: 20.1 }, 2, { deposit: 20.1, rest: 68.2 }],
  ])('%s with %j at %s places → %j', (total, rule, decimals, expected) => {
    expect(depositOf(total, rule, decimals)).toEqual(expected);
  });

  test('no deposit when the shop takes none, when it asks 0, or for a total of 0', () => {
    expect(depositOf(298, { allowDeposit: false, payMode: 1, rate: 30 })).toBeNull();
    expect(depositOf(298, { allowDeposit: true, payMode: 1, rate: 0 })).toBeNull();
    expect(depositOf(0, { allowDeposit: true, payMode: 2, amount: 50 })).toBeNull();
    expect(depositOf(298, null)).toBeNull();
  });
});

test('restDue: what is left for the shop after the deposit', () => {
  // 298 − 89.40 = 208.60; a fully paid order leaves 0, never a negative figure
  expect(restDue(298, 89.4)).toBe(208.6);
  expect(restDue(298, 298)).toBe(0);
  expect(restDue(298, 300)).toBe(0);
});

describe('appointmentPayTypes (C§3 set)', () => {
  test('drops the kinds the set switches off and keeps the providers it does not name', () => {
    const offered = [PayType.cash, PayType.vip, PayType.weixin, PayType.alipay, PayType.allinpay, PayType.stripe];
    expect(appointmentPayTypes(offered, { CashPay: false, WeiXinPay: true, AliPay: false, VipPay: true })).toEqual([
      PayType.vip,
      PayType.weixin,
      PayType.allinpay,
      PayType.stripe,
    ]);
    expect(appointmentPayTypes(offered, null)).toEqual(offered);
  });
});

describe('slots and durations', () => {
  test('the duration is the sum of serviceTime × quantity, at least one slot', () => {
    // 90 + 2 × 40 = 170
    expect(serviceDurationOf([{ serviceTime: 90, quantity: 1 }, { serviceTime: 40, quantity: 2 }], 30)).toBe(170);
    expect(serviceDurationOf([{ quantity: 1 }], 30)).toBe(30);
  });

  test('a 75-minute service from 10:00 holds the 10:00, 10:30 and 11:00 slots', () => {
    expect(slotStartsOf(at(24, 10), 75, 30)).toEqual([at(24, 10), at(24, 10, 30), at(24, 11)]);
  });

  test('overlap with booked ranges is half-open', () => {
    const booked = [{ start: at(24, 14), end: at(24, 15, 30) }];
    expect(overlapsBooked(at(24, 13), 60, booked)).toBe(false);
    expect(overlapsBooked(at(24, 13), 90, booked)).toBe(true);
    expect(overlapsBooked(at(24, 15, 30), 30, booked)).toBe(false);
  });
});

describe('appointment days and times (C§3 appointmentTimeLimit, the shop hours)', () => {
  test('14 days from today', () => {
    const days = appointmentDays(NOW, 14, 480);
    expect(days).toHaveLength(14);
    expect(dayKey(days[0], 480)).toBe('2026-11-23');
    expect(dayKey(days[13], 480)).toBe('2026-12-06');
  });

  test('today offers the half hours after now whose 90-minute service ends by 22:00', () => {
    const times = appointmentTimesOfDay(appointmentDays(NOW, 14, 480)[0], window);
    // 12:30 … 20:30: (20:30 − 12:30) / 30 min + 1 = 17 times
    expect(times[0]).toBe(at(23, 12, 30));
    expect(times[times.length - 1]).toBe(at(23, 20, 30));
    expect(times).toHaveLength(17);
  });

  test('checkAppointmentTime refuses the past, beyond the limit, outside hours and off-slot times', () => {
    expect(checkAppointmentTime(at(24, 14), window)).toBeNull();
    expect(checkAppointmentTime(at(23, 11), window)?.code).toBe('appointmentTimeInvalid');
    expect(checkAppointmentTime(Date.UTC(2026, 11, 7, 6), window)?.code).toBe('appointmentTimeInvalid');
    expect(checkAppointmentTime(at(24, 21), window)?.code).toBe('appointmentTimeInvalid');
    expect(checkAppointmentTime(at(24, 14, 10), window)?.code).toBe('appointmentTimeInvalid');
  });
});
