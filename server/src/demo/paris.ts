/**
 * (f) Le Petit Comptoir (Paris 11e): a bakery-café of the overseas demo in a zone that changes its
 * clocks (TIME-1). `timeZone` Europe/Paris, euros, takeaway and pickup 09:00–22:00 every day on the
 * Paris wall clock — summer and winter alike — cash, card and member card, and a lunch deal
 * (11:30–14:30 every day). A small menu, whole in store/productTypes; its first product, the
 * croissant, has no option, sale time or minimum, so it can be ordered alone for pickup with cash.
 */
import { ActivityType, Industry, OrderTypeLimit, ValidType } from '../../../src/domain/enums';
import { EVERY_DAY, LONG_WINDOW } from './common';
import { PARIS_ACTIVITY as A, PARIS_CATEGORY as C, PARIS_PRODUCT as P, SHOP } from './ids';
import { chainGiftRules, chainLevels, chainMemberSetting, chainPayRules, overseasChargePaySetting, overseasPaySetting } from './members';
import { demoImage, type ImageShape } from './images';
import { specsOf } from './common';
import { productOf } from './product-builder';
import type { DemoActivity, DemoCategory, DemoProduct, DemoShop, DemoShopSettings } from './types';

/** French names in `name`, English in `nameEn` (the shop's own language first). */
const item = (
  id: number,
  typeid: number,
  [name, nameEn]: [string, string],
  [description, descriptionEn]: [string, string],
  price: number,
  shape: ImageShape,
  extra: Partial<DemoProduct> = {},
): DemoProduct => productOf('paris', { id, typeid, name, nameEn, description, descriptionEn, price, shape }, extra);

export const parisSettings: DemoShopSettings = {
  id: SHOP.paris,
  name: 'Le Petit Comptoir (Paris 11e)',
  nameEn: 'Le Petit Comptoir (Paris 11th)',
  phone: '+33 1 43 55 12 34',
  industry: Industry.fastfood,
  address: '42 rue Oberkampf, 75011 Paris',
  addressEn: '42 rue Oberkampf, 75011 Paris, France',
  gpsAddress: { lat: 48.8649, lng: 2.3749 },
  image: demoImage('logo-le-petit-comptoir.svg', 'C', 'logo', '#2f5d8a'),
  businessHours: '09:00-22:00',
  businessTimeRange: [{ start: '09:00', end: '22:00' }],
  openShop: true,
  openScanSwitch: false,
  shopStatus: 1,
  rebate: 100,
  minSellStartAmount: 10,
  deliverAmount: [{ distance: 3, amount: 3.5 }],
  deliverAmount1: 3.5,
  deliveryDistance: 3,
  isFreeDeliveryFee: true,
  freeDeliveryMinAmount: 30,
  packFee: 0,
  pickerPackFee: 0,
  packageFeeApplySceneSet: { takeaway: false, selfPickUp: false, dine: false, openTable: false },
  dishwareAmount: 0,
  serviceFee: 0,
  otherSetting: { ServiceChargeEnable: false, OrderTypeServiceCharge: [] },
  numberDecimals: 2,
  isRounding05: false,
  currencySymbol: '€',
  selfCollection: true,
  minSellAmountSupportSelfCollection: false,
  allowPack: false,
  allowDineIn: false,
  deliveryTimeRange: [{ start: '09:00', end: '21:30' }],
  nameAndPhoneRequiredByTakeaway: true,
  allowPickupAppointment: true,
  isChainMiniProgram: false,
  hasPromotionWithCode: false,
  isAllowFastRegister: true,
  // TIME-1: the wall clock is Paris's, with its summer time; the offset is kept for readers of old data
  timeZone: 'Europe/Paris',
  utcOffsetMinutes: 60,
  notification: { isOpen: true, title: 'Formule midi', content: 'De 11 h 30 à 14 h 30 : 2 € de remise dès 12 € d’achat.' },
  notificationEn: { isOpen: true, title: 'Lunch deal', content: '11:30–14:30: €2 off from €12.' },
};

