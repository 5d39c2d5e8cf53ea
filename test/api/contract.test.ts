import { z } from 'zod';
import { Money } from '../../src/api/contract/common';
import { activityCalls } from '../../src/api/contract/activity';
import { beautyCalls } from '../../src/api/contract/beauty';
import { AmountErrorData, ORDER_LIST_TAB_STATUSES, OrderDetail, orderCalls } from '../../src/api/contract/order';
import { OrderStatus } from '../../src/domain/enums';
import { NewPayPassword, PayPassword, codeOfIssues } from '../../src/api/contract/shared-shapes';
import { tableCalls } from '../../src/api/contract/table';
import { vipCalls } from '../../src/api/contract/vip';
import { ErrorCode } from '../../src/domain/errors';

/**
 * Every call of order, pay, table, beauty, vip and activity has a valid request and answer example
 * here; the mapped types make a missing example a type error.
 */
type ReqExamples<C> = { [K in keyof C]: C[K] extends { req: z.ZodType } ? z.input<C[K]['req']> : never };
type ResExamples<C> = { [K in keyof C]: C[K] extends { res: z.ZodType } ? z.output<C[K]['res']> : never };

const T0 = 1_763_870_400_000; // 2025-11-23 04:00 UTC

const line = { id: 11, specId: 3, tastes: [{ id: 5, quantity: 1 }], quantity: 2, flag: '11_3_5x1' };

const submission = {
  type: 'takeaway' as const,
  payType: 'weixin' as const,
  products: [line],
  note: 'less spicy',
  contact_address: '1 Harbour Road',
  contact_address_gps: '114.1694,22.3193',
  contact_phone: '85291234567',
  contact_name: 'Lee',
  deliveryTime: 'ASAP' as const,
  couponId: 'auto' as const,
  usePoints: false,
  expectedTotal: 58.5,
};

const breakdown = {
  goodsAmount: 60,
  deliveryFee: 5,
  packFee: 1,
  dishwareAmount: 0,
  serviceCharge: 0,
  tableFee: 0,
  taxAmount: 0,
  roundingAmount: 0,
  couponAmount: 5,
  pointsDeduction: 0,
  pointsUsed: 0,
  vipDiscount: 2.5,
  discountAmount: 7.5,
  // 60 + 5 + 1 − 7.5 = 58.5
  total: 58.5,
  adjustments: [
    { source: 'coupon' as const, name: 'Spend 50 save 5', amount: 5, couponId: 71 },
    { source: 'memberDiscount' as const, name: 'Member 95%', amount: 2.5 },
  ],
};

const orderLine = {
  flag: '11_3_5x1',
  productId: 11,
  name: 'Beef noodles',
  specId: 3,
  specName: 'Large',
  tastes: [{ id: 5, name: 'Extra egg', quantity: 1, price: 2 }],
  tastesName: 'Extra egg',
  mealset: [],
  mealsetNames: '',
  quantity: 2,
  price: 30,
  originalPrice: 30,
  amount: 60,
  discountAmount: 7.5,
};

const order = {
  ...breakdown,
  id: 9001,
  orderNo: 'T20251123000001',
  shopId: 1,
  shopName: 'Noodle House',
  type: 'takeaway' as const,
  createdAt: T0,
  status: 'nopay' as const,
  payStatus: 0 as const,
  payType: 'weixin' as const,
  note: 'less spicy',
  merchantNote: '',
  tableNo: null,
  people: null,
  contact: {
    contact_name: 'Lee',
    contact_phone: '85291234567',
    contact_address: '1 Harbour Road',
    contact_address_gps: '114.1694,22.3193',
  },
  appointmentTime: null,
  pickupTime: null,
  deliveryTime: 'ASAP' as const,
  service: null,
  couponId: 71,
  couponName: 'Spend 50 save 5',
  paidAmount: 0,
  payDeadline: T0 + 15 * 60_000,
  daySeq: 12,
  isPickerPack: false,
  lines: [orderLine],
};

