/** Factories for pricing tests: small, explicit source data with the spec's field names. */
import { buildPricingInput, type PricingSources } from '../../src/domain/pricing/build-input';
import { lineFlag } from '../../src/domain/pricing/flag';
import type { Activity, CartLine, Coupon, MemberInfo, MemberSetting, ShopSettings } from '../../src/domain/types';
import type { PricingInput } from '../../src/domain/pricing/types';

/** 2026-11-23 12:00 Asia/Shanghai (a Monday). */
export const NOON = Date.UTC(2026, 10, 23, 4, 0, 0);

export const shop = (over: Partial<ShopSettings> = {}): ShopSettings => ({ id: 1, name: 'Test shop', numberDecimals: 2, ...over });

let nextId = 1000;
export const line = (over: Partial<CartLine> & { id?: number; price: number; quantity?: number }): CartLine => {
  const id = over.id ?? nextId++;
  return {
    name: `p${id}`,
    typeid: 1,
    quantity: 1,
    flag: lineFlag(id, over.specId, over.tastes, over.mealset),
    ...over,
    id,
  };
};

export const activity = (over: Partial<Activity> & { type: number }): Activity => ({ id: nextId++, name: 'a', status: 1, validType: 1, ...over });

export const coupon = (over: Partial<Coupon> & { reductionAmount: number }): Coupon => ({
  id: nextId++,
  activityID: 9999,
  name: 'coupon',
  type: 4,
  status: 1,
  ...over,
});

export const member = (info: Partial<MemberInfo> = {}, setting: Partial<MemberSetting> = {}) => ({
  info: { id: 7, amount: 0, giftAmount: 0, points: 0, discount: 100, level: 1, ...info },
  setting: { ...setting },
});

export const input = (over: Partial<PricingSources> & { cart: CartLine[] }): PricingInput =>
  buildPricingInput({ shop: shop(), orderType: 'dine', now: NOON, couponId: null, ...over });
