/** Multi-shop order texts in Traditional Chinese (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { multi as source } from './zh-CN';

export const multi: DeepPartial<WidenArea<typeof source>> = {
  confirm: {
    orderType: '取餐方式',
    selfPickup: '到店自取',
    takeaway: '外送',
    contact: '聯絡人',
    name: '姓名',
    namePlaceholder: '請輸入姓名',
    phone: '手機號碼',
    phonePlaceholder: '請輸入手機號碼',
    note: '備註',
    notePlaceholder: '口味、偏好等（各門店可見）',
    deliverTo: '送至',
    chooseAddress: '請選擇收貨地址',
    pickupAt: '自取地址：{{address}}',
    shopTotal: '本店應付',
    shopsCount: '{{count}} 家門店',
    grandTotal: '合計',
    payType: '付款方式（一次付清全部訂單）',
    pay: '一次付款',
    submitting: '提交中…',
    refused: '{{shop}}：{{message}}',
    amountChanged: '價格已更新，請確認後再付款',
    emptyTitle: '沒有可一起結帳的購物車',
    emptyText: '在同一連鎖的兩家以上門店加購商品後，可在這裡一起下單',
    emptyAction: '去點餐',
    onePayment: '各門店分別出單、按各自規則計價，一次付款完成',
  },
  success: {
    paid: '付款成功',
    unpaid: '訂單已提交，待付款',
    cancelled: '訂單已取消',
    count: '共 {{count}} 筆訂單',
    orderNo: '訂單編號 {{no}}',
    view: '查看',
    checkPaid: '查詢付款結果',
    payAgain: '重新付款',
    orderMore: '繼續點餐',
    notFound: '找不到這組訂單',
  },
};
