/**
 * (a) 沪味小馆 Shanghai Bistro: a restaurant with dine-in scan-order tables in two areas, open-table
 * timed service, takeaway with distance tiers and pickup. Its menu shows every product feature of
 * MENU-1…4: specs, required/optional tastes, meal sets, sold out, offline, sale times, stock, minimum
 * quantity, purchase limit, member price, member-level restriction and each tax mode.
 */
import { Industry, ProductStatus, ServiceChargeOrderType, TaxMode } from '../../../src/domain/enums';
import { ACTIVITY, CHAIN_ID, AREA, MEMBER_LEVEL, RESTAURANT_CATEGORY as C, RESTAURANT_PRODUCT as P, SHOP, TABLE } from './ids';
import { demoImage, type ImageShape } from './images';
import { DIPS, EVERY_DAY, ICE, RICE_PORTION, SPICE_LEVEL, SWEETNESS, TOPPINGS, WEEKDAYS, specsOf, taxOf } from './common';
import { productOf } from './product-builder';
import type { DemoArea, DemoCategory, DemoProduct, DemoShopSettings, DemoTable } from './types';

const dish = (
  id: number,
  typeid: number,
  [name, nameEn]: [string, string],
  [description, descriptionEn]: [string, string],
  price: number,
  shape: ImageShape,
  extra: Partial<DemoProduct> = {},
): DemoProduct => productOf('rest', { id, typeid, name, nameEn, description, descriptionEn, price, shape }, extra);

export const restaurantSettings: DemoShopSettings = {
  id: SHOP.restaurant,
  chainId: CHAIN_ID,
  name: '沪味小馆（南京东路店）',
  nameEn: 'Shanghai Bistro (East Nanjing Rd)',
  phone: '021-63501234',
  industry: Industry.fastfood,
  address: '上海市黄浦区南京东路 300 号 2 楼',
  addressEn: '2F, 300 East Nanjing Road, Huangpu District, Shanghai',
  gpsAddress: { lat: 31.2304, lng: 121.4737 },
  image: demoImage('logo-shanghai-bistro.svg', '沪味小馆', 'logo', '#df554a'),
  // C§5: takeaway follows the business hours (06:00 to 02:00 the next day, across midnight);
  // dine-in by scan code is served around the clock (scanOrderBusinessHours).
  businessHours: '06:00-02:00',
  businessTimeRange: [{ start: '06:00', end: '02:00' }],
  scanOrderBusinessHours: { businessMode: 'routine', businessScanOrderHours: [{ start: '00:00', end: '23:59' }] },
  openShop: true,
  openScanSwitch: true,
  shopStatus: 1,
  rebate: 100,
  minSellStartAmount: 20,
  // C§9 delivery tiers: ≤3 km ¥5, ≤5 km ¥8, ≤8 km ¥12; free from ¥88.
  deliverAmount: [
    { distance: 3, amount: 5 },
    { distance: 5, amount: 8 },
    { distance: 8, amount: 12 },
  ],
  deliverAmount1: 6,
  deliveryDistance: 8,
  isFreeDeliveryFee: true,
  freeDeliveryMinAmount: 88,
  dishwareAmount: 1,
  packFee: 1,
  pickerPackFee: 2,
  packageFeeApplySceneSet: { takeaway: true, selfPickUp: true, dine: false, openTable: false },
  deliverGst: 0,
  dishwareGst: 0,
  // Service charge 10 % on dine-in and open-table orders (C§9, codes 86009 / 86008).
  serviceFee: 10,
  serviceFeeTax: 0,
  otherSetting: {
    ServiceChargeEnable: true,
    OrderTypeServiceCharge: [ServiceChargeOrderType.dine, ServiceChargeOrderType.openTable],
  },
  discountSet: { dineRebate: 100, openTableRebate: 100, defaultRebate: 100 },
  numberDecimals: 2,
  isRounding05: false,
  currencySymbol: '¥',
  selfCollection: true,
  minSellAmountSupportSelfCollection: true,
  allowPack: true,
  allowDineIn: true,
  deliveryTimeRange: [{ start: '10:00', end: '21:30' }],
  nameAndPhoneRequiredByTakeaway: true,
  allowPickupAppointment: true,
  isChainMiniProgram: true,
  hasPromotionWithCode: true,
  isAllowFastRegister: true,
  isOpenTiming: true,
  utcOffsetMinutes: 480,
  // the shared red bag the shop home offers (C§3 expandRedBagId)
  expandRedBagId: ACTIVITY.expandCoupon,
  notification: {
    isOpen: true,
    title: '本店公告',
    content: '会员满 100 元享 9.5 折，输入优惠码 SAVE10 招牌菜立减 10%。包间请提前电话预订。',
  },
  notificationEn: {
    isOpen: true,
    title: 'Notice',
    content: 'Members save 5% from ¥100; code SAVE10 takes 10% off signature dishes. Call ahead to book a private room.',
  },
  messageTmplIds: ['order-accepted', 'order-delivering', 'order-refunded'],
  // NOTICE-1: what each template tells and the order value of each of its data fields (server-only)
  noticeTemplates: {
    'order-accepted': {
      status: 'accepted',
      fields: { character_string1: 'orderNo', thing2: 'shopName', phrase3: 'status', time4: 'time' },
    },
    'order-delivering': {
      status: 'delivering',
      fields: { character_string1: 'orderNo', thing2: 'shopName', phrase3: 'status', number4: 'pickupNo', time5: 'time' },
    },
    'order-refunded': {
      status: 'refunded',
      fields: { character_string1: 'orderNo', amount2: 'amount', thing3: 'reason', time4: 'time' },
    },
  },
  chatGroupSlogan: '加入会员群，每周三抢免单',
  chatGroupImage: demoImage('group-shanghai-bistro.svg', '群', 'person', '#4f9d8f'),
  appDownloadUrl: 'https://app.example.com/shanghai-bistro/android',
};

