/**
 * Page-specific texts (zh-CN source tree). Composed into locales/zh-CN.ts under `pages`; the texts the
 * first screens do not show are in locales/later/zh-CN.ts, those only subpackage pages show in
 * locales/subpackages/zh-CN.ts.
 */
import type { LaterMessages } from '../later/zh-CN';
import type { SubpackageMessages } from '../subpackages/zh-CN';

export const pages = {
  actions: {
    chooseShop: '选择门店',
  },
  home: {
    redBagTitle: '分享红包',
    redBagHint: '邀请好友一起领优惠券',
    welcome: '欢迎光临',
    chooseShop: '选择门店',
    chooseShopHint: '选择一家门店开始点单',
    orderTypesTitle: '选择用餐方式',
    takeaway: '外卖配送',
    takeawayDesc: '送货上门',
    selfPickup: '到店自取',
    selfPickupDesc: '下单后到店取餐',
    dine: '堂食点餐',
    dineDesc: '扫码点餐 送餐到桌',
    memberTitle: '会员卡',
    memberHint: '登录后查看余额、积分和优惠券',
    memberAction: '登录 / 注册',
    memberCenter: '会员中心',
    balance: '余额',
    giftAmount: '赠送金',
    points: '积分',
    coupons: '优惠券',
    notLoggedIn: '--',
    entriesTitle: '更多服务',
    myOrders: '我的订单',
    myCoupons: '我的优惠券',
    promotionCode: '优惠码',
    shopList: '门店列表',
  },
  // The point chooser of the address form (USER-3) and the order-notice prompt (ORDER-11).
  // Prompts on entering the home and ordering tabs (P§2, C§4 "Other"; MEMBER-8).
  prompts: {
    firstChargeTitle: '首充有礼',
    firstChargeConfirm: '去看看',
    newcomerTitle: '新人专享券',
    newcomerText: '成为会员即可领取：{{coupons}}',
    newcomerConfirm: '成为会员',
    chargePresentTitle: '充值赠券已到账',
    chargePresentText: '充值赠送的优惠券已放入你的账户：{{coupons}}',
    chargePresentConfirm: '去看看',
    later: '以后再说',
  },
  // The ordering screens (menu, cart, confirm, payment, orders, addresses, login).
  table: {
    title: "{{name}} 号桌",
  },
  ordering: {
    hours: "营业时间 {{hours}}",
    loadFailed: "加载失败",
    loading: "加载中…",
    notice: "门店公告",
    retry: "重试",
  },
};

/** Same shape with plain strings, so other locales are typed against the keys, not the Chinese text. */
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type PagesMessages = Widen<typeof pages & LaterMessages['pages'] & SubpackageMessages['pages']>;
