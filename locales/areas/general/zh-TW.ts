/** General and user page texts in Traditional Chinese for Taiwan (complete: typed against the zh-CN tree). */
import type { WidenArea } from '../index';
import type { general as source } from './zh-CN';

export const general: WidenArea<typeof source> = {
  error: {
    title: '頁面無法開啟',
    what: '出錯的頁面：{{page}}',
    reason: '原因：{{reason}}',
    unknown: '頁面載入時發生問題。',
    hint: '請檢查網路後重試；仍然無法開啟，可以回到門市首頁繼續點餐。',
    retry: '重試',
    home: '回到門市',
  },
  webView: {
    refused: '無法開啟這個連結',
    refusedText: '這裡只能開啟以 http:// 或 https:// 開頭的網址。',
    missing: '沒有要開啟的網址。',
    address: '連結：{{url}}',
    back: '返回',
  },
  empty: {
    title: '這裡什麼都沒有',
    text: '要找的內容不存在、已下架或連結已失效。',
    home: '回到首頁',
    menu: '去點餐',
    orders: '我的訂單',
  },
  orders: {
    shop: '{{shop}} 的訂單',
    hint: '在本店下的訂單都在這裡，點開可查看詳情、付款或取消。',
  },
  group: {
    title: '加入門市社群',
    reason: '加入社群或關注公眾號後，會員儲值、消費、積分變動等交易通知會第一時間傳送給你。',
    longPress: '長按圖片識別 QR 碼加入',
    save: '儲存 QR 碼',
    saved: '已儲存到相簿',
    saveFailed: '儲存失敗，請長按圖片儲存',
    saveInBrowser: '請長按圖片，選擇「儲存圖片」',
    official: '關注公眾號接收通知',
    none: '本店尚未開通社群',
    noneText: '門市開通社群後，可在這裡掃碼加入，接收會員交易通知。',
  },
  contact: {
    call: '撥打電話',
    copy: '複製地址',
    copied: '地址已複製',
    map: '查看地圖',
    noMap: '門市還沒有設定地圖位置',
    phone: '電話',
    address: '地址',
    hours: '營業時間',
    today: '今日 {{hours}}',
    open: '營業中',
    closed: '休息中',
    nextOpening: '{{time}} 開始營業',
  },
  protocol: {
    agreementTitle: '使用者條款',
    privacyTitle: '隱私權政策',
    updated: '更新日期：2026 年 11 月 1 日',
    agreement: {
      scope: '一、本條款適用於你在本店點餐、下單、付款、儲值和使用會員服務。登入或下單即表示你同意本條款。',
      account: '二、請妥善保管帳號、驗證碼和支付密碼，透過你的帳號完成的操作視為你本人的行為。',
      orders: '三、價格、外送費、包裝費、服務費和稅金以送出訂單時顯示的為準；逾時未付款的訂單會自動取消。',
      refunds: '四、未付款的訂單可以取消；已付款訂單的退款由門市審核，原路退回。',
      member: '五、餘額、贈送金、積分和優惠券只能在發放門市或其連鎖門市使用，不可提領現金或轉讓。',
    },
    privacy: {
      collect: '一、我們蒐集你提供的手機號碼、暱稱、頭像、地址和訂單、付款、會員紀錄，用於完成訂單和會員服務。',
      location: '二、經你授權後讀取位置，用於計算外送距離和推薦附近門市，可隨時在系統設定中關閉。',
      share: '三、資料不會出售給第三方；只向門市、外送員和支付機構提供完成訂單所必需的部分。',
      rights: '四、你可以在「我的」頁面修改資料，或聯絡門市查詢、更正、刪除你的資料。',
    },
  },
  download: {
    title: '下載 App，點餐更方便',
    text: '訂單進度、會員餘額隨時查看',
    action: '下載',
    close: '關閉',
  },
};
