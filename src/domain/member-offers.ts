/**
 * Member-only offers (P§6, PROMO-5): activities whose user type names members and not visitors are
 * shown to visitors as member-only offers — labelled, never applied (pricing's filter drops them for
 * visitors as `wrongUserType`). Kept apart from the pricing engine: the menu reads it on start-up.
 */
import { UserLimit } from './enums';
import type { Activity } from './types';

/** The activity is for members only (user-type bitmask with the member bit and without the normal one). */
export function isMemberOnly(a: Pick<Activity, 'userType'>): boolean {
  const u = a.userType ?? UserLimit.none;
  return (u & UserLimit.member) !== 0 && (u & UserLimit.normal) === 0;
}

/** The products an activity names (its product list, product ids, gift product). */
export function activityProductIds(a: Activity): number[] {
  const ids: number[] = [];
  for (const p of a.productList ?? []) ids.push(p.id);
  for (const id of a.productIds ?? []) ids.push(id);
  if (a.product) ids.push(a.product.id);
  if (a.productId !== undefined) ids.push(a.productId);
  return ids;
}

/**
 * The products a visitor sees labelled as member-only offers: those named by a member-only activity.
 * Empty for a member (the offers apply to them instead).
 */
export function memberOnlyProductIds(activities: readonly Activity[], isMember: boolean): ReadonlySet<number> {
  const ids = new Set<number>();
  if (isMember) return ids;
  for (const a of activities) if (isMemberOnly(a)) for (const id of activityProductIds(a)) ids.add(id);
  return ids;
}