const orderReq: ReqExamples<typeof orderCalls> = {
  last: {},
  list: { page: 1, pageLimit: 20, tab: 'unpaid' },
  detail: { id: 9001 },
  confirm: submission,
  confirmDelivered: { id: 9001 },
  close: { id: 9001 },
  deliveryInfo: { orderNo: 'T20251123000001' },
  payErrorCallback: { id: 9001, payType: 'weixin', payStatus: 3, reason: 'user cancelled' },
  sendProductOrderSuccess: { id: 9001 },
  daySeq: { id: 9001 },
  updateTradeNo: { id: 9001, tradeNo: 'WX123' },
  pay: { id: 9001, payType: 'weixin' },
  payQuery: { id: 9001 },
};

const orderRes: ResExamples<typeof orderCalls> = {
  last: order,
  list: { list: [order], total: 1, page: 1, pageLimit: 20 },
  detail: order,
  confirm: { id: 9001, orderNo: 'T20251123000001', status: 'nopay', payStatus: 0, total: 58.5, needPay: true, payDeadline: T0 + 900_000 },
  confirmDelivered: { id: 9001, status: 'successed', payStatus: 1 },
  close: { id: 9001, status: 'nopay_cancel', payStatus: 3 },
  deliveryInfo: {
    orderNo: 'T20251123000001',
    status: 'rider_picked_up',
    riderName: 'Chan',
    riderPhone: '85290000000',
    riderGps: '114.17,22.32',
    estimatedArrival: T0 + 1_800_000,
    events: [{ time: T0, status: 'rider_confirmed', text: 'Rider on the way to the shop' }],
  },
  payErrorCallback: { id: 9001, status: 'nopay', payStatus: 3 },
  sendProductOrderSuccess: 'ok',
  daySeq: { daySeq: 12 },
  updateTradeNo: 'ok',
  pay: {
    kind: 'wallet',
    provider: 'weixin',
    tradeNo: 'WX123',
    amount: 58.5,
    params: { timeStamp: '1763870400', nonceStr: 'n0nce', package: 'prepay_id=wx1', signType: 'HMAC-SHA256', paySign: 'ab' },
  },
  payQuery: { id: 9001, status: 'pending', payStatus: 1, paidAmount: 58.5 },
};

const table = { id: 3, nAreaID: 1, nMaxPerson: 4, nStatus: 1, sName: 'A3', areaName: 'Hall', fEachFee: 20, nFeeType: 1, nTableStatus: 0 };
const diner = { openId: 'o-abc', nickName: 'Lee', avatarUrl: 'https://img.example/a.png' };
const tableOrder = {
  id: 501,
  nShopID: 1,
  sOrderNo: 'TB20251123000001',
  nTableID: 3,
  nOrderStatus: 0,
  nPerson: 3,
  sAreaName: 'Hall',
  sTableName: 'A3',
  sCustomizeName: '',
  fEachFee: 20,
  nFeeType: 1,
  fDiscountAmount: 0,
  fReceivedAmount: 0,
  sNote: '',
  nPayWay: 0,
  nMemberID: 0,
  fSaleAmount: 60,
  fTableAmount: 20,
  fTaxAmount: 0,
  fRoundingAmount: 0,
  nStartTimerTime: T0,
  nExceptEndTime: 0,
  fVipDiscountAmount: 0,
  nIsOpenTiming: 1 as const,
  nCreateTime: T0,
  roomId: 'table_1_3_501',
  lines: [{ ...orderLine, discountAmount: 0, ...diner, addedAt: T0 }],
};

