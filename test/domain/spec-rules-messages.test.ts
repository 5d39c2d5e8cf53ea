/**
 * The English texts of the error catalogue keep the wording of C§8 "Messages" (and the coupon message
 * of C§5), and the order statuses read as C§4 describes them (docs/spec-rules.md C4.2, C4.6, C5.19,
 * C8.12–C8.27). The spec writes a placeholder as {product}; the locales write {{product}}.
 */
import { en } from '../../locales/en';
import type { ErrorCode } from '../../src/domain/errors';

const SPEC_MESSAGES: Array<[string, ErrorCode]> = [
  ['New menu has been updated, tap the screen to go to the order page', 'newMenuUpdated'],
  ['Order failed at get shop data', 'getShopDataFailed'],
  ['Get order detail failed', 'getOrderDetailFailed'],
  ['Address Error', 'addressError'],
  ['Address not include gps info', 'addressNoGps'],
  ['Shop address set incorrect!', 'shopAddressIncorrect'],
  ['Out of business scope', 'outOfBusinessScope'],
  ['Payment is wrong, pls contact merchant', 'paymentWrong'],
  ['No valid pay type', 'noValidPayType'],
  ['Product {{product}} not in sale time', 'productNotInSaleTime'],
  ['Product {{product}} sold out', 'productSoldOut'],
  ['{{product}} is insufficient inventory', 'insufficientInventory'],
  ["Store service has expired or stopped, can't place order, contact boss", 'storeExpiredOrStopped'],
  ['Store Closed / Outside Business Hours', 'storeClosed'],
  ['Coupon activity not exist', 'couponActivityNotExist'],
  ['Coupon Product not exist', 'couponProductNotExist'],
  ['Invalid Coupon', 'invalidCoupon'],
  ['Please register first', 'pleaseRegisterFirst'],
  ['Sms code verify failed', 'smsVerifyFailed'],
  ['No Sms Left', 'noSmsLeft'],
  ['SMS sent failed', 'smsSendFailed'],
  ['Invalid QR', 'invalidQr'],
  ['Jumping station number is wrong!', 'jumpingStationWrong'],
  ['Failed to connect to the server, ordering may not be synchronized', 'syncConnectFailed'],
  ['Cant get location, please open and auth', 'locationUnavailable'],
  ['Origin password is incorrect', 'originPasswordIncorrect'],
  ['Avatar upload failed', 'avatarUploadFailed'],
  ['Open vip center failed', 'openVipCenterFailed'],
  ['Function Closed', 'functionClosed'],
  ['payment environment is initializing, try later', 'paymentInitializing'],
  ['Pay cancelled', 'payCancelled'],
  ['Not pay, order invalid', 'notPayOrderInvalid'],
  ['Amount error', 'amountError'],
  ['Cannot pay within the browser page', 'browserCannotPayByCard'],
  ['Please input verify code', 'inputVerifyCode'],
  ['Please input an correct phone', 'inputCorrectPhone'],
  ['The two passwords are inconsistent', 'passwordsInconsistent'],
  ['Please enter the correct number of people', 'incorrectPeopleCount'],
  ['table number not found', 'tableNotFound'],
  ['camera scan failed', 'cameraScanFailed'],
  ['check whether paid', 'checkWhetherPaid'],
  ['You already selected a coupon, delete it and choose again', 'couponAlreadySelected'],
];

describe('error catalogue wording (C§8, C§5)', () => {
  it.each(SPEC_MESSAGES)('says "%s" in English for %s', (text, code) => {
    expect(en.errors[code]).toBe(text);
  });
});

describe('order status wording (C§4)', () => {
  it("shows the order statuses in the spec's English words", () => {
    expect({
      pending: en.orderStatus.pending,
      confirmed: en.orderStatus.confirmed,
      delivered: en.orderStatus.delivered,
      inDelivery: en.orderStatus.inDelivery,
      confirmed_new: en.orderStatus.confirmed_new,
      wait_rider_pending: en.orderStatus.wait_rider_pending,
      rider_confirmed: en.orderStatus.rider_confirmed,
      rider_delivery_exception: en.orderStatus.rider_delivery_exception,
      successed: en.orderStatus.successed,
      closed: en.orderStatus.closed,
      refused: en.orderStatus.refused,
      refund: en.orderStatus.refund,
      refunding: en.orderStatus.refunding,
      refund_fail: en.orderStatus.refund_fail,
      toBeConfirmed: en.orderStatus.toBeConfirmed,
      nopay: en.orderStatus.nopay,
      preparing: en.orderStatus.preparing,
      cooking: en.orderStatus.cooking,
      received: en.orderStatus.received,
      orderFailed: en.orderStatus.orderFailed,
    }).toEqual({
      pending: 'Awaiting acceptance',
      confirmed: 'Merchant accepted',
      delivered: 'Merchant accepted',
      inDelivery: 'In delivery',
      confirmed_new: 'To be delivered',
      wait_rider_pending: 'Waiting for rider',
      rider_confirmed: 'Rider confirmed',
      rider_delivery_exception: 'Rider delivery exception',
      successed: 'Completed',
      closed: 'Closed',
      refused: 'Refused',
      refund: 'Closed',
      refunding: 'Refunding',
      refund_fail: 'Refund failed',
      toBeConfirmed: 'To be confirmed',
      nopay: 'Unpaid',
      preparing: 'Preparing',
      cooking: 'Cooking',
      received: 'Received',
      orderFailed: 'Order failed',
    });
  });
});
