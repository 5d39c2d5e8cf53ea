/**
 * Coupon templates (P§3 Coupon) of the demo shops and the coupons the demo member holds.
 * `type` names the activity kind the coupon belongs to (P§3 activity types).
 */
import { ActivityType, CouponState, DiscountType, OrderTypeLimit, UserLimit } from '../../../src/domain/enums';
import { ACTIVITY, CHAIN_ID, COUPON_TEMPLATE as T, DEMO_MEMBER, MEMBER_COUPON, RESTAURANT_CATEGORY, RESTAURANT_PRODUCT, SHOP } from './ids';
import { LONG_WINDOW } from './common';
import type { DemoCoupon, DemoMemberCoupon } from './types';

const ALL_FOOD_ORDERS = OrderTypeLimit.takeaway | OrderTypeLimit.pick | OrderTypeLimit.dine;

export const restaurantCouponTemplates: DemoCoupon[] = [
  {
    id: T.amount,
    activityID: ACTIVITY.couponSend,
    type: ActivityType.couponSend,
    name: '满50减10元券',
    nameEn: '¥10 off orders from ¥50',
    status: CouponState.normal,
    ...LONG_WINDOW,
    discountType: DiscountType.Amount,
    reductionAmount: 10,
    minAmount: 50,
    orderType: ALL_FOOD_ORDERS,
    chainId: CHAIN_ID,
    isChain: true,
  },
  {
    id: T.discount,
    activityID: ACTIVITY.discountCoupon,
    type: ActivityType.discountCoupon,
    name: '8.8折券',
    nameEn: '12% off coupon',
    status: CouponState.normal,
    ...LONG_WINDOW,
    discountType: DiscountType.Rate,
    discount: 88,
    reductionAmount: 0,
    minAmount: 30,
    orderType: OrderTypeLimit.takeaway | OrderTypeLimit.pick,
    shopIds: [SHOP.restaurant],
  },
  {
    id: T.product,
    activityID: ACTIVITY.productCoupon,
    type: ActivityType.productCoupon,
    name: '宫保鸡丁兑换券',
    nameEn: 'Free Kung Pao Chicken',
    status: CouponState.normal,
    ...LONG_WINDOW,
    reductionAmount: 38,
    minAmount: 0,
    productList: [{ id: RESTAURANT_PRODUCT.kungPaoChicken, quantity: 1, name: '宫保鸡丁', price: 38 }],
    orderType: ALL_FOOD_ORDERS,
    shopIds: [SHOP.restaurant],
  },
  {
    id: T.minAmount,
    activityID: ACTIVITY.expandCoupon,
    // P§5: the minimum of a type-8 coupon also needs a qualifying product in the cart.
    type: ActivityType.expandCoupon,
    name: '招牌菜满100减20',
    nameEn: '¥20 off ¥100 with a signature dish',
    status: CouponState.normal,
    ...LONG_WINDOW,
    discountType: DiscountType.Amount,
    reductionAmount: 20,
    minAmount: 100,
    typeIds: [RESTAURANT_CATEGORY.signature],
    productList: [
      { id: RESTAURANT_PRODUCT.kungPaoChicken },
      { id: RESTAURANT_PRODUCT.boiledFish },
      { id: RESTAURANT_PRODUCT.mapoTofu },
      { id: RESTAURANT_PRODUCT.peking },
    ],
    orderType: ALL_FOOD_ORDERS,
    shopIds: [SHOP.restaurant],
  },
  {
    id: T.expand,
    activityID: ACTIVITY.overSendCoupon,
    type: ActivityType.overSendCoupon,
    name: '无门槛5元券',
    nameEn: '¥5 off, no minimum',
    status: CouponState.normal,
    ...LONG_WINDOW,
    discountType: DiscountType.Amount,
    reductionAmount: 5,
    minAmount: 0,
    validDays: 30,
    orderType: ALL_FOOD_ORDERS,
    shopIds: [SHOP.restaurant],
  },
  {
    id: T.chargePresent,
    activityID: ACTIVITY.memberChargePresentCoupon,
    type: ActivityType.memberChargePresentCoupon,
    name: '充值礼满60减15',
    nameEn: 'Top-up gift: ¥15 off ¥60',
    status: CouponState.normal,
    ...LONG_WINDOW,
    discountType: DiscountType.Amount,
    reductionAmount: 15,
    minAmount: 60,
    // Member-card payment only (P§5 unusable reason "only for card payment").
    isOnlyCardPay: true,
    userType: UserLimit.member,
    orderType: ALL_FOOD_ORDERS,
    shopIds: [SHOP.restaurant],
  },
];

export const retailCouponTemplates: DemoCoupon[] = [
  {
    id: T.retailAmount,
    activityID: ACTIVITY.retailCouponSend,
    type: ActivityType.couponSend,
    name: '满20减3新元券',
    nameEn: 'S$3 off orders from S$20',
    status: CouponState.normal,
    ...LONG_WINDOW,
    discountType: DiscountType.Amount,
    reductionAmount: 3,
    minAmount: 20,
    orderType: OrderTypeLimit.takeaway | OrderTypeLimit.pick,
    shopIds: [SHOP.retail],
  },
];

export const beautyCouponTemplates: DemoCoupon[] = [
  {
    id: T.beautyAmount,
    activityID: ACTIVITY.beautyFirstMemberPayGift,
    type: ActivityType.firstMemberPayGift,
    name: '护理满300减50',
    nameEn: '¥50 off treatments from ¥300',
    status: CouponState.normal,
    ...LONG_WINDOW,
    discountType: DiscountType.Amount,
    reductionAmount: 50,
    minAmount: 300,
    orderType: OrderTypeLimit.appointment,
    shopIds: [SHOP.beauty],
  },
];

/** A copy of a template handed to the demo member. */
function handOut(template: DemoCoupon, id: number, shopId: number, overrides: Partial<DemoCoupon> = {}): DemoMemberCoupon {
  // The held copy has fixed dates, so the template's "N days after receipt" does not apply to it.
  const { validDays: _validDays, ...fixed } = template;
  return { ...fixed, id, memberId: DEMO_MEMBER.id, shopId, receiveTime: '2025-01-01 09:00:00', ...overrides };
}

const byId = (list: DemoCoupon[], id: number): DemoCoupon => {
  const found = list.find((c) => c.id === id);
  if (!found) throw new Error(`coupon template ${id} missing`);
  return found;
};

/** The demo member's wallet: one usable coupon of each kind, an expired one, and one of the overseas shop. */
export const memberCoupons: DemoMemberCoupon[] = [
  handOut(byId(restaurantCouponTemplates, T.amount), MEMBER_COUPON.amount, SHOP.restaurant),
  handOut(byId(restaurantCouponTemplates, T.discount), MEMBER_COUPON.discount, SHOP.restaurant),
  handOut(byId(restaurantCouponTemplates, T.product), MEMBER_COUPON.product, SHOP.restaurant),
  handOut(byId(restaurantCouponTemplates, T.minAmount), MEMBER_COUPON.minAmount, SHOP.restaurant),
  handOut(byId(restaurantCouponTemplates, T.expand), MEMBER_COUPON.expired, SHOP.restaurant, {
    status: CouponState.expired,
    startDate: '2025-01-01 00:00:00',
    endDate: '2025-06-30 23:59:59',
  }),
  handOut(byId(retailCouponTemplates, T.retailAmount), MEMBER_COUPON.retailAmount, SHOP.retail),
];
