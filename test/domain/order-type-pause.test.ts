/**
 * Pausing an order type (CONSOLE-5): which pause stops which order, until when on the shop's clock,
 * with which message; a pause ends by itself at its `until`.
 */
import { ErrorCode } from '../../src/domain/errors';
import {
  PAUSABLE_ORDER_TYPES,
  activePause,
  activePauses,
  checkOrderTypePause,
  isPausableOrderType,
  nextPauseEnd,
  pauseEnd,
  pauseNotices,
  pauseUntilText,
  pausableOrderTypesOf,
} from '../../src/domain/order-type-pause';

// 2026-03-04 12:00 in China (UTC+8) = 04:00 UTC
const NOON = Date.UTC(2026, 2, 4, 4, 0, 0);
const MIN = 60_000;

const takeaway = { orderType: 'takeaway', until: NOON + 30 * MIN, reason: 'Kitchen full' };
const pickup = { orderType: 'selfPickup', until: NOON - MIN, reason: 'over' };

describe('which pause stops which order', () => {
  test('a running takeaway pause stops takeaway only', () => {
    expect(activePause([takeaway], 'takeaway', NOON)).toBe(takeaway);
    expect(activePause([takeaway], 'selfPickup', NOON)).toBeNull();
    expect(activePause([takeaway], 'dine', NOON)).toBeNull();
  });

  test('a pause ends at its until: paused one millisecond before, open at the instant', () => {
    expect(activePause([takeaway], 'takeaway', NOON + 30 * MIN - 1)).toBe(takeaway);
    expect(activePause([takeaway], 'takeaway', NOON + 30 * MIN)).toBeNull();
    expect(checkOrderTypePause([takeaway], 'takeaway', NOON + 31 * MIN)).toBeNull();
  });

  test('an ended pause is no pause; an open-table settlement, an appointment or no type is never paused', () => {
    expect(activePauses([takeaway, pickup], NOON)).toEqual([takeaway]);
    const dine = { orderType: 'dine', until: NOON + MIN, reason: 'x' };
    expect(activePause([dine], 'openTable', NOON)).toBeNull();
    expect(activePause([dine], 'appointment', NOON)).toBeNull();
    expect(activePause([dine], null, NOON)).toBeNull();
  });

  test('the pausable types are takeaway, self pickup and dine-in, in that order', () => {
    expect([...PAUSABLE_ORDER_TYPES]).toEqual(['takeaway', 'selfPickup', 'dine']);
    expect(isPausableOrderType('openTable')).toBe(false);
    expect(isPausableOrderType('dine')).toBe(true);
    const dine = { orderType: 'dine', until: NOON + MIN, reason: 'd' };
    expect(activePauses([dine, takeaway], NOON).map((p) => p.orderType)).toEqual(['takeaway', 'dine']);
  });
});

describe('the message', () => {
  test('takeaway paused for 30 minutes at 12:00 (China) says until 12:30 and the reason', () => {
    expect(checkOrderTypePause([takeaway], 'takeaway', NOON)).toEqual({
      code: ErrorCode.takeawayPaused,
      params: { until: '12:30', reason: 'Kitchen full' },
    });
  });

  test('each type has its own message code', () => {
    const pauses = PAUSABLE_ORDER_TYPES.map((orderType) => ({ orderType, until: NOON + MIN, reason: 'r' }));
    expect(PAUSABLE_ORDER_TYPES.map((t) => checkOrderTypePause(pauses, t, NOON)?.code)).toEqual([
      ErrorCode.takeawayPaused,
      ErrorCode.selfPickupPaused,
      ErrorCode.dinePaused,
    ]);
  });

  test('until is read on the shop clock: 04:30 UTC is 12:30 in China, 05:30 in Paris (UTC+1), 23:30 the day before in New York (UTC-5)', () => {
    const until = NOON + 30 * MIN;
    expect(pauseUntilText(until)).toBe('12:30');
    expect(pauseUntilText(until, 60)).toBe('05:30');
    expect(pauseUntilText(until, -300)).toBe('23:30');
    expect(checkOrderTypePause([takeaway], 'takeaway', NOON, 60)?.params).toEqual({ until: '05:30', reason: 'Kitchen full' });
  });

  test('a pause of 12 hours ends 720 minutes later; past midnight the time reads the next day (02:00)', () => {
    const start = Date.UTC(2026, 2, 4, 6, 0, 0); // 14:00 China
    expect(pauseEnd(start, 720) - start).toBe(720 * MIN);
    expect(pauseUntilText(pauseEnd(start, 720))).toBe('02:00');
  });
});

describe('the banners and the next re-check', () => {
  test('every running pause is a banner with its message; the next end is the earliest until', () => {
    const dine = { orderType: 'dine', until: NOON + 10 * MIN, reason: 'Full house' };
    expect(pauseNotices([takeaway, dine, pickup], NOON)).toEqual([
      { orderType: 'takeaway', error: { code: ErrorCode.takeawayPaused, params: { until: '12:30', reason: 'Kitchen full' } } },
      { orderType: 'dine', error: { code: ErrorCode.dinePaused, params: { until: '12:10', reason: 'Full house' } } },
    ]);
    expect(nextPauseEnd([takeaway, dine, pickup], NOON)).toBe(NOON + 10 * MIN);
    expect(nextPauseEnd([pickup], NOON)).toBeNull();
  });
});

describe('the types a shop may pause', () => {
  test('the types its menu offers: takeaway always, pickup unless off, dine-in with scan ordering; none for a beauty shop', () => {
    expect(pausableOrderTypesOf({ industry: 2, openScanSwitch: true })).toEqual(['takeaway', 'selfPickup', 'dine']);
    expect(pausableOrderTypesOf({ industry: 1, selfCollection: false })).toEqual(['takeaway']);
    expect(pausableOrderTypesOf({ industry: 2, allowDineIn: true, selfCollection: false })).toEqual(['takeaway', 'dine']);
    expect(pausableOrderTypesOf({ industry: 4, openScanSwitch: true })).toEqual([]);
  });
});