export const restaurantCategories: DemoCategory[] = [
  {
    id: C.breakfast,
    name: '早餐',
    nameEn: 'Breakfast',
    sort: 1,
    // MENU-1: breakfast is sold on weekdays 06:00–10:00 only.
    saleDateRange: [{ weekdays: WEEKDAYS, timeRanges: [{ start: '06:00', end: '10:00' }] }],
  },
  { id: C.signature, name: '招牌菜', nameEn: 'Signature Dishes', sort: 2 },
  { id: C.stirFry, name: '家常小炒', nameEn: 'Home-style Stir-fries', sort: 3 },
  { id: C.noodles, name: '面点主食', nameEn: 'Noodles & Dumplings', sort: 4 },
  { id: C.soup, name: '汤羹', nameEn: 'Soups', sort: 5 },
  { id: C.setMeal, name: '超值套餐', nameEn: 'Set Meals', sort: 6 },
  { id: C.drinks, name: '饮品', nameEn: 'Drinks', sort: 7 },
  { id: C.dessert, name: '甜品', nameEn: 'Desserts', sort: 8 },
];

const VAT_IN_13 = taxOf(1, TaxMode.TAX_IN, 13, '增值税 13%（含税）');
const VAT_OUT_13 = taxOf(2, TaxMode.TAX_OUT, 13, '增值税 13%（另计）');
const IMPORT_FIXED_OUT = taxOf(3, TaxMode.FIXED_TAX_OUT, 1.5, '进口附加 ¥1.5/瓶（另计）');
const CAKE_FIXED_IN = taxOf(4, TaxMode.FIXED_TAX_IN, 5, '定制附加 ¥5（含）');