const tableReq: ReqExamples<typeof tableCalls> = {
  getTableInfo: { tableId: 3 },
  order: { person: 3, tableId: 3, ...diner },
  userAddProducts: { products: [line], note: '', orderId: 501, ...diner },
  refreshOrder: { openId: 'o-abc', orderId: 501 },
  userOrders: { orderId: 501 },
  canPay: { openId: 'o-abc', orderId: 501 },
  confirm: { orderId: 501, openId: 'o-abc', payType: 'cash', expectedTotal: 80 },
  cancelPay: { openId: 'o-abc', orderId: 501 },
};
const tableRes: ResExamples<typeof tableCalls> = {
  getTableInfo: { tableInfo: table, userOrders: [tableOrder], order: tableOrder, allTableOrders: [tableOrder], openid: 'o-abc' },
  order: tableOrder,
  userAddProducts: tableOrder,
  refreshOrder: tableOrder,
  userOrders: { list: [{ ...diner, addedAt: T0, note: '', lines: [orderLine] }] },
  canPay: { canPay: true, payingOpenId: null, total: 80 },
  confirm: { id: 501, orderNo: 'TB20251123000001', status: 'successed', payStatus: 1, total: 80, needPay: false, payDeadline: null },
  cancelPay: 'ok',
};

const serviceUser = {
  id: 8,
  jobNo: 'B08',
  desc: 'Senior stylist',
  tagId: 2,
  canReverse: true,
  userPhone: '85290000001',
  userName: 'Mia',
  headImage: 'https://img.example/mia.png',
  tagName: 'Stylist',
};
const beautyReq: ReqExamples<typeof beautyCalls> = {
  users: { productIds: [40], appointment: T0 },
  alreadyAppointmentTimes: { date: '2025-11-23', serviceUserId: 8 },
};
const beautyRes: ResExamples<typeof beautyCalls> = {
  users: {
    users: [serviceUser],
    lastUsers: [serviceUser],
    tags: [{ id: 2, name: 'Stylist' }],
    set: {
      serviceUserRequired: true,
      CashPay: true,
      WeiXinPay: true,
      AliPay: false,
      VipPay: true,
      depositSet: { allowDeposit: true, payMode: 1, rate: 30 },
      slotMinutes: 30,
    },
  },
  alreadyAppointmentTimes: { list: [{ start: T0, end: T0 + 3_600_000, serviceUserId: 8 }] },
};

const member = {
  id: 77,
  name: 'Lee',
  birthday: '1990-05-01',
  phone: '85291234567',
  level: 1002,
  levelName: 'Gold',
  cardNo: 'VIP0077',
  amount: 120.5,
  giftAmount: 10,
  points: 3400,
  barcode: '',
  discount: 95,
  isChain: false,
  isCharged: true,
  industry: 2,
  isBindOfficialAccount: false,
  hasPayPassword: true,
};
const memberSetting = { name: 'Noodle Club', isOpenDiscount: true, discountMode: 0, allowRegisterInWeb: true, pointDeductionRate: 100 };
const coupon = {
  id: 71,
  activityID: 30,
  name: 'Spend 50 save 5',
  type: 4,
  startDate: '2025-11-01',
  endDate: '2025-12-31',
  status: 1 as const,
  reductionAmount: 5,
  minAmount: 50,
  orderType: 1,
};
const activity = {
  id: 30,
  name: 'Spend 50 save 5',
  type: 1,
  priority: 1,
  status: 1,
  validType: 2,
  startDate: '2025-11-01',
  endDate: '2025-12-31',
  gears: [{ full: 50, less: 5 }],
  cyclicCalc: false,
  orderType: 5,
  time: { mode: 'week' as const, days: [1, 2, 3], timeRanges: [{ start: '11:00', end: '14:00' }] },
};
const transaction = {
  id: 1,
  type: 'consume' as const,
  amount: -58.5,
  giftAmount: 0,
  points: 58,
  balance: 62,
  time: T0,
  orderNo: 'T20251123000001',
  shopName: 'Noodle House',
  note: '',
};

