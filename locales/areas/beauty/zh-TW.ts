/** Appointment texts in Traditional Chinese for Taiwan (complete: typed against the zh-CN tree). */
import type { WidenArea } from '../index';
import type { beauty as source } from './zh-CN';

export const beauty: WidenArea<typeof source> = {
  card: {
    title: '預約資訊',
    time: '預約時間',
    chooseTime: '請選擇預約時間',
    serviceUser: '服務人員',
    chooseServiceUser: '請選擇服務人員',
    optionalServiceUser: '不指定（到店安排）',
    name: '預約人',
    namePlaceholder: '到店人姓名',
    phone: '手機號碼',
    phonePlaceholder: '用於接收預約提醒',
    duration: '服務時長',
    minutes: '{{minutes}} 分鐘',
    deposit: '預約訂金',
    depositNote: '先付訂金 {{deposit}}，到店再付 {{rest}}',
  },
  picker: {
    title: '選擇預約時間',
    today: '今天',
    tomorrow: '明天',
    booked: '已約滿',
    noTimes: '當天沒有可預約的時段',
    confirm: '確定',
  },
  paid: {
    deposit: '已付訂金 {{deposit}}，到店再付 {{rest}}',
    at: '預約 {{time}}',
    with: '{{time}} · {{user}}',
  },
  users: {
    title: '選擇服務人員',
    all: '全部',
    lastTime: '上次服務',
    jobNo: '員工編號 {{no}}',
    busy: '此時段已被預約',
    unavailable: '暫不接受預約',
    none: '不指定服務人員',
    empty: '暫無可預約的服務人員',
    emptyText: '換個時間看看，或聯絡門市',
    required: '本店預約需指定服務人員',
    at: '預約 {{time}}',
  },
};
