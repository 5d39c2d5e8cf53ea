/**
 * (d) 沪味小馆（静安寺店）Shanghai Bistro (Jing'an Temple): the chain's second domestic branch, so a
 * customer can order from two shops of one chain in one currency (ORDER-10 multi-shop orders). A
 * smaller menu taken from the flagship's (own product ids), and its own rules: ¥2 packaging per unit,
 * ¥1 pickup pack, no dishware or service charge, one delivery tier ≤5 km ¥6 (free from ¥60), minimum
 * ¥15, and its own full reduction "spend ¥40 save ¥6". Pickup and takeaway only (no tables).
 */
import { ActivityType, OrderTypeLimit, ValidType } from '../../../src/domain/enums';
import { LONG_WINDOW } from './common';
import { CHAIN_ID, RESTAURANT_CATEGORY as C, RESTAURANT_PRODUCT as P, SHOP } from './ids';
import {
  chainGiftRules,
  chainLevels,
  chainMemberSetting,
  chainPayRules,
  domesticChargePaySetting,
  domesticPaySetting,
} from './members';
import { restaurantProducts, restaurantSettings } from './restaurant';
import type { DemoActivity, DemoCategory, DemoProduct, DemoShop, DemoShopSettings } from './types';

/** The branch's ids: the flagship's product and category ids moved by these offsets. */
export const BRANCH_PRODUCT_OFFSET = 30000;
export const BRANCH_CATEGORY_OFFSET = 3000;
/** The branch's full reduction (spend ¥40 save ¥6). */
export const BRANCH_ACTIVITY = { fullReduction: 7401 } as const;

/** A branch product id from the flagship's (e.g. tomato and egg 10303 → 40303). */
export const branchProductId = (flagshipId: number): number => flagshipId + BRANCH_PRODUCT_OFFSET;

/** Branch products tests single out. */
export const BRANCH_PRODUCT = {
  /** ¥22, no options. */
  tomatoEgg: branchProductId(10303),
  /** ¥16, optional toppings. */
  scallionNoodles: branchProductId(10401),
  /** ¥10 drink. */
  sourPlum: branchProductId(10704),
  /** ¥16, stock 5. */
  mangoPudding: branchProductId(P.mangoPudding),
} as const;

/** The flagship's settings without what names the flagship alone (its app download link). */
const flagship = (): DemoShopSettings => {
  const s: DemoShopSettings = { ...restaurantSettings };
  delete (s as unknown as Record<string, unknown>).appDownloadUrl;
  return s;
};

export const branchSettings: DemoShopSettings = {
  ...flagship(),
  id: SHOP.branch,
  name: '沪味小馆（静安寺店）',
  nameEn: "Shanghai Bistro (Jing'an Temple)",
  phone: '021-62481234',
  address: '上海市静安区南京西路 1600 号 1 楼',
  addressEn: "1F, 1600 West Nanjing Road, Jing'an District, Shanghai",
  gpsAddress: { lat: 31.2235, lng: 121.4455 },
  businessHours: '08:00-22:00',
  businessTimeRange: [{ start: '08:00', end: '22:00' }],
  openScanSwitch: false,
  allowDineIn: false,
  minSellStartAmount: 15,
  deliverAmount: [{ distance: 5, amount: 6 }],
  deliverAmount1: 6,
  deliveryDistance: 5,
  isFreeDeliveryFee: true,
  freeDeliveryMinAmount: 60,
  dishwareAmount: 0,
  packFee: 2,
  pickerPackFee: 1,
  packageFeeApplySceneSet: { takeaway: true, selfPickUp: true, dine: false, openTable: false },
  serviceFee: 0,
  otherSetting: { ServiceChargeEnable: false, OrderTypeServiceCharge: [] },
  hasPromotionWithCode: false,
  isOpenTiming: false,
  notification: { isOpen: true, title: '本店公告', content: '静安寺店满 40 减 6，外卖 5 公里内配送费 6 元，满 60 免配送费。' },
  notificationEn: {
    isOpen: true,
    title: 'Notice',
    content: "Jing'an Temple: save ¥6 from ¥40; delivery within 5 km ¥6, free from ¥60.",
  },
};

const CATEGORIES = [C.stirFry, C.noodles, C.drinks, C.dessert];
const PRODUCTS = [P.braisedPork, 10303, 10305, 10401, P.xiaolongbao, 10704, 10707, 10801, P.mangoPudding, 10805];

export const branchCategories: DemoCategory[] = CATEGORIES.map((id, i) => {
  // the flagship's categories carry no sale time for these four
  const names: Record<number, [string, string]> = {
    [C.stirFry]: ['家常小炒', 'Home-style Stir-fries'],
    [C.noodles]: ['面点主食', 'Noodles & Dumplings'],
    [C.drinks]: ['饮品', 'Drinks'],
    [C.dessert]: ['甜品', 'Desserts'],
  };
  return { id: id + BRANCH_CATEGORY_OFFSET, name: names[id][0], nameEn: names[id][1], sort: i + 1 };
});

export const branchProducts: DemoProduct[] = PRODUCTS.map((id) => {
  const p = restaurantProducts.find((x) => x.id === id);
  if (!p) throw new Error(`flagship product ${id} missing`);
  // the branch sells at list price: no member price of its own
  return { ...p, id: branchProductId(id), typeid: p.typeid + BRANCH_CATEGORY_OFFSET, memberPrice: undefined };
});

export const branchActivities: DemoActivity[] = [
  {
    status: 1,
    validType: ValidType.fixed,
    ...LONG_WINDOW,
    id: BRANCH_ACTIVITY.fullReduction,
    type: ActivityType.fullReduction,
    name: '满40减6',
    nameEn: 'Save ¥6 from ¥40',
    priority: 1,
    orderType: OrderTypeLimit.takeaway | OrderTypeLimit.pick,
    gears: [{ full: 40, less: 6 }],
    cyclicCalc: false,
  },
];

/** The branch as the seed loads it: the chain's card, levels, rules and domestic pay setting. */
export const branchShop: DemoShop = {
  shop: { ...branchSettings, memberLevels: chainLevels(400) },
  chainId: CHAIN_ID,
  categories: branchCategories,
  products: branchProducts,
  activities: branchActivities,
  couponTemplates: [],
  memberSetting: chainMemberSetting,
  memberLevels: chainLevels(400),
  payRules: chainPayRules,
  giftRules: chainGiftRules,
  paySetting: domesticPaySetting,
  vipChargePaySetting: domesticChargePaySetting,
  smsQuota: 50,
  unpaidMinutes: 15,
};