const vipReq: ReqExamples<typeof vipCalls> = {
  genVipToken: {},
  registerCoupons: {},
  getInfo: { version: 3 },
  register: { phone: '85291234567', smsCode: '123456', name: 'Lee' },
  bind: { code: 'phone-auth-code' },
  getRegisterCoupons: {},
  update: { name: 'Lee', birthday: '1990-05-01' },
  doc: { id: 77, page: 1, pageLimit: 20 },
  payRules: { is_first: 1 },
  checkCode: { phone: '85291234567', code: '4321' },
  getVipShopList: {},
  pointDoc: { id: 77 },
  giftAmountRules: {},
  updatePayPassword: { id: 77, originPayPassword: '135790', payPassword: '246802', repeatPayPassword: '246802' },
  getMemberNotifyInfo: {},
  bindOfficialAccount: { officialAccountOpenid: 'oa-1' },
  activities: {},
  recharge: { ruleId: 2, payType: 'alipay' },
  rechargeQuery: { rechargeId: 9 },
};
const vipRes: ResExamples<typeof vipCalls> = {
  genVipToken: { token: 'vip-token', expiresAt: T0 + 86_400_000 },
  registerCoupons: { list: [coupon] },
  getInfo: { vipInfo: member, memberSetting, version: 3 },
  register: { vipInfo: member },
  bind: { vipInfo: member },
  getRegisterCoupons: { list: [coupon] },
  update: { vipInfo: member },
  doc: { list: [transaction], total: 1, page: 1, pageLimit: 20 },
  payRules: {
    list: [{ id: 2, chargeAmount: 100, presentAmount: 20, presentPoints: 0, coupons: [{ id: 71, name: 'Spend 50 save 5' }], isFirst: true }],
    allowCustomAmount: true,
    minAmount: 10,
  },
  checkCode: { valid: true },
  getVipShopList: { list: [{ id: 1, name: 'Noodle House', address: '1 Harbour Road', phone: '85220000000', image: '' }] },
  pointDoc: { list: [{ ...transaction, type: 'changePoint' }], total: 1, page: 1, pageLimit: 20 },
  giftAmountRules: { list: [{ minAmount: 50, type: 1, amount: 5 }] },
  updatePayPassword: 'ok',
  getMemberNotifyInfo: {
    isBindOfficialAccount: false,
    officialAccountName: 'Noodle House',
    qrcodeUrl: 'https://img.example/qr.png',
    chatGroupSlogan: 'Join us',
    chatGroupImage: '',
  },
  bindOfficialAccount: 'ok',
  activities: { list: [activity] },
  recharge: {
    rechargeId: 9,
    chargeAmount: 100,
    presentAmount: 20,
    pay: { kind: 'redirect', provider: 'allinpay', tradeNo: 'AP9', amount: 100, url: 'https://pay.example/allin/AP9' },
  },
  rechargeQuery: { payStatus: 1, vipInfo: member },
};

const pointItem = {
  activityId: 60,
  kind: 'coupon' as const,
  name: '5 off',
  image: '',
  points: 500,
  stock: 10,
  productId: null,
  couponActivityId: 30,
  description: '',
};
const activityReq: ReqExamples<typeof activityCalls> = {
  list: {},
  detail: { id: 30, fromRedBagID: 71, chainActivity: false },
  receiveExpandCoupon: { id: 30, fromRedBagID: 71 },
  couponList: { isAll: 1 },
  getCouponByLink: { id: 30 },
  getCouponByEntry: {},
  getTimesRedBag: {},
  checkTimesRedBag: { id: 31 },
  checkOverSendCoupon: { id: 9001 },
  getPointExchangeStoreProducts: {},
  pointStoreCouponDetail: { couponActivityId: 30, openid: 'o-abc' },
  pointExchangeProduct: { openid: 'o-abc', activityId: 60, memberId: 77 },
  getActivityByCode: { code: 'NOODLE10' },
};
const timesInfo = { id: 31, status: 1, cumulativeQuantity: 2, limitQuantity: 5 };
const activityRes: ResExamples<typeof activityCalls> = {
  list: { list: [activity] },
  detail: {
    activity,
    received: [coupon],
    redBag: { id: 71, receivers: [{ nickName: 'Lee', avatarUrl: '', amount: 3, receivedAt: T0 }], remaining: 4, expired: false },
  },
  receiveExpandCoupon: { coupon },
  couponList: { list: [coupon] },
  getCouponByLink: { coupon },
  getCouponByEntry: { list: [coupon] },
  getTimesRedBag: { info: timesInfo, activity: { ...activity, type: 13 } },
  checkTimesRedBag: { info: timesInfo, coupons: [coupon] },
  checkOverSendCoupon: { list: [coupon] },
  getPointExchangeStoreProducts: { list: [pointItem] },
  pointStoreCouponDetail: { item: pointItem, activity, memberPoints: 3400 },
  pointExchangeProduct: { points: 2900, coupon, productId: null },
  getActivityByCode: { activity: { ...activity, type: 19, code: 'NOODLE10' } },
};

