/**
 * The prompts on entry (P§2, MEMBER-8): asks only what the rules in domain/promotions/entry-prompts.ts
 * still need (the register coupons, for a visitor), picks
 * the prompt that is due and records that it was shown. Small on purpose: the home and ordering tabs
 * (main package) use it; the promotion screens' store stays in the coupon subpackage.
 */
import type { Api } from '../../api';
import { settle } from '../../api/request';
import { ActivityType } from '../../domain/enums';
import {
  FIRST_CHARGE_SHOWN,
  FIRST_REGISTER_SHOWN,
  chargePresentShownKey,
  duePrompt,
  firstChargeDue,
  newcomerPossible,
  type EntryPromptFacts,
} from '../../domain/promotions/entry-prompts';
import type { Coupon, MemberSetting } from '../../domain/types';
import type { KeyValueStorage } from '../../platform/types';
import type { RootStore } from '../root';

export type EntryPrompt =
  | { kind: 'firstCharge'; slogan: string }
  | { kind: 'chargePresent'; coupons: Coupon[] }
  | { kind: 'newcomer'; coupons: Coupon[] };

export interface EntryPromptsDeps {
  api: Pick<Api, 'vip'>;
  storage: KeyValueStorage;
  member: { vipInfo: { isCharged?: boolean } | null; memberSetting: MemberSetting };
  /** The member's coupons usable now (the root's PromotionStore). */
  promotion: { coupons: Coupon[] };
  shopId: () => number | null;
}

export class EntryPromptsStore {
  /** One check at a time: the home and ordering tabs may both ask as they appear. */
  private running: Promise<EntryPrompt | null> | null = null;
  /** The shop's register coupons, asked once per shop while the app runs. */
  private readonly registerCoupons = new Map<number, Coupon[]>();

  constructor(private readonly deps: EntryPromptsDeps) {}

  /** The prompt due now (null when none); `markShown` records it once it is on screen. */
  next(): Promise<EntryPrompt | null> {
    if (!this.running) {
      this.running = this.find().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private async find(): Promise<EntryPrompt | null> {
    const { api, storage, member, promotion } = this.deps;
    const shopId = this.deps.shopId();
    if (shopId === null) return null;
    const present = promotion.coupons.filter((c) => c.type === ActivityType.memberChargePresentCoupon);
    const facts: EntryPromptFacts = {
      isMember: member.vipInfo !== null,
      isCharged: member.vipInfo?.isCharged === true,
      chargeSlogan: member.memberSetting.chargeSlogan,
      firstChargeShown: storage.get(FIRST_CHARGE_SHOWN) === true,
      chargePresentShown: storage.get(chargePresentShownKey(shopId)) === true,
      firstRegisterShown: storage.get(FIRST_REGISTER_SHOWN) === true,
      chargePresentCoupons: present.length,
      registerCoupons: null,
    };
    if (firstChargeDue(facts)) return { kind: 'firstCharge', slogan: String(facts.chargeSlogan).trim() };
    let coupons: Coupon[] = [];
    if (newcomerPossible(facts)) {
      const known = this.registerCoupons.get(shopId);
      if (known) coupons = known;
      else {
        // a failed call shows no prompt (silent: entering the shop must not toast about a prompt)
        const res = await settle(api.vip.registerCoupons(undefined, { silent: true }));
        coupons = res.ok ? res.data.list : [];
        if (res.ok) this.registerCoupons.set(shopId, coupons);
      }
      facts.registerCoupons = coupons.length;
    }
    const kind = duePrompt(facts);
    if (kind === 'chargePresent') return { kind, coupons: present };
    if (kind === 'newcomer') return { kind, coupons };
    return null;
  }

  /** Records the prompt as shown (P§2 once-only flags). */
  markShown(prompt: EntryPrompt): void {
    const shopId = this.deps.shopId();
    if (prompt.kind === 'firstCharge') this.deps.storage.set(FIRST_CHARGE_SHOWN, true);
    else if (prompt.kind === 'newcomer') this.deps.storage.set(FIRST_REGISTER_SHOWN, true);
    else if (shopId !== null) this.deps.storage.set(chargePresentShownKey(shopId), true);
  }
}

/** The entry prompts' store of `root`, built from its I/O and session-level stores (first use only). */
export function entryPromptsArea(root: RootStore): EntryPromptsStore {
  return root.area(
    'entryPrompts',
    (r) => new EntryPromptsStore({ api: r.api, storage: r.storage, member: r.member, promotion: r.promotion, shopId: () => r.shop.shopId }),
  );
}
