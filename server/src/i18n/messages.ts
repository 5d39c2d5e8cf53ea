import type { ErrorCode } from '../../../src/domain/errors';

/** Languages the server answers in (C§1: Chinese by default, English overseas). */
export type Lang = 'zh' | 'en';

interface Message {
  zh: string;
  en: string;
  /** The message when the failure carries its params (the plain one stays for callers without). */
  withParams?: { zh: string; en: string };
}

/**
 * The server's own message table for the error catalogue (C§8, P§8), so `info` is readable without
 * the app's locales. `{name}` placeholders are filled from the error's params.
 * Typed as partial so a code appended to the catalogue elsewhere never breaks the build;
 * test/server/messages.test.ts keeps the table complete.
 */
export const messages: { [K in ErrorCode]?: Message } = {
  loginExpired: { zh: '登录已过期，请重新登录', en: 'Login expired, please log in again' },
  forbidden: { zh: '店铺已停止营业', en: 'Forbidden: the shop has stopped operating' },
  serverError: { zh: '服务器错误，请重试', en: 'Server Error, retry please' },
  networkError: { zh: '网络错误', en: 'Network Error' },
  requestTimeout: { zh: '请求超时', en: 'Request timed out' },
  requestAborted: { zh: '请求已取消', en: 'Request aborted' },
  socketConnectFailed: { zh: '连接服务器失败', en: 'Failed to connect to the server' },
  connectionTimedOut: {
    zh: '连接超时，点击屏幕重试。',
    en: 'The connection timed out, click the screen to try again.',
  },
  mapKeyMissing: { zh: '地图密钥未配置', en: 'Map key not configured.' },
  asyncLoadFailed: { zh: '页面加载失败，点击重新加载', en: 'Failed to load the page, tap to reload' },

  badRequest: { zh: '请求参数错误', en: 'Invalid request' },
  notFound: { zh: '记录不存在', en: 'Not found' },
  tooManyRequests: { zh: '操作太频繁，请稍后再试', en: 'Too many requests, please try again later' },
  requestInProgress: { zh: '相同的请求正在处理中，请稍候', en: 'The same request is still being processed, please wait a moment' },
  cartProductBusy: { zh: '其他人刚刚修改了这道菜，已为你更新', en: 'Someone at the table just changed this dish; it is shown as it is now' },
  cartProductGone: { zh: '同桌刚刚把这道菜移出了购物车', en: 'Someone at the table just removed this dish from the cart' },
  cartEditFailed: { zh: '购物车修改失败，请重试', en: 'The cart could not be changed, please try again' },
  cartClearFailed: { zh: '购物车清空失败，请重试', en: 'The cart could not be cleared, please try again' },

  newMenuUpdated: {
    zh: '菜单已更新，点击屏幕前往点单页',
    en: 'New menu has been updated, tap the screen to go to the order page',
  },
  getShopDataFailed: { zh: '获取店铺数据失败', en: 'Order failed at get shop data' },
  getOrderDetailFailed: { zh: '获取订单详情失败', en: 'Get order detail failed' },
  storeExpiredOrStopped: {
    zh: '店铺服务已到期或停止，无法下单，请联系商家',
    en: "Store service has expired or stopped, can't place order, contact boss",
  },
  storeExpiredNotice: { zh: '店铺服务已到期', en: 'Store service has expired' },
  storeStoppedNotice: { zh: '店铺已停止营业', en: 'Store has stopped operating' },
  storeClosed: { zh: '店铺已打烊 / 不在营业时间', en: 'Store Closed / Outside Business Hours' },
  scanOrderClosed: { zh: '扫码点餐已关闭', en: 'Scan ordering is closed' },
  takeawayPaused: { zh: '外卖暂停接单至 {until}：{reason}', en: 'Delivery is paused until {until} — {reason}' },
  selfPickupPaused: { zh: '自取暂停接单至 {until}：{reason}', en: 'Pickup is paused until {until} — {reason}' },
  dinePaused: { zh: '堂食暂停接单至 {until}：{reason}', en: 'Dine-in is paused until {until} — {reason}' },
  productNotInSaleTime: { zh: '商品 {product} 不在售卖时间', en: 'Product {product} not in sale time' },
  productSoldOut: { zh: '商品 {product} 已售罄', en: 'Product {product} sold out' },
  productOffline: { zh: '商品 {product} 已下架', en: 'Product {product} is offline' },
  productDeleted: { zh: '商品 {product} 已删除', en: 'Product {product} has been deleted' },
  specInvalid: { zh: '商品 {product} 的规格无效，请重新选择', en: 'The spec chosen for {product} is invalid, please choose again' },
  tasteInvalid: { zh: '商品 {product} 的口味选项无效，请重新选择', en: 'A taste chosen for {product} is invalid, please choose again' },
  insufficientInventory: { zh: '{product} 库存不足', en: '{product} is insufficient inventory' },
  stockWarning: { zh: '{product} 库存不足', en: 'Product {product} out of stock' },
  memberLevelRestricted: { zh: '{product} 仅限指定会员等级购买', en: '{product} is limited to certain member levels' },

  addressError: { zh: '地址错误', en: 'Address Error' },
  addressNoGps: { zh: '地址缺少定位信息', en: 'Address not include gps info' },
  shopAddressIncorrect: { zh: '店铺地址设置有误！', en: 'Shop address set incorrect!' },
  outOfBusinessScope: { zh: '超出配送范围', en: 'Out of business scope' },
  locationUnavailable: { zh: '无法获取位置，请打开定位并授权', en: 'Cant get location, please open and auth' },

  requiredAddress: { zh: '请选择收货地址', en: 'Please choose a delivery address' },
  requiredDeliveryTime: { zh: '请选择送达时间', en: 'Please choose a delivery time' },
  requiredPhone: { zh: '请输入手机号', en: 'Please input the phone number' },
  inputCorrectPhone: { zh: '请输入正确的手机号', en: 'Please input an correct phone' },
  requiredName: { zh: '请输入姓名', en: 'Please input the name' },
  requiredTable: { zh: '请输入桌号', en: 'Please input the table number' },
  tableNotFound: { zh: '桌号不存在', en: 'table number not found' },
  tableCodeInvalid: { zh: '请扫描您餐桌上的二维码', en: 'Scan the code on your table' },
  tableNotOpened: { zh: '这张餐桌还未开台，请联系店员', en: 'This table is not open yet: please ask the staff' },
  tableSessionEnded: { zh: '本桌的这次用餐已结束，请扫描餐桌上的二维码重新点餐', en: 'This meal at the table has ended: scan the code on your table to order again' },
  tableRoundHeld: { zh: '等待店员确认', en: 'Waiting for the staff to confirm' },
  requiredPeople: { zh: '请输入就餐人数', en: 'Please input the number of people' },
  incorrectPeopleCount: { zh: '请输入正确的人数', en: 'Please enter the correct number of people' },
  requiredProduct: { zh: '请至少选择一个商品', en: 'Please choose at least one product' },
  requiredTasteGroup: { zh: '请选择{group}', en: 'Please choose {group}' },
  mealSetRequired: { zh: '请选择套餐内容', en: 'Please choose the meal set contents' },
  mustPickCategory: { zh: '请至少选择一个{category}', en: 'Please choose at least one item of {category}' },
  minPurchaseQuantity: { zh: '{product} 最少购买 {count} 份', en: '{product}: minimum purchase {count}' },
  purchaseLimit: { zh: '{product} 每单限购 {count} 份', en: '{product}: limit {count} per order' },
  specialPriceLimit: {
    zh: '{product} 特价限购 {count} 份',
    en: '{product}: special price limited to {count}',
  },
  appointmentTimeFirst: { zh: '请先选择预约时间', en: 'Please choose the appointment time first' },
  requiredServiceUser: { zh: '请选择服务人员', en: 'Please choose a service person' },
  requiredAppointmentTime: { zh: '请选择预约时间', en: 'Please choose an appointment time' },
  appointmentTimeInvalid: { zh: '该时间不可预约，请重新选择', en: 'This time cannot be booked, please choose another' },
  orderTimeUnavailable: { zh: '门店不提供该时间，请重新选择', en: 'The shop does not offer this time, please choose another' },
  appointmentTimeBooked: { zh: '该时间已被预约，请选择其他时间', en: 'This time is already booked, please choose another' },
  serviceUserUnavailable: { zh: '该服务人员暂不接受预约', en: 'This staff member is not taking appointments' },
  appointmentNeedsSeveralTechnicians: {
    zh: '这些服务需要多位服务人员，请致电门店预约',
    en: 'These services need more than one staff member: please call the shop to book them',
  },
  belowMinimumAmount: { zh: '未达到起送金额 {amount}', en: 'Minimum order amount is {amount}' },

  paymentWrong: { zh: '支付异常，请联系商家', en: 'Payment is wrong, pls contact merchant' },
  noValidPayType: { zh: '没有可用的支付方式', en: 'No valid pay type' },
  paymentAmountZero: { zh: '支付金额必须大于0', en: 'Payment amount must be greater than 0' },
  balanceInsufficient: { zh: '余额不足', en: 'Insufficient balance' },
  browserCannotPayByCard: { zh: '浏览器页面无法使用会员卡支付', en: 'Cannot pay within the browser page' },
  paymentInitializing: { zh: '支付环境初始化中，请稍后再试', en: 'payment environment is initializing, try later' },
  payCancelled: { zh: '支付已取消', en: 'Pay cancelled' },
  notPayOrderInvalid: { zh: '未支付，订单已失效', en: 'Not pay, order invalid' },
  amountError: { zh: '金额错误', en: 'Amount error' },
  checkWhetherPaid: { zh: '请确认是否已支付', en: 'check whether paid' },
  payPasswordRequired: { zh: '请输入支付密码', en: 'Please input the pay password' },
  payPasswordWrong: {
    zh: '支付密码错误',
    en: 'Pay password is wrong',
    withParams: { zh: '支付密码错误，还可以尝试 {left} 次', en: 'Wrong pay password, tries left: {left}' },
  },
  payPasswordLocked: {
    zh: '支付密码错误次数过多，请稍后再试',
    en: 'Too many wrong pay passwords, try again later',
    withParams: {
      zh: '支付密码错误次数过多，请 {minutes} 分钟后再试',
      en: 'Too many wrong pay passwords, try again in {minutes} min',
    },
  },
  payPasswordSixDigits: { zh: '支付密码必须为6位数字', en: 'The pay password must be 6 digits' },
  payPasswordTooSimple: { zh: '支付密码不能为123456', en: 'The pay password cannot be 123456' },
  passwordsInconsistent: { zh: '两次输入的密码不一致', en: 'The two passwords are inconsistent' },
  originPasswordIncorrect: { zh: '原密码错误', en: 'Origin password is incorrect' },
  orderNotFound: { zh: '订单不存在', en: 'Order not found' },
  orderStatusInvalid: { zh: '订单状态不允许该操作', en: 'The order status does not allow this' },
  staffSignInFailed: { zh: '用户名或密码错误', en: 'Wrong username or password' },
  staffLocked: {
    zh: '密码错误次数过多，请稍后再试',
    en: 'Too many wrong passwords, try again later',
    withParams: { zh: '密码错误次数过多，请 {minutes} 分钟后再试', en: 'Too many wrong passwords, try again in {minutes} min' },
  },
  orderStatusChanged: { zh: '订单状态已变化，请查看最新状态', en: 'The order has changed meanwhile, see its current status' },
  staffForbidden: { zh: '无权进行此操作', en: 'You are not allowed to do this' },
  staffUsernameTaken: { zh: '该用户名已被使用', en: 'This username is already taken' },

  couponActivityNotExist: { zh: '优惠券活动不存在', en: 'Coupon activity not exist' },
  couponProductNotExist: { zh: '优惠券商品不存在或已售罄', en: 'Coupon Product not exist' },
  invalidCoupon: { zh: '无效的优惠券', en: 'Invalid Coupon' },
  couponAlreadySelected: {
    zh: '您已选择了一张优惠券，请删除后重新选择',
    en: 'You already selected a coupon, delete it and choose again',
  },
  couponOneProductOnly: { zh: '商品券只能用于一个商品', en: 'A product coupon applies to one product only' },
  couponAmountBelowMin: { zh: '订单金额未满 {amount}', en: 'Order amount below {amount}' },
  couponQuantityNotEnough: { zh: '商品数量需超过 {count}', en: 'Quantity must be more than {count}' },
  couponWrongOrderType: { zh: '不适用当前订单类型', en: 'Not valid for this order type' },
  couponCardPayOnly: { zh: '仅限会员卡支付使用', en: 'Only for member card payment' },
  couponWrongUserType: { zh: '不适用当前用户类型', en: 'Not valid for this user type' },
  couponInUse: { zh: '优惠券正在使用中', en: 'The coupon is in use' },
  pointsInsufficient: { zh: '积分不足', en: 'Not enough points' },
  exchangeSoldOut: { zh: '已兑完', en: 'Sold out' },

  pleaseRegisterFirst: { zh: '请先注册会员', en: 'Please register first' },
  needRegisterInStore: { zh: '请到店注册会员', en: 'Please register as a member in the store' },
  smsVerifyFailed: { zh: '短信验证码错误', en: 'Sms code verify failed' },
  noSmsLeft: { zh: '短信余量不足', en: 'No Sms Left' },
  smsSendFailed: { zh: '短信发送失败', en: 'SMS sent failed' },
  inputVerifyCode: { zh: '请输入验证码', en: 'Please input verify code' },
  functionClosed: { zh: '功能已关闭', en: 'Function Closed' },
  openVipCenterFailed: { zh: '打开会员中心失败', en: 'Open vip center failed' },
  avatarUploadFailed: { zh: '头像上传失败', en: 'Avatar upload failed' },
  alreadyMember: { zh: '您已经是会员', en: 'You are already a member' },
  smsLoginRequired: { zh: '请先用手机号和验证码登录', en: 'Please log in with your phone number and SMS code first' },

  invalidQr: { zh: '无效的二维码', en: 'Invalid QR' },
  jumpingStationWrong: { zh: '跳转站号错误！', en: 'Jumping station number is wrong!' },
  syncConnectFailed: {
    zh: '连接服务器失败，点单可能无法同步',
    en: 'Failed to connect to the server, ordering may not be synchronized',
  },
  cameraScanFailed: { zh: '扫码失败', en: 'camera scan failed' },
  platformUnsupported: { zh: '当前平台不支持', en: 'Not supported on this platform' },

  pickOneOfSeveralOrders: { zh: '该桌有多个订单，请选择一个', en: 'This table has several orders, please pick one' },
  requiredPickupTime: { zh: '请选择自取时间', en: 'Please choose a pickup time' },
};

const fill = (text: string, params?: Record<string, string | number>): string =>
  params ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m)) : text;

/** The message of `code` in `lang`, with `{name}` placeholders filled. */
export function messageFor(code: ErrorCode, lang: Lang, params?: Record<string, string | number>): string {
  const m = messages[code];
  if (!m) return code;
  return fill(params && m.withParams ? m.withParams[lang] : m[lang], params);
}

/**
 * Language of the answer (C§1): the `language` header when given (en…/zh…), otherwise English
 * in the overseas environment and Chinese elsewhere.
 */
export function pickLanguage(languageHeader: string | undefined, abroad: boolean): Lang {
  const h = (languageHeader ?? '').toLowerCase();
  if (h.startsWith('en')) return 'en';
  if (h.startsWith('zh')) return 'zh';
  return abroad ? 'en' : 'zh';
}
