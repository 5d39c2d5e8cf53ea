/**
 * (b) 好味速食 Good Taste Express: an overseas-style fast-food and convenience shop of the same chain.
 * Singapore dollars, 9 % GST added on top (TAX_OUT), totals rounded to the nearest 0.05 (isRounding05),
 * takeaway with a flat overseas delivery fee and pickup with a pickup-pack fee. Open around the clock.
 */
import { Industry, ProductOptionType, ProductStatus, TaxMode } from '../../../src/domain/enums';
import { CHAIN_ID, RETAIL_CATEGORY as C, RETAIL_PRODUCT as P, SHOP } from './ids';
import { demoImage, type ImageShape } from './images';
import { ICE, SWEETNESS, specsOf, taxOf } from './common';
import { productOf } from './product-builder';
import type { DemoCategory, DemoProduct, DemoShopSettings, DemoTasteGroup } from './types';

/** Singapore GST, added on top of the shelf price (C§3 TAX_OUT). */
const GST = taxOf(11, TaxMode.TAX_OUT, 9, 'GST 9%');

const item = (
  id: number,
  typeid: number,
  [name, nameEn]: [string, string],
  [description, descriptionEn]: [string, string],
  price: number,
  shape: ImageShape,
  extra: Partial<DemoProduct> = {},
): DemoProduct => productOf('retail', { id, typeid, name, nameEn, description, descriptionEn, price, shape }, { taxes: [GST], ...extra });

const SAUCE: DemoTasteGroup = {
  id: 7,
  name: '酱料',
  nameEn: 'Sauce',
  required: true,
  multiple: false,
  options: [
    { id: 71, name: '蛋黄酱', nameEn: 'Mayonnaise', price: 0, optionType: ProductOptionType.FLAVOR },
    { id: 72, name: '辣椒酱', nameEn: 'Chili sauce', price: 0, optionType: ProductOptionType.FLAVOR },
    { id: 73, name: '芝士酱', nameEn: 'Cheese sauce', price: 0.5, optionType: ProductOptionType.TOPPING, maxQuantity: 2 },
  ],
};

export const retailSettings: DemoShopSettings = {
  id: SHOP.retail,
  chainId: CHAIN_ID,
  name: '好味速食（乌节路店）',
  nameEn: 'Good Taste Express (Orchard Road)',
  phone: '+65 6734 8800',
  industry: Industry.retail,
  address: '新加坡乌节路 391 号 B2-15',
  addressEn: '391 Orchard Road #B2-15, Singapore 238872',
  gpsAddress: { lat: 1.3048, lng: 103.8318 },
  image: demoImage('logo-good-taste-express.svg', '好味速食', 'logo', '#4f86c6'),
  businessHours: '00:00-23:59',
  businessTimeRange: [{ start: '00:00', end: '23:59' }],
  openShop: true,
  openScanSwitch: false,
  shopStatus: 1,
  rebate: 100,
  minSellStartAmount: 15,
  deliverAmount: [{ distance: 6, amount: 4.5 }],
  // C§9 overseas flat delivery fee.
  deliverAmount1: 4.5,
  deliveryDistance: 6,
  deliverGst: 9,
  isFreeDeliveryFee: true,
  freeDeliveryMinAmount: 40,
  packFee: 0.3,
  // Pickup-pack: the customer asks the counter to bag the order (C§9 per scene).
  pickerPackFee: 0.5,
  packageFeeApplySceneSet: { takeaway: true, selfPickUp: false, dine: false, openTable: false },
  dishwareAmount: 0,
  dishwareGst: 9,
  serviceFee: 0,
  serviceFeeTax: 9,
  otherSetting: { ServiceChargeEnable: false, OrderTypeServiceCharge: [] },
  numberDecimals: 2,
  isRounding05: true,
  currencySymbol: 'S$',
  selfCollection: true,
  minSellAmountSupportSelfCollection: false,
  allowPack: true,
  allowDineIn: false,
  deliveryTimeRange: [{ start: '08:00', end: '22:00' }],
  nameAndPhoneRequiredByTakeaway: true,
  allowPickupAppointment: true,
  isChainMiniProgram: true,
  hasPromotionWithCode: true,
  isAllowFastRegister: true,
  utcOffsetMinutes: 480,
  notification: { isOpen: true, title: '午市优惠', content: '工作日午餐输入 LUNCH5 立减 S$1；满 S$20 每满减 S$2。' },
  notificationEn: { isOpen: true, title: 'Lunch deal', content: 'Code LUNCH5 saves S$1 on a burger meal; every S$20 spent saves S$2.' },
};

