/**
 * (e) A generated shop with 1,000 products in 40 categories for the menu benchmark (MENU-8).
 * Deterministic: the same call always gives the same names, prices and ids.
 */
import { Industry } from '../../../src/domain/enums';
import { LARGE_CATEGORY_BASE, LARGE_PRODUCT_BASE, SHOP } from './ids';
import { demoImage } from './images';
import { SPICE_LEVEL, TOPPINGS, specsOf } from './common';
import { chainGiftRules, domesticChargePaySetting, domesticPaySetting } from './members';
import type { DemoCategory, DemoProduct, DemoShop } from './types';

export const LARGE_CATEGORY_COUNT = 40;
export const LARGE_PRODUCTS_PER_CATEGORY = 25;

const CUISINES: Array<[string, string]> = [
  ['川味', 'Sichuan'], ['粤式', 'Cantonese'], ['湘味', 'Hunan'], ['本帮', 'Shanghainese'], ['鲁菜', 'Shandong'],
  ['徽菜', 'Anhui'], ['闽南', 'Minnan'], ['东北', 'Dongbei'], ['西北', 'Northwest'], ['云南', 'Yunnan'],
  ['潮汕', 'Chaoshan'], ['客家', 'Hakka'], ['台式', 'Taiwanese'], ['港式', 'Hong Kong'], ['日式', 'Japanese'],
  ['韩式', 'Korean'], ['泰式', 'Thai'], ['越南', 'Vietnamese'], ['印度', 'Indian'], ['意式', 'Italian'],
];
const COURSES: Array<[string, string]> = [['热菜', 'Mains'], ['小吃', 'Snacks']];
const DISHES: Array<[string, string]> = [
  ['炒饭', 'Fried Rice'], ['拌面', 'Tossed Noodles'], ['汤面', 'Noodle Soup'], ['饺子', 'Dumplings'], ['包子', 'Buns'],
  ['烤鸡', 'Roast Chicken'], ['牛肉', 'Beef'], ['猪排', 'Pork Chop'], ['鱼片', 'Fish Slices'], ['虾仁', 'Shrimp'],
  ['豆腐', 'Tofu'], ['时蔬', 'Greens'], ['茄子', 'Eggplant'], ['土豆', 'Potatoes'], ['鸡翅', 'Chicken Wings'],
  ['羊肉', 'Lamb'], ['鸭肉', 'Duck'], ['排骨', 'Spare Ribs'], ['春卷', 'Spring Rolls'], ['粥', 'Congee'],
  ['沙拉', 'Salad'], ['炖汤', 'Stew'], ['烧卖', 'Siu Mai'], ['煎饼', 'Pancake'], ['甜点', 'Dessert'],
];

/** Price of the n-th product: ¥8.00 … ¥97.50 in half-yuan steps, spread so neighbours differ. */
function priceOf(n: number): number {
  return 8 + ((n * 37) % 90) + (n % 2) * 0.5;
}

/** Builds the 1,000-product shop (ids from LARGE_PRODUCT_BASE + 1, categories from LARGE_CATEGORY_BASE + 1). */
export function buildLargeShop(): DemoShop {
  const categories: DemoCategory[] = [];
  const products: DemoProduct[] = [];
  for (let c = 0; c < LARGE_CATEGORY_COUNT; c += 1) {
    const [cuisine, cuisineEn] = CUISINES[c % CUISINES.length];
    const [course, courseEn] = COURSES[Math.floor(c / CUISINES.length)];
    const categoryId = LARGE_CATEGORY_BASE + c + 1;
    const name = `${cuisine}${course}`;
    const nameEn = `${cuisineEn} ${courseEn}`;
    categories.push({ id: categoryId, name, nameEn, sort: c + 1 });
    const shape = c % 3 === 0 ? 'bowl' : c % 3 === 1 ? 'plate' : 'noodles';
    const image = demoImage(`large-cat-${String(c + 1).padStart(2, '0')}.svg`, cuisine, shape);
    for (let k = 0; k < LARGE_PRODUCTS_PER_CATEGORY; k += 1) {
      const n = c * LARGE_PRODUCTS_PER_CATEGORY + k;
      const id = LARGE_PRODUCT_BASE + n + 1;
      const [dish, dishEn] = DISHES[k];
      const price = priceOf(n);
      products.push({
        id,
        typeid: categoryId,
        name: `${cuisine}${dish}`,
        nameEn: `${cuisineEn} ${dishEn}`,
        description: `${name}第 ${k + 1} 号`,
        descriptionEn: `${nameEn} no. ${k + 1}`,
        image,
        price,
        // Every 10th product has sizes and every 7th a required spice level, so the menu is not all plain.
        ...(n % 10 === 0
          ? { specs: specsOf(id, [['小份', 'Small', price], ['大份', 'Large', price + 6]]) }
          : {}),
        ...(n % 7 === 0 ? { tastes: [SPICE_LEVEL, TOPPINGS] } : {}),
      });
    }
  }
  return {
    shop: {
      id: SHOP.large,
      name: '百味美食城',
      nameEn: 'Hundred Flavours Food Hall',
      phone: '021-50001000',
      industry: Industry.fastfood,
      address: '上海市浦东新区世纪大道 100 号 B1',
      addressEn: 'B1, 100 Century Avenue, Pudong, Shanghai',
      gpsAddress: { lat: 31.2397, lng: 121.4998 },
      image: demoImage('logo-food-hall.svg', '百味', 'logo', '#d08c3f'),
      businessHours: '00:00-23:59',
      businessTimeRange: [{ start: '00:00', end: '23:59' }],
      openShop: true,
      openScanSwitch: true,
      shopStatus: 1,
      minSellStartAmount: 0,
      deliverAmount: [{ distance: 5, amount: 6 }],
      deliveryDistance: 5,
      packFee: 1,
      packageFeeApplySceneSet: { takeaway: true, selfPickUp: true, dine: false, openTable: false },
      numberDecimals: 2,
      isRounding05: false,
      currencySymbol: '¥',
      selfCollection: true,
      allowPack: true,
      allowDineIn: true,
      utcOffsetMinutes: 480,
    },
    categories,
    products,
    activities: [],
    couponTemplates: [],
    memberSetting: { name: '百味会员', cardName: '百味会员卡', isOpenDiscount: false, isPointOpen: false, allowRegisterInWeb: true },
    memberLevels: [{ id: 991, level: 1, name: '会员', nameEn: 'Member', discount: 100 }],
    payRules: [],
    giftRules: chainGiftRules,
    paySetting: domesticPaySetting,
    vipChargePaySetting: domesticChargePaySetting,
    smsQuota: 100,
    unpaidMinutes: 15,
  };
}