export const parisCategories: DemoCategory[] = [
  { id: C.pastries, name: 'Viennoiseries', nameEn: 'Pastries', sort: 1 },
  { id: C.sandwiches, name: 'Sandwichs', nameEn: 'Sandwiches', sort: 2 },
  { id: C.drinks, name: 'Boissons', nameEn: 'Drinks', sort: 3 },
  { id: C.desserts, name: 'Desserts', nameEn: 'Desserts', sort: 4 },
];

export const parisProducts: DemoProduct[] = [
  item(P.croissant, C.pastries, ['Croissant', 'Croissant'], ['Pur beurre, du matin', 'All butter, baked this morning'], 1.4, 'cake'),
  item(P.painAuChocolat, C.pastries, ['Pain au chocolat', 'Pain au chocolat'], ['Deux barres de chocolat noir', 'Two bars of dark chocolate'], 1.6, 'cake'),
  item(P.jambonBeurre, C.sandwiches, ['Jambon-beurre', 'Ham and butter baguette'], ['Baguette tradition, jambon de Paris', 'Tradition baguette, Paris ham'], 5.5, 'plate'),
  item(P.croqueMonsieur, C.sandwiches, ['Croque-monsieur', 'Croque-monsieur'], ['Gratiné au comté', 'Grilled with comté'], 7, 'plate'),
  item(P.cafe, C.drinks, ['Café', 'Espresso'], ['Serré', 'Short and strong'], 2, 'cup'),
  item(P.cafeCreme, C.drinks, ['Café crème', 'Café crème'], ['Petit ou grand', 'Small or large'], 3.2, 'cup', {
    specs: specsOf(P.cafeCreme, [
      ['Petit', 'Small', 3.2],
      ['Grand', 'Large', 4.2],
    ]),
  }),
  item(P.tarteCitron, C.desserts, ['Tarte au citron', 'Lemon tart'], ['Meringuée', 'With meringue'], 4.5, 'cake'),
];

export const parisActivities: DemoActivity[] = [
  {
    status: 1,
    validType: ValidType.fixed,
    ...LONG_WINDOW,
    id: A.lunchDeal,
    type: ActivityType.fullReduction,
    name: 'Formule midi : 2 € de remise dès 12 €',
    nameEn: 'Lunch deal: €2 off from €12',
    priority: 1,
    orderType: OrderTypeLimit.takeaway | OrderTypeLimit.pick,
    gears: [{ full: 12, less: 2 }],
    cyclicCalc: false,
    // the lunch hours on the Paris wall clock, summer and winter (TIME-1)
    time: { mode: 'week', days: EVERY_DAY, timeRanges: [{ start: '11:30', end: '14:30' }] },
  },
];

/** The Paris shop as the seed loads it: its own card (the chain's rules), cash, card and member card. */
export const parisShop: DemoShop = {
  shop: { ...parisSettings, memberLevels: chainLevels(500) },
  categories: parisCategories,
  products: parisProducts,
  activities: parisActivities,
  couponTemplates: [],
  memberSetting: {
    ...chainMemberSetting,
    name: 'Club Comptoir',
    logo: demoImage('logo-club-comptoir.svg', 'C', 'logo', '#2f5d8a'),
    cardLogo: demoImage('card-club-comptoir.svg', 'C', 'logo', '#8a6fc0'),
    cardName: 'Carte Club Comptoir',
    chargeSlogan: 'Rechargez 100 €, recevez 10 €',
  },
  memberLevels: chainLevels(500),
  payRules: chainPayRules,
  giftRules: chainGiftRules,
  paySetting: overseasPaySetting,
  vipChargePaySetting: overseasChargePaySetting,
  smsQuota: 20,
  unpaidMinutes: 15,
};