export const restaurantProducts: DemoProduct[] = [
  // Breakfast: weekdays 06:00–10:00 (category sale time).
  dish(P.soyMilk, C.breakfast, ['现磨豆浆', 'Fresh Soy Milk'], ['每日现磨，可选甜度', 'Ground every morning, choose the sweetness'], 4, 'cup', {
    tastes: [SWEETNESS],
    notDishware: true,
  }),
  dish(P.youtiao, C.breakfast, ['油条', 'Youtiao'], ['外酥里软的老上海油条', 'Crispy fried dough stick, Shanghai style'], 2.5, 'plate'),
  dish(10103, C.breakfast, ['生煎包（4只）', 'Pan-fried Pork Buns (4)'], ['底脆汁多，趁热吃', 'Crispy bottoms, juicy filling'], 12, 'plate', { tastes: [DIPS] }),
  dish(10105, C.breakfast, ['粢饭团', 'Sticky Rice Roll'], ['糯米包油条、肉松', 'Sticky rice wrapped around youtiao and pork floss'], 8, 'plate'),
  dish(10106, C.breakfast, ['鲜肉小馄饨', 'Pork Wonton Soup'], ['紫菜虾皮清汤', 'Light broth with seaweed and dried shrimp'], 10, 'bowl', { tastes: [TOPPINGS] }),

  // Signature dishes.
  dish(P.kungPaoChicken, C.signature, ['宫保鸡丁', 'Kung Pao Chicken'], ['鸡腿肉、花生、干辣椒，酸甜微辣', 'Chicken thigh, peanuts and dried chili, sweet and sour'], 38, 'plate', {
    tastes: [SPICE_LEVEL],
    memberPrice: 35,
  }),
  dish(P.boiledFish, C.signature, ['水煮鱼', 'Boiled Fish in Chili Broth'], ['现杀黑鱼，麻辣鲜香，三种份量', 'Fresh snakehead in numbing chili broth, three sizes'], 58, 'bowl', {
    specs: specsOf(P.boiledFish, [
      ['小份', 'Small', 58],
      ['中份', 'Medium', 78],
      ['大份', 'Large', 98],
    ]),
    tastes: [SPICE_LEVEL],
  }),
  dish(P.mapoTofu, C.signature, ['麻婆豆腐', 'Mapo Tofu'], ['嫩豆腐、牛肉末、花椒，必选辣度', 'Silken tofu, minced beef and Sichuan pepper; pick a spice level'], 22, 'bowl', {
    tastes: [SPICE_LEVEL, TOPPINGS],
  }),
  dish(P.peking, C.signature, ['北京烤鸭（半只）', 'Peking Duck (Half)'], ['每日限量 5 份，配薄饼和甜面酱', 'Only 5 a day, with pancakes and sweet bean sauce'], 128, 'plate', {
    stock: 5,
    needSoldOut: true,
  }),
  dish(P.lobster, C.signature, ['清蒸龙虾', 'Steamed Lobster'], ['时价海鲜，今日已售罄', 'Market-price seafood, sold out today'], 288, 'plate', {
    status: ProductStatus.SALE_OUT,
  }),
  dish(P.abalone, C.signature, ['鲍鱼捞饭', 'Abalone Rice'], ['季节菜品，暂时下架', 'Seasonal dish, currently off the menu'], 168, 'bowl', {
    status: ProductStatus.OFFLINE,
  }),
  dish(P.wagyu, C.signature, ['和牛牛排', 'Wagyu Steak'], ['金卡、钻石卡会员专享', 'For gold and diamond members only'], 268, 'plate', {
    memberLevels: [MEMBER_LEVEL.gold, MEMBER_LEVEL.diamond],
  }),
  dish(10208, C.signature, ['松鼠桂鱼', 'Squirrel-shaped Mandarin Fish'], ['酥脆桂鱼浇番茄甜酸汁', 'Crisp mandarin fish in sweet tomato sauce'], 118, 'plate'),

  // Stir-fries.
  dish(P.braisedPork, C.stirFry, ['红烧肉', 'Braised Pork Belly'], ['本帮浓油赤酱，配米饭', 'Shanghai red-braised pork with rice'], 48, 'bowl', {
    memberPrice: 42,
    tastes: [RICE_PORTION],
  }),
  dish(10302, C.stirFry, ['鱼香肉丝', 'Yu Xiang Shredded Pork'], ['酸甜微辣，下饭神器', 'Sweet, sour and a little hot'], 32, 'plate', { memberPrice: 29, tastes: [SPICE_LEVEL] }),
  dish(10303, C.stirFry, ['番茄炒蛋', 'Tomato and Egg Stir-fry'], ['家常味道', 'The taste of home'], 22, 'plate'),
  dish(P.crayfish, C.stirFry, ['麻辣小龙虾', 'Spicy Crayfish'], ['每单限购 2 份', 'Limit 2 per order'], 98, 'bowl', {
    purchaseLimit: 2,
    tastes: [SPICE_LEVEL],
  }),
  dish(10305, C.stirFry, ['干煸四季豆', 'Dry-fried Green Beans'], ['煸至起皱，加肉末', 'Blistered beans with minced pork'], 26, 'plate'),
  dish(10306, C.stirFry, ['地三鲜', 'Potato, Eggplant and Pepper'], ['东北名菜', 'A north-eastern classic'], 24, 'plate'),
  dish(P.nightSkewers, C.stirFry, ['夜宵烤串拼盘', 'Late-night Skewer Platter'], ['每晚 21:00 至次日 02:00 供应', 'Served 21:00 to 02:00 only'], 36, 'tray', {
    saleTime: [{ weekdays: EVERY_DAY, timeRanges: [{ start: '21:00', end: '02:00' }] }],
    tastes: [SPICE_LEVEL],
  }),

  // Noodles and dumplings.
  dish(10401, C.noodles, ['葱油拌面', 'Scallion Oil Noodles'], ['上海经典', 'A Shanghai classic'], 16, 'noodles', { tastes: [TOPPINGS] }),
  dish(10402, C.noodles, ['红烧牛肉面', 'Braised Beef Noodle Soup'], ['慢炖牛腩，两种份量', 'Slow-braised beef brisket, two sizes'], 32, 'noodles', {
    specs: specsOf(10402, [
      ['标准', 'Regular', 32, 30],
      ['加大', 'Large', 38, 35],
    ]),
    memberPrice: 30,
  }),
  dish(P.dumplings, C.noodles, ['猪肉白菜水饺（10只）', 'Pork and Cabbage Dumplings (10)'], ['2 份起售', 'Minimum order 2 portions'], 18, 'plate', {
    minQuantity: 2,
    tastes: [DIPS],
  }),
  dish(P.xiaolongbao, C.noodles, ['蟹粉小笼包', 'Crab Xiaolongbao'], ['第二份半价', 'Second basket half price'], 26, 'tray'),
  dish(P.rice, C.noodles, ['白米饭', 'Steamed Rice'], ['东北大米', 'North-eastern short-grain rice'], 2, 'bowl'),
  dish(10405, C.noodles, ['扬州炒饭', 'Yangzhou Fried Rice'], ['虾仁、火腿、鸡蛋', 'Shrimp, ham and egg'], 28, 'bowl', { memberPrice: 25, tastes: [TOPPINGS] }),

  // Soups.
  dish(10501, C.soup, ['西湖牛肉羹', 'West Lake Beef Soup'], ['蛋花、香菜、牛肉末', 'Egg ribbons, coriander and minced beef'], 28, 'bowl'),
  dish(10502, C.soup, ['酸辣汤', 'Hot and Sour Soup'], ['两种份量', 'Two sizes'], 18, 'bowl', {
    specs: specsOf(10502, [
      ['小碗', 'Small bowl', 18],
      ['大碗', 'Large bowl', 28],
    ]),
  }),
  dish(10503, C.soup, ['腌笃鲜', 'Bamboo Shoot and Pork Soup'], ['春笋、咸肉、鲜肉慢炖', 'Spring bamboo, cured and fresh pork'], 58, 'bowl'),

  // Set meals: contents must be chosen (MENU-3).
  dish(P.comboSet, C.setMeal, ['超值单人套餐', 'Value Set for One'], ['主菜 + 主食 + 饮品，各选一样', 'Pick a main, a side and a drink'], 45, 'tray', {
    mealset: [
      {
        id: 61,
        name: '主菜',
        nameEn: 'Main',
        required: 1,
        items: [
          { id: P.kungPaoChicken, name: '宫保鸡丁', nameEn: 'Kung Pao Chicken', price: 0 },
          { id: 10302, name: '鱼香肉丝', nameEn: 'Yu Xiang Shredded Pork', price: 0 },
          { id: P.braisedPork, name: '红烧肉', nameEn: 'Braised Pork Belly', price: 6 },
        ],
      },
      {
        id: 62,
        name: '主食',
        nameEn: 'Side',
        required: 1,
        items: [
          { id: P.rice, name: '白米饭', nameEn: 'Steamed Rice', price: 0 },
          { id: 10405, name: '扬州炒饭', nameEn: 'Yangzhou Fried Rice', price: 3 },
        ],
      },
      {
        id: 63,
        name: '饮品',
        nameEn: 'Drink',
        required: 1,
        items: [
          { id: P.lemonTea, name: '冻柠檬茶', nameEn: 'Iced Lemon Tea', price: 0 },
          { id: P.cola, name: '可乐', nameEn: 'Cola', price: 0 },
          { id: P.soyMilk, name: '现磨豆浆', nameEn: 'Fresh Soy Milk', price: 0 },
        ],
      },
    ],
  }),
  dish(P.familySet, C.setMeal, ['双人分享套餐', 'Set for Two'], ['两道主菜 + 一道汤', 'Two mains and a soup'], 128, 'tray', {
    dishwareAmount: 2,
    mealset: [
      {
        id: 64,
        name: '主菜（选两样）',
        nameEn: 'Mains (pick two)',
        required: 2,
        items: [
          { id: P.kungPaoChicken, name: '宫保鸡丁', nameEn: 'Kung Pao Chicken', price: 0 },
          { id: P.mapoTofu, name: '麻婆豆腐', nameEn: 'Mapo Tofu', price: 0 },
          { id: P.braisedPork, name: '红烧肉', nameEn: 'Braised Pork Belly', price: 8 },
          { id: 10305, name: '干煸四季豆', nameEn: 'Dry-fried Green Beans', price: 0 },
        ],
      },
      {
        id: 65,
        name: '汤',
        nameEn: 'Soup',
        required: 1,
        items: [
          { id: 10501, name: '西湖牛肉羹', nameEn: 'West Lake Beef Soup', price: 0 },
          { id: 10502, name: '酸辣汤', nameEn: 'Hot and Sour Soup', price: 0 },
        ],
      },
    ],
  }),

  // Drinks: each tax mode has an example (PRICE-2).
  dish(P.lemonTea, C.drinks, ['冻柠檬茶', 'Iced Lemon Tea'], ['港式手打柠檬茶', 'Hong Kong style, hand-pressed lemons'], 12, 'cup', {
    specs: specsOf(P.lemonTea, [
      ['中杯', 'Medium', 12],
      ['大杯', 'Large', 15],
    ]),
    tastes: [SWEETNESS, ICE],
    notDishware: true,
  }),
  dish(P.cola, C.drinks, ['可乐', 'Cola'], ['330ml 罐装', '330 ml can'], 6, 'cup', { notDishware: true }),
  dish(P.beer, C.drinks, ['青岛啤酒', 'Tsingtao Beer'], ['价格已含 13% 增值税', 'Price includes 13% VAT'], 12, 'cup', {
    taxes: [VAT_IN_13],
    notDishware: true,
  }),
  dish(10704, C.drinks, ['酸梅汤', 'Sour Plum Drink'], ['古法熬制，解辣', 'Slow-brewed, cools the chili'], 10, 'cup', { notDishware: true }),
  dish(P.wine, C.drinks, ['招牌红酒（杯）', 'House Red Wine (Glass)'], ['另计 13% 增值税', 'Plus 13% VAT'], 48, 'cup', {
    taxes: [VAT_OUT_13],
    joinDiscount: 'N',
  }),
  dish(P.imported, C.drinks, ['进口气泡水', 'Imported Sparkling Water'], ['每瓶另计进口附加 ¥1.5', 'Plus a fixed ¥1.50 import levy per bottle'], 15, 'cup', {
    taxes: [IMPORT_FIXED_OUT],
    notDishware: true,
  }),
  dish(10707, C.drinks, ['鲜榨橙汁', 'Fresh Orange Juice'], ['现点现榨', 'Squeezed to order'], 18, 'cup', {
    specs: specsOf(10707, [
      ['中杯', 'Medium', 18],
      ['大杯', 'Large', 24],
    ]),
    tastes: [ICE],
  }),

  // Desserts.
  dish(10801, C.dessert, ['杨枝甘露', 'Mango Pomelo Sago'], ['芒果、西柚、西米', 'Mango, pomelo and sago'], 22, 'cup'),
  dish(P.mangoPudding, C.dessert, ['芒果布丁', 'Mango Pudding'], ['手工制作，每日 5 份', 'Handmade, 5 a day'], 16, 'cake', { stock: 5, needSoldOut: true }),
  dish(P.cake, C.dessert, ['生日蛋糕（6 寸）', 'Birthday Cake (6 inch)'], ['含定制附加 ¥5，不参与优惠', 'Includes a ¥5 custom fee; no discounts apply'], 168, 'cake', {
    taxes: [CAKE_FIXED_IN],
    joinDiscount: 'N',
  }),
  dish(10804, C.dessert, ['桂花糖藕', 'Osmanthus Lotus Root'], ['糯米藕配桂花蜜', 'Sticky-rice lotus root with osmanthus syrup'], 26, 'cake', { productRebatePercent: 90 }),
  dish(10805, C.dessert, ['红豆双皮奶', 'Red Bean Milk Pudding'], ['顺德做法', 'Shunde style'], 15, 'cake'),
];

