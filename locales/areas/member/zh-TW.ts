/** Member account texts in Traditional Chinese (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { member as source } from './zh-CN';

export const member: DeepPartial<WidenArea<typeof source>> = {
  title: '會員中心',
  card: { defaultName: '會員卡', balance: '餘額', giftAmount: '贈送金', points: '積分', coupons: '優惠券', payCode: '會員碼', payCodeHint: '到店消費時出示，供店員掃碼識別' },
  entries: {
    recharge: '會員儲值',
    transactions: '交易記錄',
    pointsMall: '積分商城',
    pointsHistory: '積分記錄',
    limitCards: '次卡',
    chainShops: '適用門店',
    editInfo: '編輯資料',
    payPassword: '支付密碼',
    payPasswordSet: '已設定',
    payPasswordNone: '未設定',
    bindQrcode: '會員綁定碼',
  },
  visitor: { title: '還不是會員', action: '註冊 / 綁定會員' },
  notice: { bind: '立即綁定', bound: '已綁定公眾號' },
  edit: { name: '姓名', birthday: '生日', phone: '手機號', save: '儲存', saved: '儲存成功' },
  payPassword: {
    setTitle: '設定支付密碼',
    changeTitle: '修改支付密碼',
    resetTitle: '重設支付密碼',
    original: '請輸入原支付密碼',
    new: '請設定 6 位數字支付密碼',
    repeat: '請再次輸入支付密碼',
    saved: '支付密碼設定成功',
    forgot: '忘記支付密碼？',
  },
  forgot: { send: '獲取驗證碼', next: '下一步', sent: '驗證碼已發送' },
  register: {
    fastRegister: '手機號快速註冊',
    fastBind: '手機號快速綁定',
    send: '獲取驗證碼',
    submitRegister: '註冊會員',
    submitBind: '綁定會員卡',
    registerSuccess: '註冊成功',
    bindSuccess: '綁定成功',
  },
  bindQr: { title: '會員綁定碼', refresh: '刷新' },
};
