/** Promotions texts in Traditional Chinese (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { promo as source } from './zh-CN';

export const promo: DeepPartial<WidenArea<typeof source>> = {
  title: '優惠券',
  actions: {
    use: '去使用',
    receive: '立即領取',
    detail: '查看詳情',
    search: '查詢',
    apply: '用於本單',
    remove: '取消使用',
    register: '成為會員',
    share: '分享給好友',
    check: '領取獎勵',
    myCoupons: '我的優惠券',
    goMenu: '去點單',
    retry: '重試',
  },
  list: {
    tabs: { now: '可使用', all: '全部', chainShops: '連鎖門店' },
    empty: '暫無優惠券',
    memberOnly: '成為會員後即可領取和使用優惠券',
    received: '已領取：{{name}}',
  },
  face: { rate: '{{rate}}折', product: '商品券', threshold: '滿{{amount}}可用', noThreshold: '無門檻' },
  state: { usable: '可使用', notStarted: '未開始', expired: '已過期', closed: '已停用' },
  conditions: { title: '使用條件', chain: '連鎖門店通用', cardPayOnly: '僅限會員卡支付', userTypeMember: '僅限會員使用' },
  orderTypes: { takeaway: '外賣', selfPickup: '自取', dine: '堂食', appointment: '預約' },
  expand: { title: '分享紅包', openBag: '拆紅包', empty: '紅包已被領完', expired: '活動已結束' },
  code: { placeholder: '請輸入優惠碼', found: '優惠碼可用', rowLabel: '優惠碼', rowAdd: '輸入優惠碼' },
};
