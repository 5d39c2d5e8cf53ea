/**
 * The demo data the server loads on first start (SERVER-1): a restaurant and an overseas fast-food
 * shop of one chain, a beauty salon, the restaurant's branch, a Paris bakery-café whose clock changes
 * (TIME-1), their menus, activities, coupons and members. The 1,000-product
 * benchmark shop comes from buildLargeShop().
 */
import { beautyActivities, restaurantActivities, retailActivities } from './activities';
import { beautyCategories, beautyProducts, beautyService, beautySettings } from './beauty';
import { branchShop } from './branch';
import { beautyCouponTemplates, memberCoupons, restaurantCouponTemplates, retailCouponTemplates } from './coupons';
import { CHAIN_ID, TABLE, TABLE_CODE } from './ids';
import {
  beautyGiftRules,
  beautyLevels,
  beautyMemberSetting,
  beautyPayRules,
  chainGiftRules,
  chainLevels,
  chainMemberSetting,
  chainPayRules,
  demoMembers,
  demoUsers,
  domesticChargePaySetting,
  domesticPaySetting,
  overseasChargePaySetting,
  overseasPaySetting,
} from './members';
import { restaurantAreas, restaurantCategories, restaurantProducts, restaurantSettings, restaurantTables } from './restaurant';
import { parisShop } from './paris';
import { retailCategories, retailProducts, retailSettings } from './retail';
import type { DemoData, DemoShop } from './types';

export { buildLargeShop } from './large-shop';
export type {
  DemoActivity,
  DemoBeauty,
  DemoCategory,
  DemoCoupon,
  DemoData,
  DemoMember,
  DemoMemberCoupon,
  DemoProduct,
  DemoShop,
  DemoTable,
  DemoUser,
  PayRule,
} from './types';

const restaurant: DemoShop = {
  shop: { ...restaurantSettings, memberLevels: chainLevels(100) },
  chainId: CHAIN_ID,
  categories: restaurantCategories,
  products: restaurantProducts,
  activities: restaurantActivities,
  couponTemplates: restaurantCouponTemplates,
  areas: restaurantAreas,
  tables: restaurantTables,
  tableCodes: Object.fromEntries((Object.keys(TABLE) as Array<keyof typeof TABLE>).map((n) => [TABLE[n], TABLE_CODE[n]])),
  memberSetting: chainMemberSetting,
  memberLevels: chainLevels(100),
  payRules: chainPayRules,
  giftRules: chainGiftRules,
  paySetting: domesticPaySetting,
  vipChargePaySetting: domesticChargePaySetting,
  smsQuota: 200,
  unpaidMinutes: 15,
};

const retail: DemoShop = {
  shop: { ...retailSettings, memberLevels: chainLevels(200) },
  chainId: CHAIN_ID,
  categories: retailCategories,
  products: retailProducts,
  activities: retailActivities,
  couponTemplates: retailCouponTemplates,
  memberSetting: chainMemberSetting,
  memberLevels: chainLevels(200),
  payRules: chainPayRules,
  giftRules: chainGiftRules,
  paySetting: overseasPaySetting,
  vipChargePaySetting: overseasChargePaySetting,
  smsQuota: 50,
  unpaidMinutes: 10,
};

const beauty: DemoShop = {
  shop: { ...beautySettings, memberLevels: beautyLevels },
  categories: beautyCategories,
  products: beautyProducts,
  activities: beautyActivities,
  couponTemplates: beautyCouponTemplates,
  beauty: beautyService,
  memberSetting: beautyMemberSetting,
  memberLevels: beautyLevels,
  payRules: beautyPayRules,
  giftRules: beautyGiftRules,
  paySetting: domesticPaySetting,
  vipChargePaySetting: domesticChargePaySetting,
  smsQuota: 20,
  unpaidMinutes: 30,
};

export const demoData: DemoData = {
  chains: [{ id: CHAIN_ID, name: '好味连锁', nameEn: 'Good Taste Group' }],
  shops: [restaurant, retail, beauty, branchShop, parisShop],
  members: demoMembers,
  memberCoupons,
  users: demoUsers,
};
