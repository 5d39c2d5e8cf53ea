import type { PagesMessages } from './zh-CN';
import type { DeepPartial } from '../deep-partial';

// Shell locale (C§1): what is missing falls back to en.
export const pages: DeepPartial<PagesMessages> = {
  actions: {
    goMenu: '去點餐',
    goHome: '返回首頁',
    goOrders: '查看訂單',
    goMine: '返回我的',
    goMember: '會員中心',
    login: '去登入',
    register: '成為會員',
    addAddress: '新增地址',
    back: '返回',
    chooseShop: '選擇門店',
  },
  home: {
    welcome: '歡迎光臨',
    chooseShop: '選擇門店',
    chooseShopHint: '選擇一家門店開始點餐',
    orderTypesTitle: '選擇用餐方式',
    takeaway: '外賣配送',
    takeawayDesc: '送貨上門',
    selfPickup: '到店自取',
    selfPickupDesc: '下單後到店取餐',
    dine: '堂食點餐',
    dineDesc: '掃碼點餐 送餐到桌',
    memberTitle: '會員卡',
    memberHint: '登入後查看餘額、積分和優惠券',
    memberAction: '登入 / 註冊',
    memberCenter: '會員中心',
    balance: '餘額',
    giftAmount: '贈送金',
    points: '積分',
    coupons: '優惠券',
    entriesTitle: '更多服務',
    myOrders: '我的訂單',
    myCoupons: '我的優惠券',
    promotionCode: '優惠碼',
    shopList: '門店列表',
  },
};