const areas = [
  ['order', orderCalls, orderReq, orderRes],
  ['table', tableCalls, tableReq, tableRes],
  ['beauty', beautyCalls, beautyReq, beautyRes],
  ['vip', vipCalls, vipReq, vipRes],
  ['activity', activityCalls, activityReq, activityRes],
] as const;

const cases = areas.flatMap(([area, calls, req, res]) =>
  Object.entries(calls).map(([name, call]) => ({
    label: `${area}.${name}`,
    call: call as { req: z.ZodType; res: z.ZodType; path: string },
    req: (req as Record<string, unknown>)[name],
    res: (res as Record<string, unknown>)[name],
  })),
);

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues;
};

describe('every call of the contract', () => {
  it.each(cases.map((c) => [c.label, c]))('%s accepts its valid request example', (_label, c) => {
    expect(issuesOf(c.call.req, c.req)).toEqual([]);
  });

  it.each(cases.map((c) => [c.label, c]))('%s accepts its valid answer example', (_label, c) => {
    expect(issuesOf(c.call.res, c.res)).toEqual([]);
  });

  it.each(cases.filter((c) => typeof c.req === 'object' && c.req !== null).map((c) => [c.label, c]))(
    '%s refuses an unknown key in its request',
    (_label, c) => {
      expect(c.call.req.safeParse({ ...(c.req as object), injected: 1 }).success).toBe(false);
    },
  );

  it('every call path starts with its area and is unique', () => {
    const paths = cases.map((c) => c.call.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const c of cases) expect(c.call.path.startsWith(`${c.label.split('.')[0]}/`)).toBe(true);
  });
});

describe('Money', () => {
  it('accepts four decimal places', () => {
    expect(Money.safeParse(12.3456).success).toBe(true);
  });

  it('refuses five decimal places', () => {
    expect(Money.safeParse(12.34567).success).toBe(false);
  });

  it('refuses a number sent as a string', () => {
    expect(Money.safeParse('12.30').success).toBe(false);
  });
});

