/**
 * The prompts on entering the shop (P§2, C§4 "Other"; MEMBER-8), each shown once:
 * - first charge: a member who has not charged, when the shop has a charge slogan (confirm → member
 *   center); its flag is cleared at launch (P§9), so once per launch;
 * - member charge-present coupons: a member holding coupons a top-up presented (P§3 20), when the
 *   flag for this shop is unset (kept across launches);
 * - newcomer coupons: when register coupons exist, the customer is not yet a member and the
 *   first-register flag is unset (cleared at launch).
 * At most one prompt shows per entry, in that order; the next one waits for the next entry.
 */
import type { SessionFlagClearedAtLaunch } from '../startup';

export const FIRST_CHARGE_SHOWN: SessionFlagClearedAtLaunch = 'firstChargeShowed';
export const FIRST_REGISTER_SHOWN: SessionFlagClearedAtLaunch = 'firstRegisterShowed';

/** The charge-present flag is per shop (P§2 "their shown flag for the shop"). */
export const chargePresentShownKey = (shopId: number | string): string => `chargePresentShowed:${shopId}`;

export type EntryPromptKind = 'firstCharge' | 'chargePresent' | 'newcomer';

export interface EntryPromptFacts {
  isMember: boolean;
  /** The member has charged (topped up) before. */
  isCharged: boolean;
  chargeSlogan: string | null | undefined;
  firstChargeShown: boolean;
  chargePresentShown: boolean;
  firstRegisterShown: boolean;
  /** Charge-present coupons the member holds (members only). */
  chargePresentCoupons: number;
  /** Register (newcomer) coupons the shop gives (visitors only; null = not asked). */
  registerCoupons: number | null;
}

/** P§2: the first charge prompt is due. */
export const firstChargeDue = (f: Pick<EntryPromptFacts, 'isMember' | 'isCharged' | 'chargeSlogan' | 'firstChargeShown'>): boolean =>
  f.isMember && !f.isCharged && typeof f.chargeSlogan === 'string' && f.chargeSlogan.trim() !== '' && !f.firstChargeShown;

/** P§2: the member's charge-present coupons prompt is due. */
export const chargePresentDue = (f: Pick<EntryPromptFacts, 'isMember' | 'chargePresentShown' | 'chargePresentCoupons'>): boolean =>
  f.isMember && !f.chargePresentShown && f.chargePresentCoupons > 0;

/** P§2: whether asking for the register coupons can lead anywhere. */
export const newcomerPossible = (f: Pick<EntryPromptFacts, 'isMember' | 'firstRegisterShown'>): boolean =>
  !f.isMember && !f.firstRegisterShown;

/** The prompt to show now, or null (at most one per entry, in the order of the file comment). */
export function duePrompt(f: EntryPromptFacts): EntryPromptKind | null {
  if (firstChargeDue(f)) return 'firstCharge';
  if (chargePresentDue(f)) return 'chargePresent';
  if (newcomerPossible(f) && (f.registerCoupons ?? 0) > 0) return 'newcomer';
  return null;
}
