/**
 * (c) 悦容美学馆 Serene Beauty Studio: appointments (industry 4) with service users, tags, service
 * durations, an appointment window of 14 days and a 30 % deposit (C§3 Beauty, ORDER-5).
 */
import { Industry } from '../../../src/domain/enums';
import { BEAUTY_CATEGORY as C, BEAUTY_PRODUCT as P, BEAUTY_TAG, BEAUTY_USER, SHOP } from './ids';
import { demoImage } from './images';
import { specsOf } from './common';
import { productOf } from './product-builder';
import type { DemoBeauty, DemoCategory, DemoProduct, DemoShopSettings, ServiceUser } from './types';

const service = (
  id: number,
  typeid: number,
  [name, nameEn]: [string, string],
  [description, descriptionEn]: [string, string],
  price: number,
  serviceTime: number,
  serviceTagId: number,
  extra: Partial<DemoProduct> = {},
): DemoProduct =>
  productOf(
    'beauty',
    {
      id,
      typeid,
      name,
      nameEn,
      description,
      descriptionEn,
      price,
      shape: typeid === C.hair ? 'scissors' : typeid === C.nails ? 'polish' : 'leaf',
    },
    { serviceTime, serviceTagId, notDishware: true, ...extra },
  );

export const beautySettings: DemoShopSettings = {
  id: SHOP.beauty,
  name: '悦容美学馆（静安店）',
  nameEn: 'Serene Beauty Studio (Jing’an)',
  phone: '021-62470088',
  industry: Industry.beauty,
  address: '上海市静安区南京西路 1266 号 5 楼',
  addressEn: '5F, 1266 West Nanjing Road, Jing’an District, Shanghai',
  gpsAddress: { lat: 31.2286, lng: 121.448 },
  image: demoImage('logo-serene-beauty.svg', '悦容', 'logo', '#c2618f'),
  businessHours: '10:00-22:00',
  businessTimeRange: [{ start: '10:00', end: '22:00' }],
  openShop: true,
  openScanSwitch: false,
  shopStatus: 1,
  rebate: 100,
  minSellStartAmount: 0,
  deliverAmount: [],
  deliveryDistance: 0,
  packFee: 0,
  dishwareAmount: 0,
  serviceFee: 0,
  numberDecimals: 2,
  isRounding05: false,
  currencySymbol: '¥',
  selfCollection: false,
  allowPack: false,
  allowDineIn: false,
  // Appointments can be booked up to 14 days ahead.
  appointmentTimeLimit: 14,
  isChainMiniProgram: false,
  hasPromotionWithCode: false,
  isAllowFastRegister: true,
  utcOffsetMinutes: 480,
  notification: { isOpen: true, title: '预约须知', content: '请提前 15 分钟到店；预约需支付 30% 定金，到店后抵扣。' },
  notificationEn: {
    isOpen: true,
    title: 'Booking notes',
    content: 'Please arrive 15 minutes early; a 30% deposit secures the booking and counts towards the bill.',
  },
};

export const beautyCategories: DemoCategory[] = [
  { id: C.facial, name: '面部护理', nameEn: 'Facials', sort: 1 },
  { id: C.hair, name: '美发', nameEn: 'Hair', sort: 2 },
  { id: C.nails, name: '美甲', nameEn: 'Nails', sort: 3 },
];

export const beautyProducts: DemoProduct[] = [
  service(P.hydraFacial, C.facial, ['水光补水护理', 'Hydrating Facial'], ['90 分钟深层补水', '90-minute deep hydration'], 298, 90, BEAUTY_TAG.senior),
  service(P.deepCleansing, C.facial, ['深层清洁护理', 'Deep Cleansing Facial'], ['60 分钟清洁毛孔', '60-minute pore cleansing'], 198, 60, BEAUTY_TAG.senior),
  service(P.haircut, C.hair, ['洗剪吹', 'Wash, Cut and Blow-dry'], ['按发型师级别定价', 'Priced by stylist grade'], 88, 45, BEAUTY_TAG.stylist, {
    specs: specsOf(P.haircut, [
      ['资深发型师', 'Senior stylist', 88],
      ['总监', 'Art director', 168],
    ]),
  }),
  service(P.colouring, C.hair, ['染发', 'Hair Colouring'], ['含护理，约 2 小时', 'With treatment, about 2 hours'], 388, 120, BEAUTY_TAG.stylist),
  service(P.manicure, C.nails, ['日式美甲', 'Japanese Gel Manicure'], ['纯色或简单款式', 'Solid colour or simple design'], 158, 75, BEAUTY_TAG.nailArtist),
  service(P.handCare, C.nails, ['手部护理', 'Hand Care'], ['去角质与滋润', 'Exfoliation and moisturising'], 98, 40, BEAUTY_TAG.nailArtist),
];

const staff = (
  id: number,
  jobNo: string,
  [userName, userNameEn]: [string, string],
  [desc, descEn]: [string, string],
  tagId: number,
  tagName: string,
  userPhone: string,
  canReverse = true,
): ServiceUser => ({
  id,
  jobNo,
  userName,
  userNameEn,
  desc,
  descEn,
  tagId,
  tagName,
  userPhone,
  canReverse,
  headImage: demoImage(`avatar-staff-${jobNo.toLowerCase()}.svg`, userName, 'person'),
});

export const beautyService: DemoBeauty = {
  set: {
    serviceUserRequired: true,
    CashPay: false,
    WeiXinPay: true,
    AliPay: true,
    VipPay: true,
    // A 30 % deposit is paid when booking (C§3 depositSet, payMode 1 = rate).
    depositSet: { allowDeposit: true, payMode: 1, rate: 30 },
    slotMinutes: 30,
  },
  tags: [
    { id: BEAUTY_TAG.senior, name: '资深美容师', nameEn: 'Senior beautician' },
    { id: BEAUTY_TAG.stylist, name: '发型师', nameEn: 'Hair stylist' },
    { id: BEAUTY_TAG.nailArtist, name: '美甲师', nameEn: 'Nail artist' },
  ],
  users: [
    staff(BEAUTY_USER.lin, 'B001', ['林悦', 'Lin Yue'], ['12 年护肤经验，擅长敏感肌', '12 years in skin care, sensitive skin specialist'], BEAUTY_TAG.senior, '资深美容师', '13611110001'),
    staff(BEAUTY_USER.chen, 'H002', ['陈默', 'Chen Mo'], ['日系短发与染色', 'Japanese-style short cuts and colour'], BEAUTY_TAG.stylist, '发型师', '13611110002'),
    staff(BEAUTY_USER.wang, 'H003', ['王珊', 'Wang Shan'], ['艺术总监，仅接受老客预约', 'Art director, returning clients only'], BEAUTY_TAG.stylist, '发型师', '13611110003', false),
    staff(BEAUTY_USER.zhao, 'N004', ['赵晴', 'Zhao Qing'], ['日式美甲，手绘款', 'Japanese gel, hand-painted designs'], BEAUTY_TAG.nailArtist, '美甲师', '13611110004'),
  ],
};