export const retailCategories: DemoCategory[] = [
  { id: C.burgers, name: '汉堡', nameEn: 'Burgers', sort: 1 },
  { id: C.sides, name: '小食', nameEn: 'Sides', sort: 2 },
  { id: C.drinks, name: '饮品', nameEn: 'Drinks', sort: 3 },
  { id: C.grocery, name: '便利货架', nameEn: 'Convenience Shelf', sort: 4 },
];

export const retailProducts: DemoProduct[] = [
  item(P.chickenBurger, C.burgers, ['香脆鸡腿堡', 'Crispy Chicken Burger'], ['整块鸡腿肉，选一种酱', 'Whole chicken thigh, pick a sauce'], 6.9, 'burger', {
    tastes: [SAUCE],
    memberPrice: 6.5,
  }),
  item(P.beefBurger, C.burgers, ['经典牛肉堡', 'Classic Beef Burger'], ['单层或双层牛肉饼', 'Single or double patty'], 7.9, 'burger', {
    specs: specsOf(P.beefBurger, [
      ['单层', 'Single', 7.9],
      ['双层', 'Double', 10.4],
    ]),
    tastes: [SAUCE],
  }),
  item(P.burgerMeal, C.burgers, ['汉堡套餐', 'Burger Meal'], ['汉堡 + 小食 + 饮品', 'A burger, a side and a drink'], 9.9, 'tray', {
    mealset: [
      {
        id: 81,
        name: '汉堡',
        nameEn: 'Burger',
        required: 1,
        items: [
          { id: P.chickenBurger, name: '香脆鸡腿堡', nameEn: 'Crispy Chicken Burger', price: 0 },
          { id: P.beefBurger, name: '经典牛肉堡', nameEn: 'Classic Beef Burger', price: 1 },
        ],
      },
      {
        id: 82,
        name: '小食',
        nameEn: 'Side',
        required: 1,
        items: [
          { id: P.fries, name: '薯条', nameEn: 'Fries', price: 0 },
          { id: P.nuggets, name: '鸡块', nameEn: 'Chicken Nuggets', price: 1.5 },
        ],
      },
      {
        id: 83,
        name: '饮品',
        nameEn: 'Drink',
        required: 1,
        items: [
          { id: P.tehTarik, name: '拉茶', nameEn: 'Teh Tarik', price: 0 },
          { id: P.icedLatte, name: '冰拿铁', nameEn: 'Iced Latte', price: 1.2 },
          { id: P.mineralWater, name: '矿泉水', nameEn: 'Mineral Water', price: 0 },
        ],
      },
    ],
  }),
  item(P.fries, C.sides, ['薯条', 'Fries'], ['三种份量', 'Three sizes'], 2.95, 'bag', {
    specs: specsOf(P.fries, [
      ['小份', 'Small', 2.95],
      ['中份', 'Medium', 3.45],
      ['大份', 'Large', 3.95],
    ]),
  }),
  item(P.nuggets, C.sides, ['鸡块（6 块）', 'Chicken Nuggets (6 pcs)'], ['配蜂蜜芥末酱', 'With honey mustard'], 4.85, 'plate'),
  item(P.icedLatte, C.drinks, ['冰拿铁', 'Iced Latte'], ['双份浓缩', 'Double shot'], 4.2, 'cup', { tastes: [SWEETNESS, ICE] }),
  item(P.mineralWater, C.drinks, ['矿泉水', 'Mineral Water'], ['500ml', '500 ml'], 1.15, 'cup'),
  item(P.tehTarik, C.drinks, ['拉茶', 'Teh Tarik'], ['南洋风味奶茶', 'Pulled milk tea'], 2.1, 'cup', { tastes: [ICE] }),
  item(P.kayaToast, C.grocery, ['咖椰吐司', 'Kaya Toast'], ['今日限量 5 份', 'Only 5 left today'], 3.6, 'cake', { stock: 5, needSoldOut: true }),
  item(P.instantNoodles, C.grocery, ['方便面（5 包）', 'Instant Noodles (5-pack)'], ['叻沙口味', 'Laksa flavour'], 6.75, 'noodles'),
  item(P.potatoChips, C.grocery, ['薯片', 'Potato Chips'], ['海盐味 150g', 'Sea salt, 150 g'], 2.35, 'bag'),
  item(P.chocolate, C.grocery, ['巧克力棒', 'Chocolate Bar'], ['暂时缺货', 'Out of stock for now'], 1.85, 'bag', { status: ProductStatus.SALE_OUT }),
];
