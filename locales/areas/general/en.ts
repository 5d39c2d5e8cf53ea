/** General and user page texts in English (complete: typed against the zh-CN tree). */
import type { WidenArea } from '../index';
import type { general as source } from './zh-CN';

export const general: WidenArea<typeof source> = {
  error: {
    title: 'This page did not open',
    what: 'Page: {{page}}',
    reason: 'Reason: {{reason}}',
    unknown: 'Something went wrong while the page was loading.',
    hint: 'Check your connection and try again, or go back to the shop and keep ordering.',
    retry: 'Try again',
    home: 'Back to the shop',
  },
  webView: {
    refused: 'This link cannot be opened',
    refusedText: 'Only web addresses starting with http:// or https:// can be opened here.',
    missing: 'There is no web address to open.',
    address: 'Link: {{url}}',
    back: 'Back',
  },
  empty: {
    title: 'Nothing here',
    text: 'What you were looking for does not exist, is no longer available or the link has expired.',
    home: 'Go home',
    menu: 'Order now',
    orders: 'My orders',
  },
  orders: {
    shop: 'Orders at {{shop}}',
    hint: 'Every order you placed at this shop. Tap one to see its details, pay or cancel it.',
  },
  group: {
    title: 'Join the shop group',
    reason: 'Join the group or follow the official account to get member transaction notices (top-ups, payments, points) as they happen.',
    longPress: 'Long-press the picture to scan the QR code',
    save: 'Save QR code',
    saved: 'Saved to your photos',
    saveFailed: 'Could not save it: long-press the picture to save it',
    saveInBrowser: 'Long-press the picture and choose "Save image"',
    official: 'Follow the official account for notices',
    none: 'This shop has no group yet',
    noneText: 'Once the shop opens a group, scan its code here to join and get member transaction notices.',
  },
  contact: {
    call: 'Call',
    copy: 'Copy address',
    copied: 'Address copied',
    map: 'Open map',
    noMap: 'The shop has not set its map position yet',
    phone: 'Phone',
    address: 'Address',
    hours: 'Opening hours',
    today: 'Today {{hours}}',
    open: 'Open',
    closed: 'Closed',
    nextOpening: 'Opens at {{time}}',
  },
  protocol: {
    agreementTitle: 'User agreement',
    privacyTitle: 'Privacy policy',
    updated: 'Last updated: 1 November 2026',
    agreement: {
      scope: '1. This agreement covers ordering, paying, topping up and member services at this shop. Logging in or placing an order means you accept it.',
      account: '2. Keep your account, verification codes and pay password safe: what is done with your account counts as done by you.',
      orders: '3. Prices, delivery, packaging and service fees and taxes are those shown when you submit the order; an order not paid in time is cancelled.',
      refunds: '4. You can cancel an unpaid order; refunds of paid orders are reviewed by the shop and go back to where you paid from.',
      member: '5. Balance, gift amount, points and coupons can be used only at the issuing shop or its chain, and cannot be cashed out or transferred.',
    },
    privacy: {
      collect: '1. We keep the phone number, nickname, picture and addresses you give, and your order, payment and member records, to fulfil orders and member services.',
      location: '2. With your permission we read your location to work out delivery distance and suggest nearby shops; you can turn this off in your settings.',
      share: '3. Your data is never sold; the shop, the rider and the payment provider get only what they need to complete your order.',
      rights: '4. You can edit your details on the "Mine" page, or ask the shop to show, correct or delete your data.',
    },
  },
  download: {
    title: 'Get the app for faster ordering',
    text: 'Track orders and your member balance anytime',
    action: 'Download',
    close: 'Close',
  },
};
