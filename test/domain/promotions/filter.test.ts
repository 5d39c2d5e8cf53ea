import { filterActivities, levelMatches } from '../../../src/domain/promotions/filter';
import { activity, NOON } from '../../support/pricing-factories';
import type { FilterContext } from '../../../src/domain/promotions/filter';

const ctx = (over: Partial<FilterContext> = {}): FilterContext => ({ now: NOON, zone: 480, orderType: 'dine', member: null, ...over });
const kept = (as: ReturnType<typeof activity>[], c = ctx()) => filterActivities(as, c).kept.map((a) => a.id);
const reasons = (as: ReturnType<typeof activity>[], c = ctx()) => filterActivities(as, c).dropped.map((d) => d.reason);

describe('activity filtering (P§4, PRICE-4)', () => {
  it('drops disabled activities', () => {
    expect(reasons([activity({ type: 1, status: 0 })])).toEqual(['disabled']);
  });

  it('checks fixed validity start ≤ now < end, a date-only end covering its day', () => {
    // NOON is 2026-11-23 12:00 local
    expect(kept([activity({ type: 1, validType: 2, startDate: '2026-11-23', endDate: '2026-11-23' })])).toHaveLength(1);
    expect(reasons([activity({ type: 1, validType: 2, startDate: '2026-11-24', endDate: '2026-12-01' })])).toEqual(['outOfDate']);
    expect(reasons([activity({ type: 1, validType: 2, startDate: '2026-11-01', endDate: '2026-11-23 12:00' })])).toEqual(['outOfDate']);
  });

  it('checks week days (Monday = 1), month days and time ranges', () => {
    expect(kept([activity({ type: 1, validType: 3, time: { mode: 'week', days: [1] } })])).toHaveLength(1);
    expect(reasons([activity({ type: 1, validType: 3, time: { mode: 'week', days: [6, 7] } })])).toEqual(['outOfTime']);
    expect(kept([activity({ type: 1, validType: 4, time: { mode: 'monthDay', days: [23] } })])).toHaveLength(1);
    expect(reasons([activity({ type: 1, time: { mode: 'none', timeRanges: [{ start: '14:00', end: '17:00' }] } })])).toEqual(['outOfTime']);
    expect(kept([activity({ type: 1, time: { mode: 'none', timeRanges: [{ start: '22:00', end: '13:00' }] } })])).toHaveLength(1);
  });

  it('checks the order-type bitmask (open table counts as dine)', () => {
    expect(reasons([activity({ type: 1, orderType: 1 | 2 })])).toEqual(['wrongOrderType']);
    expect(kept([activity({ type: 1, orderType: 4 })], ctx({ orderType: 'openTable' }))).toHaveLength(1);
  });

  it('checks user type: 1 non-members, 2 members', () => {
    const m = { id: 1, amount: 0, giftAmount: 0, points: 0, discount: 100, level: 1 };
    expect(reasons([activity({ type: 1, userType: 2 })])).toEqual(['wrongUserType']);
    expect(kept([activity({ type: 1, userType: 2 })], ctx({ member: m }))).toHaveLength(1);
    expect(reasons([activity({ type: 1, userType: 1 })], ctx({ member: m }))).toEqual(['wrongUserType']);
  });

  it('matches member levels on their last three digits', () => {
    expect(levelMatches(1002, [2])).toBe(true);
    expect(levelMatches('20001', ['1'])).toBe(true);
    expect(levelMatches(1003, [2, 4])).toBe(false);
    const m = { id: 1, amount: 0, giftAmount: 0, points: 0, discount: 100, level: 5003 };
    expect(reasons([activity({ type: 1, memberLevel: [7003] })], ctx({ member: m }))).toEqual([]); // 5003 → 003 = 7003 → 003
    expect(reasons([activity({ type: 1, memberLevel: [2] })], ctx({ member: m }))).toEqual(['wrongMemberLevel']);
  });

  it('keeps only the highest priority of a type; activities without priority always stay', () => {
    const low = activity({ type: 1, priority: 1 });
    const high = activity({ type: 1, priority: 5 });
    const none = activity({ type: 1 });
    expect(kept([low, high, none]).sort()).toEqual([high.id, none.id].sort());
    expect(reasons([low, high])).toEqual(['lowerPriority']);
  });

  it('keeps coupon activities whatever their priority', () => {
    const a = activity({ type: 4, priority: 1 });
    const b = activity({ type: 4, priority: 2 });
    expect(kept([a, b])).toHaveLength(2);
  });

  it('keeps partial-category full reductions unless their categories overlap one already chosen', () => {
    const a = activity({ type: 7, priority: 3, typeIds: [1, 2] });
    const b = activity({ type: 7, priority: 2, typeIds: [3] });
    const c = activity({ type: 7, priority: 1, typeIds: [2, 4] });
    const r = filterActivities([a, b, c], ctx());
    expect(r.kept.map((x) => x.id)).toEqual([a.id, b.id]);
    expect(r.dropped).toEqual([{ activity: c, reason: 'categoryOverlap' }]);
  });
});

describe('one member-level match for activities and products (P§5)', () => {
  it('reads the last three digits after dropping other characters, as the product rule does', () => {
    // "L-1003" and 100003 both end in 003; " 3 " is 3
    expect(levelMatches('L-1003', [100003])).toBe(true);
    expect(levelMatches(' 3 ', ['003'])).toBe(true);
    expect(levelMatches(1002, [1003])).toBe(false);
    expect(levelMatches(undefined, [1003])).toBe(false);
    expect(levelMatches(undefined, [])).toBe(true);
  });
});
