/**
 * The activity-life rules shared by the screens and the server (P§3 8 and 13, P§4, P§9): whether an
 * activity runs, the times red bag's threshold, limit, reward and progress, a shared bag's size.
 */
import {
  activityRunning,
  expandBagSize,
  timesRedBagInfoOf,
  timesRedBagLimit,
  timesRedBagOrderCounts,
  timesRedBagProgress,
  timesRedBagRewardDue,
} from '../../../src/domain/promotions/running';
import type { Activity } from '../../../src/domain/types';

const CHINA = 480;
/** 2026-11-23 12:00 in UTC+8 (04:00 UTC). */
const NOON = Date.UTC(2026, 10, 23, 4, 0, 0);

const activity = (over: Partial<Activity> = {}): Activity => ({ id: 7013, name: 'times', type: 13, ...over });

describe('activityRunning (P§4)', () => {
  it('runs without status or validity', () => {
    expect(activityRunning(activity(), NOON, CHINA)).toBe(true);
  });

  it('does not run when its status is not 1', () => {
    expect(activityRunning(activity({ status: 0 }), NOON, CHINA)).toBe(false);
    expect(activityRunning(activity({ status: 2 }), NOON, CHINA)).toBe(false);
  });

  it('ignores the dates when the validity is "none"', () => {
    expect(activityRunning(activity({ validType: 1, startDate: '2030-01-01', endDate: '2030-12-31' }), NOON, CHINA)).toBe(true);
  });

  it('with fixed validity runs from its start day to the end of its end day, in the shop time zone', () => {
    const fixed = { validType: 2, startDate: '2026-11-23', endDate: '2026-11-23' };
    // 2026-11-23 00:00 +08:00 is 2026-11-22 16:00 UTC
    expect(activityRunning(activity(fixed), Date.UTC(2026, 10, 22, 16, 0, 0), CHINA)).toBe(true);
    expect(activityRunning(activity(fixed), Date.UTC(2026, 10, 22, 15, 59, 59), CHINA)).toBe(false);
    // a date-only end includes its whole day: closed from 2026-11-24 00:00 +08:00
    expect(activityRunning(activity(fixed), Date.UTC(2026, 10, 23, 15, 59, 59), CHINA)).toBe(true);
    expect(activityRunning(activity(fixed), Date.UTC(2026, 10, 23, 16, 0, 0), CHINA)).toBe(false);
  });

  it('week and monthDay validity are read as dates here (the day rules are the order filter’s)', () => {
    expect(activityRunning(activity({ validType: 3, startDate: '2025-01-01', endDate: '2025-12-31' }), NOON, CHINA)).toBe(false);
    expect(activityRunning(activity({ validType: 4, startDate: '2025-01-01', endDate: '2030-12-31' }), NOON, CHINA)).toBe(true);
  });
});

describe('the times red bag (P§3 13)', () => {
  it('counts an order whose amount reaches minAmount, exactly at the threshold too', () => {
    const a = activity({ minAmount: 30 });
    expect(timesRedBagOrderCounts(a, 30)).toBe(true);
    expect(timesRedBagOrderCounts(a, 29.99)).toBe(false);
    expect(timesRedBagOrderCounts(a, '45.5')).toBe(true);
  });

  it('counts every order when there is no minimum', () => {
    expect(timesRedBagOrderCounts(activity(), 0)).toBe(true);
  });

  it('needs quantity orders per round, 99999 when the quantity is missing (P§9)', () => {
    expect(timesRedBagLimit(activity({ quantity: 3 }))).toBe(3);
    expect(timesRedBagLimit(activity())).toBe(99999);
    expect(timesRedBagLimit(activity({ quantity: 0 }))).toBe(99999);
  });

  it('answers the info of getTimesRedBag: id, status 1, counted orders and the limit', () => {
    expect(timesRedBagInfoOf(activity({ quantity: 3 }), 2)).toEqual({ id: 7013, status: 1, cumulativeQuantity: 2, limitQuantity: 3 });
    // the wire's counts stop at 1,000,000
    expect(timesRedBagInfoOf(activity({ quantity: 3 }), 5_000_000).cumulativeQuantity).toBe(1_000_000);
  });

  it('is due for a reward once the counted orders reach the limit', () => {
    expect(timesRedBagRewardDue({ cumulativeQuantity: 2, limitQuantity: 3 })).toBe(false);
    expect(timesRedBagRewardDue({ cumulativeQuantity: 3, limitQuantity: 3 })).toBe(true);
    expect(timesRedBagRewardDue({ cumulativeQuantity: 4, limitQuantity: 3 })).toBe(true);
  });

  it('shows the progress of the round: 2 of 3 done, 1 missing; beyond the limit it is full', () => {
    expect(timesRedBagProgress({ cumulativeQuantity: 2, limitQuantity: 3 })).toEqual({ done: 2, limit: 3, missing: 1 });
    expect(timesRedBagProgress({ cumulativeQuantity: 7, limitQuantity: 3 })).toEqual({ done: 3, limit: 3, missing: 0 });
  });
});

describe('the shared (expand) red bag (P§3 8)', () => {
  it('holds the activity quantity of coupons, 99999 without one', () => {
    expect(expandBagSize(activity({ type: 8, quantity: 5 }))).toBe(5);
    expect(expandBagSize(activity({ type: 8 }))).toBe(99999);
  });
});