export const restaurantAreas: DemoArea[] = [
  { id: AREA.hall, name: '大厅', nameEn: 'Hall' },
  { id: AREA.room, name: '包间', nameEn: 'Private Room' },
];

const hallTable = (name: keyof typeof TABLE, nMaxPerson: number): DemoTable => ({
  id: TABLE[name],
  sName: name,
  nAreaID: AREA.hall,
  areaName: '大厅',
  areaNameEn: 'Hall',
  nMaxPerson,
  nStatus: 0,
  nTableStatus: 1,
  // Open-table timing in the hall: ¥10 per started hour (nFeeType 0 rounds up to whole hours).
  fEachFee: 10,
  nFeeType: 0,
});

const room = (name: keyof typeof TABLE, nMaxPerson: number, fEachFee: number): DemoTable => ({
  id: TABLE[name],
  sName: name,
  nAreaID: AREA.room,
  areaName: '包间',
  areaNameEn: 'Private Room',
  nMaxPerson,
  nStatus: 0,
  nTableStatus: 1,
  fEachFee,
  // Private rooms bill by the half hour (C§9 fee type 1).
  nFeeType: 1,
});

export const restaurantTables: DemoTable[] = [
  hallTable('A1', 2),
  hallTable('A2', 2),
  hallTable('A3', 4),
  hallTable('A4', 4),
  hallTable('A5', 4),
  hallTable('A6', 4),
  hallTable('A7', 6),
  hallTable('A8', 8),
  room('R1', 10, 60),
  room('R2', 10, 60),
  room('R3', 12, 80),
  room('R4', 16, 120),
];