describe('order/confirm', () => {
  const req = orderCalls.confirm.req;

  it('refuses a unit price sent with a product line', () => {
    const r = req.safeParse({ ...submission, products: [{ ...line, price: 0.01 }] });
    expect(r.success).toBe(false);
  });

  it('refuses a total sent in place of expectedTotal', () => {
    const { expectedTotal: _omit, ...rest } = submission;
    expect(req.safeParse({ ...rest, total: 0.01 }).success).toBe(false);
  });

  it('requires expectedTotal', () => {
    const { expectedTotal: _omit, ...rest } = submission;
    expect(req.safeParse(rest).success).toBe(false);
  });

  it('answers requiredProduct for an empty product list', () => {
    expect(codeOfIssues(issuesOf(req, { ...submission, products: [] }))).toBe(ErrorCode.requiredProduct);
  });

  it('answers inputCorrectPhone for a malformed contact phone', () => {
    expect(codeOfIssues(issuesOf(req, { ...submission, contact_phone: '12-ab' }))).toBe(ErrorCode.inputCorrectPhone);
  });

  it('answers incorrectPeopleCount for zero or fractional diners', () => {
    expect(codeOfIssues(issuesOf(req, { ...submission, type: 'dine', table: 'A3', people: 0 }))).toBe(ErrorCode.incorrectPeopleCount);
    expect(codeOfIssues(issuesOf(req, { ...submission, type: 'dine', table: 'A3', people: 1.5 }))).toBe(ErrorCode.incorrectPeopleCount);
  });

  it('refuses an order type outside the spec', () => {
    expect(req.safeParse({ ...submission, type: 'delivery' }).success).toBe(false);
  });

  it('refuses a note over 140 characters', () => {
    expect(req.safeParse({ ...submission, note: 'x'.repeat(141) }).success).toBe(false);
  });

  it('refuses more than 200 product lines', () => {
    expect(req.safeParse({ ...submission, products: Array.from({ length: 201 }, () => line) }).success).toBe(false);
  });

  it('refuses a string id', () => {
    expect(req.safeParse({ ...submission, products: [{ ...line, id: '11' }] }).success).toBe(false);
  });

  it('refuses a delivery time that is neither ASAP nor epoch ms', () => {
    expect(req.safeParse({ ...submission, deliveryTime: 'soon' }).success).toBe(false);
  });

  it('accepts a chosen delivery time in epoch ms', () => {
    expect(req.safeParse({ ...submission, deliveryTime: T0 + 3_600_000 }).success).toBe(true);
  });

  it('accepts no coupon as null', () => {
    expect(req.safeParse({ ...submission, couponId: null }).success).toBe(true);
  });

  it('refuses a zero quantity', () => {
    expect(req.safeParse({ ...submission, products: [{ ...line, quantity: 0 }] }).success).toBe(false);
  });

  it('answers payPasswordSixDigits for a 5-digit member-card password', () => {
    const codes = codeOfIssues(issuesOf(req, { ...submission, payType: 'vip', payPassword: '12345' }));
    expect(codes).toBe(ErrorCode.payPasswordSixDigits);
  });
});

describe('order shapes', () => {
  it('puts every order status of C§4 in exactly one list tab', () => {
    const listed = Object.values(ORDER_LIST_TAB_STATUSES).flat();
    expect([...listed].sort()).toEqual(Object.values(OrderStatus).sort());
  });

  it('requires payDeadline on an order record (null once paid)', () => {
    const { payDeadline: _omit, ...rest } = order;
    expect(OrderDetail.safeParse(rest).success).toBe(false);
  });

  it('refuses a pay status outside 0–3', () => {
    expect(OrderDetail.safeParse({ ...order, payStatus: 4 }).success).toBe(false);
  });

  it('refuses an adjustment without a known source', () => {
    const bad = { ...order, adjustments: [{ source: 'magic', name: 'x', amount: 1 }] };
    expect(OrderDetail.safeParse(bad).success).toBe(false);
  });

  it('carries the fresh breakdown of an amountError', () => {
    expect(AmountErrorData.safeParse({ expectedTotal: 50, total: 58.5, breakdown }).success).toBe(true);
  });
});

describe('pay passwords', () => {
  it('accepts six digits', () => {
    expect(PayPassword.safeParse('246802').success).toBe(true);
  });

  it('answers payPasswordSixDigits for letters', () => {
    expect(codeOfIssues(issuesOf(PayPassword, '24680a'))).toBe(ErrorCode.payPasswordSixDigits);
  });

  it('answers payPasswordTooSimple for a new password of 123456', () => {
    expect(codeOfIssues(issuesOf(NewPayPassword, '123456'))).toBe(ErrorCode.payPasswordTooSimple);
  });

  it('answers passwordsInconsistent when the repeat differs', () => {
    const r = issuesOf(vipCalls.updatePayPassword.req, { id: 77, payPassword: '246802', repeatPayPassword: '246803' });
    expect(codeOfIssues(r)).toBe(ErrorCode.passwordsInconsistent);
  });

  it('accepts the forgot-password reset with phone and SMS code', () => {
    const r = vipCalls.updatePayPassword.req.safeParse({
      id: 77,
      payPassword: '246802',
      repeatPayPassword: '246802',
      phone: '85291234567',
      smsCode: '4321',
    });
    expect(r.success).toBe(true);
  });

  it('refuses an SMS code without its phone', () => {
    const r = vipCalls.updatePayPassword.req.safeParse({ id: 77, payPassword: '246802', repeatPayPassword: '246802', smsCode: '4321' });
    expect(r.success).toBe(false);
  });
});

