/**
 * Every activity kind of the promotion engine has its args schema (docs/architecture.md §10 Rules as data), keyed by
 * the same type as the registry, and the demo activities satisfy the schema of their kind.
 */
import { activityArgs, activityArgsOf } from '../../src/api/contract/activity-args';
import { ActivityType } from '../../src/domain/enums';
import { PROMOTION_KINDS } from '../../src/domain/promotions/registry';
import { demoData } from '../../server/src/demo';

describe('activity args schemas', () => {
  test('every registered kind has an args schema and every schema belongs to a registered kind', () => {
    const registered = PROMOTION_KINDS.map((k) => k.type).sort((a, b) => a - b);
    const withSchema = Object.keys(activityArgs)
      .map(Number)
      .sort((a, b) => a - b);
    expect(withSchema).toEqual(registered);
  });

  test('every activity type of the catalogue has a kind and a schema', () => {
    for (const type of Object.values(ActivityType)) expect(activityArgsOf(type)).toBeDefined();
  });

  test('every demo activity satisfies the args of its kind', () => {
    const acts = demoData.shops.flatMap((s) => s.activities);
    expect(acts.length).toBeGreaterThan(10);
    for (const a of acts) {
      const r = activityArgsOf(a.type)!.safeParse(a);
      expect({ id: a.id, type: a.type, issues: r.success ? [] : r.error.issues }).toEqual({ id: a.id, type: a.type, issues: [] });
    }
  });

  test('a second-item discount without its discount rate is refused', () => {
    const r = activityArgsOf(ActivityType.secondDiscount)!.safeParse({ limit: 1 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['discount']);
  });
});
