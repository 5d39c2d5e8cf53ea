/** Points mall texts in Traditional Chinese (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { mall as source } from './zh-CN';

export const mall: DeepPartial<WidenArea<typeof source>> = {
  title: '積分商城',
  myPoints: '我的積分',
  pointsUnit: '積分',
  pointsPrice: '{{count}}積分',
  register: '註冊會員',
  exchange: '兌換',
  exchangeNow: '立即兌換',
  exchanging: '兌換中…',
  details: '詳情',
  short: '還差{{count}}積分',
  shortLong: '積分不足，還差{{count}}積分',
  soldOut: '已兌完',
  registerFirst: '註冊會員後可兌換',
  confirmExchange: '確定用{{count}}積分兌換「{{name}}」嗎？',
  emptyTitle: '暫時沒有可兌換的禮品',
  retry: '重試',
  kind: { coupon: '優惠券', product: '禮品' },
  detail: { conditions: '使用條件', needPoints: '所需積分', yourPoints: '目前積分' },
  success: { received: '你已獲得', spent: '消耗積分', remaining: '剩餘積分', useNow: '去使用', backToMall: '返回積分商城' },
};