describe('vip requests', () => {
  it('refuses register without a phone code or SMS proof', () => {
    expect(codeOfIssues(issuesOf(vipCalls.register.req, { name: 'Lee' }))).toBe(ErrorCode.inputVerifyCode);
  });

  it('refuses a recharge naming both a rule and an amount', () => {
    expect(vipCalls.recharge.req.safeParse({ ruleId: 2, amount: 100, payType: 'alipay' }).success).toBe(false);
  });

  it('refuses a recharge paid by member card', () => {
    expect(vipCalls.recharge.req.safeParse({ amount: 100, payType: 'vip' }).success).toBe(false);
  });

  it('answers paymentAmountZero for a zero top-up', () => {
    expect(codeOfIssues(issuesOf(vipCalls.recharge.req, { amount: 0, payType: 'alipay' }))).toBe(ErrorCode.paymentAmountZero);
  });

  it('refuses a birthday that is not YYYY-MM-DD', () => {
    expect(vipCalls.update.req.safeParse({ name: 'Lee', birthday: '01/05/1990' }).success).toBe(false);
  });

  it('refuses a name over 64 characters', () => {
    expect(vipCalls.update.req.safeParse({ name: 'x'.repeat(65) }).success).toBe(false);
  });

  it('never returns the pay password hash in member info', () => {
    const parsed = vipCalls.getInfo.res.parse({ vipInfo: { ...member, payPassword: 'argon2id$…' }, memberSetting, version: 3 });
    expect(parsed.vipInfo).not.toHaveProperty('payPassword');
  });
});

describe('activity requests and shapes', () => {
  it('refuses a coupon list scope outside 0–2', () => {
    expect(activityCalls.couponList.req.safeParse({ isAll: 3 }).success).toBe(false);
  });

  it('refuses a coupon whose status is not -1, 0 or 1', () => {
    expect(activityCalls.couponList.res.safeParse({ list: [{ ...coupon, status: 2 }] }).success).toBe(false);
  });

  it('refuses an activity time mode outside none, week, monthDay', () => {
    expect(activityCalls.list.res.safeParse({ list: [{ ...activity, time: { mode: 'daily' } }] }).success).toBe(false);
  });

  it('refuses a promotion code over 32 characters', () => {
    expect(activityCalls.getActivityByCode.req.safeParse({ code: 'X'.repeat(33) }).success).toBe(false);
  });

  it('refuses an activity without a name', () => {
    const { name: _omit, ...rest } = activity;
    expect(activityCalls.list.res.safeParse({ list: [rest] }).success).toBe(false);
  });
});

describe('table requests', () => {
  it('refuses a table order without products', () => {
    expect(tableCalls.userAddProducts.req.safeParse({ products: [], orderId: 501, ...diner }).success).toBe(false);
  });

  it('refuses a table status outside 0–2', () => {
    const r = tableCalls.getTableInfo.res.safeParse({ ...tableRes.getTableInfo, tableInfo: { ...table, nStatus: 3 } });
    expect(r.success).toBe(false);
  });

  it('refuses zero persons when opening a table', () => {
    expect(tableCalls.order.req.safeParse({ person: 0, tableId: 3, ...diner }).success).toBe(false);
  });

  it('refuses a price on a table line', () => {
    const r = tableCalls.userAddProducts.req.safeParse({ products: [{ ...line, price: 1 }], orderId: 501, ...diner });
    expect(r.success).toBe(false);
  });
});

describe('beauty requests', () => {
  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(beautyCalls.alreadyAppointmentTimes.req.safeParse({ date: '23/11/2025' }).success).toBe(false);
  });

  it('refuses a deposit payMode other than 1 (rate) or 2 (amount)', () => {
    const bad = { ...beautyRes.users, set: { ...beautyRes.users.set, depositSet: { allowDeposit: true, payMode: 3, rate: 50 } } };
    expect(beautyCalls.users.res.safeParse(bad).success).toBe(false);
  });
});
