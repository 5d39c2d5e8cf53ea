/**
 * The promotions pricing reads (P§3, P§4): the shop's activities that apply now, the member's coupons
 * usable now, and the activity of an entered promotion code (PROMO-4). Filtering by order type, user
 * type, priority and validity is the domain's job (pricing's filter stage), not this store's.
 */
import { makeObservable, observable } from 'mobx';
import type { Api } from '../api';
import { ruleOf, settle } from '../api/request';
import { CouponListScope } from '../domain/enums';
import { ErrorCode, ruleError } from '../domain/errors';
import type { RuleError } from '../domain/errors';
import type { Activity, Coupon } from '../domain/types';
import { change } from './named-action';

export interface PromotionDeps {
  api: Pick<Api, 'activity'>;
}

export class PromotionStore {
  activities: Activity[] = [];
  /** The customer's coupons usable now (P§3 coupon list scope 1). */
  coupons: Coupon[] = [];
  promotionCode: string | null = null;
  promotionCodeActivity: Activity | null = null;
  loaded = false;

  constructor(private readonly deps: PromotionDeps) {
    makeObservable(this, {
      activities: observable.ref,
      coupons: observable.ref,
      promotionCode: observable,
      promotionCodeActivity: observable.ref,
      loaded: observable,
    });
  }

  /**
   * activity/list and activity/couponList. A visitor has no coupons: a failed coupon call leaves the
   * list empty rather than failing the menu, and stays silent (a visitor opening the shop is not told
   * to register; the coupon screens say so where it matters).
   */
  async load(): Promise<void> {
    const [activities, coupons] = await Promise.all([
      settle(this.deps.api.activity.list()),
      settle(this.deps.api.activity.couponList({ isAll: CouponListScope.now }, { silent: true })),
    ]);
    change('promotion/load', () => {
      if (activities.ok) this.activities = activities.data.list;
      if (coupons.ok) this.coupons = coupons.data.list;
      this.loaded = true;
    });
  }

  /** Forgets the shop's activities, coupons and entered code (leaving a shop, or the identity). */
  reset(): void {
    change('promotion/reset', () => {
      this.activities = [];
      this.coupons = [];
      this.promotionCode = null;
      this.promotionCodeActivity = null;
      this.loaded = false;
    });
  }

  /** Replaces the coupons (after receiving one, or after an order used one). */
  setCoupons(coupons: Coupon[]): void {
    change('promotion/setCoupons', () => {
      this.coupons = coupons;
    });
  }

  /** PROMO-4: looks up the productDiscountWithCode activity of a code; `couponActivityNotExist` when none. */
  async applyPromotionCode(code: string): Promise<RuleError | null> {
    const trimmed = code.trim();
    if (trimmed === '') return ruleError(ErrorCode.couponActivityNotExist);
    const res = await settle(this.deps.api.activity.getActivityByCode({ code: trimmed }));
    if (!res.ok) return ruleOf(res.error);
    if (!res.data.activity) return ruleError(ErrorCode.couponActivityNotExist);
    const activity = res.data.activity;
    change('promotion/applyPromotionCode', () => {
      this.promotionCode = trimmed;
      this.promotionCodeActivity = activity;
    });
    return null;
  }

  clearPromotionCode(): void {
    change('promotion/clearPromotionCode', () => {
      this.promotionCode = null;
      this.promotionCodeActivity = null;
    });
  }
}
