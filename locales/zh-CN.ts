/**
 * The source message tree (Simplified Chinese, the default language, C§1).
 * en, zh-TW, es and fr are typed against it (LocaleMessages) and complete (docs/decisions.md, "Five complete languages").
 * Parameterised messages use `{{param}}` interpolation: `{{product}}`, `{{count}}`, `{{amount}}`…
 */
import type { ErrorCode } from '../src/domain/errors';
import type { OrderStatus } from '../src/domain/enums';
import { pages } from './pages/zh-CN';
import type { AreaSources } from './areas';
import type { SubpackageMessages } from './subpackages/zh-CN';
import type { LaterMessages } from './later/zh-CN';

/** C§4: the statuses plus the other display labels (to be confirmed, preparing, cooking…). */
export type OrderStatusLabel =
  | OrderStatus
  | 'toBeConfirmed'
  | 'preparing'
  | 'cooking'
  | 'readyForPickup'
  | 'ready'
  | 'inDelivery'
  | 'received'
  | 'orderFailed';

export const zhCN = {
  common: {
    ok: '确定',
    cancel: '取消',
    confirm: '确认',
    retry: '重试',
    loading: '加载中…',
    loadingMore: '加载更多…',
    noMore: '没有更多了',
    emptyTitle: '暂无数据',
    gotIt: '我知道了',
    tips: '提示',
    save: '保存',
    delete: '删除',
    edit: '编辑',
    add: '添加',
    submit: '提交',
    search: '搜索',
    back: '返回',
    close: '关闭',
    copy: '复制',
    copied: '已复制',
    more: '更多',
    all: '全部',
    yes: '是',
    no: '否',
    select: '请选择',
    required: '必填',
    reload: '点击重新加载',
    // C§9: the currency symbol for Chinese is the yuan sign
    currencySymbol: '¥',
    asap: '尽快送达',
    today: '今天',
    tomorrow: '明天',
    minutes: '{{count}}分钟',
    stockLeft: '仅剩{{count}}件',
    total: '合计',
    callShop: '联系商家',
    // C§4 pull-to-refresh states
    pulling: '下拉刷新',
    reached: '释放立即刷新',
    aborting: '取消刷新',
    refreshing: '刷新中…',
    restoring: '刷新完成',
  },
  // C§2 bottom tab bar; the ordering tab is relabelled at run time (cart / choose product / appointment)
  tabBar: {
    home: '首页',
    ordering: '点单',
    cart: '购物车',
    chooseProduct: '选购商品',
    appointment: '预约',
    orders: '订单',
    mine: '我的',
  },
  // Titles of every route of C§2 and P§2, keyed by the path without "pages/"
  routes: {
    'index/index': '欢迎',
    'index/error': '出错了',
    'index/web-view': '网页',
    'index/empty': '跳转中',
    'user/index-tab': '首页',
    'user/index-tab-1': '点单',
    'user/order/list': '订单列表',
    'user/center': '我的',
    'user/login': '用户登录',
    'user/info': '个人信息',
    'user/order/detail': '订单详情',
    'user/order/weixin-order-list': '小程序订单',
    'user/wechat-group': '加入社群',
    'user/protocol': '用户协议',
    'user/contact-shop': '联系商家',
  },
  // One message per ErrorCode of src/domain/errors.ts (C§8, P§8, C§5, P§5)
  errors: {
    loginExpired: '登录已过期，请重新登录',
    forbidden: '门店已停止营业',
    serverError: '服务器错误，请重试',
    networkError: '网络错误',
    requestTimeout: '请求超时，请重试',
    requestAborted: '请求已取消',
    socketConnectFailed: '无法连接服务器',
    connectionTimedOut: '连接超时，请点击屏幕重试。',
    mapKeyMissing: '未配置地图密钥。',
    asyncLoadFailed: '页面加载失败，点击重新加载',
    badRequest: '请求参数有误',
    notFound: '内容不存在',
    tooManyRequests: '操作过于频繁，请稍后再试',
    requestInProgress: '相同的请求正在处理中，请稍候',
    cartProductBusy: '其他人刚刚修改了这道菜，已为你更新',
    cartProductGone: '同桌刚刚把这道菜移出了购物车',
    cartEditFailed: '购物车修改失败，请重试',
    cartClearFailed: '购物车清空失败，请重试',
    newMenuUpdated: '菜单已更新，点击屏幕前往点单页',
    getShopDataFailed: '获取门店数据失败，下单失败',
    getOrderDetailFailed: '获取订单详情失败',
    storeExpiredOrStopped: '门店服务已过期或已停止，暂不能下单，请联系老板',
    storeExpiredNotice: '门店服务已过期，请联系商家',
    storeStoppedNotice: '门店已停止营业，请联系商家',
    storeClosed: '门店休息中 / 不在营业时间',
    scanOrderClosed: '门店暂未开启扫码点餐',
    takeawayPaused: '外卖暂停接单至 {{until}}：{{reason}}',
    selfPickupPaused: '自取暂停接单至 {{until}}：{{reason}}',
    dinePaused: '堂食暂停接单至 {{until}}：{{reason}}',
    productNotInSaleTime: '商品{{product}}不在售卖时间',
    productSoldOut: '商品{{product}}已售罄',
    productOffline: '商品{{product}}已下架',
    productDeleted: '商品{{product}}已删除',
    specInvalid: '商品{{product}}的规格无效，请重新选择',
    tasteInvalid: '商品{{product}}的口味选项无效，请重新选择',
    insufficientInventory: '{{product}}库存不足',
    stockWarning: '{{product}}已缺货',
    memberLevelRestricted: '{{product}}仅限指定等级会员购买',
    addressError: '地址错误',
    addressNoGps: '地址缺少定位信息',
    shopAddressIncorrect: '门店地址设置有误！',
    outOfBusinessScope: '超出配送范围',
    locationUnavailable: '无法获取位置，请打开定位并授权',
    requiredAddress: '请选择收货地址',
    requiredDeliveryTime: '请选择送达时间',
    requiredPhone: '请输入手机号',
    inputCorrectPhone: '请输入正确的手机号',
    requiredName: '请输入姓名',
    requiredTable: '请输入桌号',
    tableNotFound: '桌号不存在',
    tableCodeInvalid: '请扫描您餐桌上的二维码',
    tableNotOpened: '这张餐桌还未开台，请联系店员',
    tableSessionEnded: '本桌的这次用餐已结束，请扫描餐桌上的二维码重新点餐',
    tableRoundHeld: '等待店员确认',
    requiredPeople: '请选择就餐人数',
    incorrectPeopleCount: '请输入正确的就餐人数',
    requiredProduct: '请至少选择一件商品',
    requiredTasteGroup: '请选择{{group}}',
    mealSetRequired: '请选择套餐内容',
    mustPickCategory: '请至少选择一件{{category}}',
    minPurchaseQuantity: '{{product}}{{count}}件起购',
    purchaseLimit: '{{product}}每单限购{{count}}件',
    specialPriceLimit: '{{product}}特价限购{{count}}件',
    appointmentTimeFirst: '请先选择预约时间',
    requiredServiceUser: '请选择服务人员',
    requiredAppointmentTime: '请选择预约时间',
    appointmentTimeInvalid: '该时间不可预约，请重新选择',
    orderTimeUnavailable: '门店不提供该时间，请重新选择',
    appointmentTimeBooked: '该时间已被预约，请选择其他时间',
    serviceUserUnavailable: '该服务人员暂不接受预约',
    appointmentNeedsSeveralTechnicians: '这些服务需要多位服务人员，请致电门店预约',
    belowMinimumAmount: '未达到起送金额{{amount}}',
    paymentWrong: '支付异常，请联系商家',
    noValidPayType: '没有可用的支付方式',
    paymentAmountZero: '支付金额必须大于0',
    balanceInsufficient: '余额不足',
    browserCannotPayByCard: '浏览器页面中无法使用会员卡支付',
    paymentInitializing: '支付环境初始化中，请稍后再试',
    payCancelled: '支付已取消',
    notPayOrderInvalid: '未支付，订单已失效',
    amountError: '金额错误',
    checkWhetherPaid: '请确认是否已支付',
    payPasswordRequired: '请输入支付密码',
    payPasswordWrong: '支付密码错误',
    payPasswordLocked: '支付密码错误次数过多，请稍后再试',
    payPasswordSixDigits: '支付密码必须为6位数字',
    payPasswordTooSimple: '支付密码不能为123456',
    passwordsInconsistent: '两次输入的密码不一致',
    originPasswordIncorrect: '原密码错误',
    orderNotFound: '订单不存在',
    orderStatusInvalid: '订单状态已变化，无法操作',
    couponActivityNotExist: '优惠券活动不存在',
    couponProductNotExist: '优惠券商品不存在或已售罄',
    invalidCoupon: '无效的优惠券',
    couponAlreadySelected: '您已选择了一张优惠券，请删除后重新选择',
    couponOneProductOnly: '商品券只能用于一件商品',
    couponAmountBelowMin: '订单金额未满{{amount}}',
    couponQuantityNotEnough: '商品数量需超过{{count}}件',
    couponWrongOrderType: '当前订单类型不可用',
    couponCardPayOnly: '仅限会员卡支付使用',
    couponWrongUserType: '当前用户类型不可用',
    couponInUse: '优惠券已被使用',
    pointsInsufficient: '积分不足',
    exchangeSoldOut: '已兑完',
    pleaseRegisterFirst: '请先注册会员',
    needRegisterInStore: '请到店内注册会员',
    smsVerifyFailed: '短信验证码校验失败',
    noSmsLeft: '门店短信余量不足',
    smsSendFailed: '短信发送失败',
    inputVerifyCode: '请输入验证码',
    functionClosed: '功能已关闭',
    openVipCenterFailed: '打开会员中心失败',
    avatarUploadFailed: '头像上传失败',
    alreadyMember: '您已经是会员了',
    smsLoginRequired: '请先用手机号和验证码登录',
    invalidQr: '无效的二维码',
    jumpingStationWrong: '跳转站点编号错误！',
    syncConnectFailed: '连接服务器失败，点单可能无法同步',
    cameraScanFailed: '扫码失败',
    platformUnsupported: '当前环境不支持该功能',
    pickOneOfSeveralOrders: '本桌有多个订单，请选择其中一个',
    requiredPickupTime: '请选择自取时间',
    staffSignInFailed: '用户名或密码错误',
    staffLocked: '密码错误次数过多，请稍后再试',
    orderStatusChanged: '订单状态已变化，请查看最新状态',
    staffForbidden: '无权进行此操作',
    staffUsernameTaken: '该用户名已被使用',
  } as const satisfies Record<ErrorCode, string>,
  pages,
} as const;

/** Turns the literal strings of the source tree into `string` so other locales can be typed against it. */
export type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };

/**
 * The start-up tree (every locale file of this folder is typed against it): `zhCN` above, which zh-CN's
 * start-up code bundles, the keys of the same tree that the first screens do not show, which the mini
 * programs bundle with it and H5 pages add as they load (locales/later/zh-CN.ts), and the keys that only
 * subpackage pages show, which zh-CN adds when such a page loads (locales/subpackages/zh-CN.ts; the other
 * languages keep both in their trees).
 */
export type StartMessages = typeof zhCN & LaterMessages & SubpackageMessages;

/**
 * The literal source tree (used to derive typed keys and interpolation params): the start-up tree and
 * the area trees that subpackage pages register when their code loads (locales/areas, src/i18n/areas).
 */
export type SourceMessages = StartMessages & AreaSources;

/** The shape every complete start-up locale has. */
export type LocaleMessages = Widen<StartMessages>;
