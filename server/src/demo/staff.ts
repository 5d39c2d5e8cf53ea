/**
 * The demo's staff console logins (CONSOLE-1): for every demo shop an owner and a staff member, with
 * passwords everyone can read in the start-up banner — demo data only, never for a real shop.
 */
import type { StaffRole } from '../../../src/api/contract/console';

export interface DemoStaffLogin {
  shopId: number;
  username: string;
  password: string;
  role: StaffRole;
}

/** `owner-<shopId>` / `demo-owner-<shopId>` and `staff-<shopId>` / `demo-staff-<shopId>` for each shop. */
export function demoStaffLogins(shopIds: readonly number[]): DemoStaffLogin[] {
  return shopIds.flatMap((shopId) => [
    { shopId, username: `owner-${shopId}`, password: `demo-owner-${shopId}`, role: 'owner' as const },
    { shopId, username: `staff-${shopId}`, password: `demo-staff-${shopId}`, role: 'staff' as const },
  ]);
}
