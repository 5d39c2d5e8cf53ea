/** General and user page texts in Traditional Chinese (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { general as source } from './zh-CN';

export const general: DeepPartial<WidenArea<typeof source>> = {
  error: {
    title: '頁面沒有打開',
    what: '出錯的頁面：{{page}}',
    reason: '原因：{{reason}}',
    unknown: '頁面載入時出了問題。',
    hint: '請檢查網路後重試；仍然不行可以回到門店首頁繼續點餐。',
    retry: '重試',
    home: '回到門店',
  },
  webView: {
    refused: '無法打開這個連結',
    refusedText: '這裡只能打開以 http:// 或 https:// 開頭的網頁地址。',
    missing: '沒有要打開的網頁地址。',
    address: '連結：{{url}}',
    back: '返回',
  },
  empty: { title: '這裡什麼都沒有', text: '要找的內容不存在、已下架或連結已失效。', home: '回到首頁', menu: '去點餐', orders: '我的訂單' },
  orders: { shop: '{{shop}} 的訂單', hint: '在本店下的訂單都在這裡，點開可查看詳情、付款或取消。' },
  group: {
    title: '加入門店社群',
    reason: '加入社群或關注公眾號後，會員儲值、消費、積分變動等交易通知會第一時間發給你。',
    longPress: '長按圖片識別二維碼加入',
    save: '儲存二維碼',
    saved: '已儲存到相簿',
    saveFailed: '儲存失敗，請長按圖片儲存',
    saveInBrowser: '請長按圖片，選擇「儲存圖片」',
    official: '關注公眾號接收通知',
    none: '本店暫未開通社群',
    noneText: '門店開通社群後，可在這裡掃碼加入，接收會員交易通知。',
  },
  contact: {
    call: '撥打電話',
    copy: '複製地址',
    copied: '地址已複製',
    map: '查看地圖',
    noMap: '門店還沒有設定地圖位置',
    phone: '電話',
    address: '地址',
    hours: '營業時間',
    today: '今日 {{hours}}',
    open: '營業中',
    closed: '休息中',
    nextOpening: '{{time}} 開始營業',
  },
  protocol: {
    agreementTitle: '使用者協議',
    privacyTitle: '隱私政策',
    updated: '更新日期：2026 年 11 月 1 日',
    agreement: {
      scope: '一、本協議適用於你在本店點餐、下單、支付、儲值和使用會員服務。登入或下單即表示你同意本協議。',
      account: '二、請妥善保管帳號、驗證碼和支付密碼，透過你的帳號完成的操作視為你本人的行為。',
      orders: '三、價格、配送費、打包費、服務費和稅費以提交訂單時顯示的為準；逾時未付款的訂單會自動取消。',
      refunds: '四、未支付的訂單可以取消；已支付訂單的退款由門店審核，原路退回。',
      member: '五、餘額、贈送金、積分和優惠券只在發放門店或其連鎖門店使用，不可提現或轉讓。',
    },
    privacy: {
      collect: '一、我們收集你提供的手機號、暱稱、頭像、地址和訂單、支付、會員記錄，用於完成訂單和會員服務。',
      location: '二、經你授權後讀取位置，用於計算配送距離和推薦附近門店，可隨時在系統設定中關閉。',
      share: '三、資訊不會出售給第三方；只向門店、配送員和支付機構提供完成訂單所必需的部分。',
      rights: '四、你可以在「我的」頁面修改資料，或聯絡門店查詢、更正、刪除你的資訊。',
    },
  },
  download: { title: '下載 App，點餐更方便', text: '訂單進度、會員餘額隨時查看', action: '下載', close: '關閉' },
};
