/** Appointment texts in English (complete: typed against the zh-CN tree). */
import type { WidenArea } from '../index';
import type { beauty as source } from './zh-CN';

export const beauty: WidenArea<typeof source> = {
  card: {
    title: 'Appointment',
    time: 'Time',
    chooseTime: 'Choose a time',
    serviceUser: 'Staff',
    chooseServiceUser: 'Choose a staff member',
    optionalServiceUser: 'Any (assigned in the shop)',
    name: 'Name',
    namePlaceholder: 'Who is coming',
    phone: 'Phone',
    phonePlaceholder: 'For booking reminders',
    duration: 'Duration',
    minutes: '{{minutes}} min',
    deposit: 'Deposit',
    depositNote: 'Pay {{deposit}} now, {{rest}} in the shop',
  },
  picker: {
    title: 'Choose a time',
    today: 'Today',
    tomorrow: 'Tomorrow',
    booked: 'Booked',
    noTimes: 'No times left on this day',
    confirm: 'OK',
  },
  paid: {
    deposit: 'Deposit {{deposit}} paid, {{rest}} to pay in the shop',
    at: 'Booked for {{time}}',
    with: '{{time}} · {{user}}',
  },
  users: {
    title: 'Choose staff',
    all: 'All',
    lastTime: 'Last time',
    jobNo: 'No. {{no}}',
    busy: 'Booked at this time',
    unavailable: 'Not taking appointments',
    none: 'No preference',
    empty: 'No staff available',
    emptyText: 'Try another time, or contact the shop',
    required: 'This shop asks you to choose a staff member',
    at: 'At {{time}}',
  },
};
