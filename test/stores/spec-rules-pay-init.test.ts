/**
 * C8.17 "payment environment is initializing, try later": a host wallet that is not ready (the
 * platform answers platformUnsupported) fails the payment with that message, and the order stays
 * payable (the failure is reported to the server as a failed, not a cancelled, payment).
 */
import { ErrorCode } from '../../src/domain/errors';
import { errorMessage, setLanguage } from '../../src/i18n';
import type { PaymentAdapter } from '../../src/platform/types';
import { ok } from '../support/fakes';
import { buildStores } from '../support/store-factories';

const walletStart = {
  kind: 'wallet',
  provider: 'weixin',
  tradeNo: 'T1',
  amount: 20,
  params: { timeStamp: '1700000000', nonceStr: 'n0nce', package: 'prepay_id=wx1', signType: 'RSA', paySign: 'sig' },
};

afterEach(() => setLanguage('zh-CN'));

test('a wallet that is not ready yet says "payment environment is initializing, try later" and reports a failed payment', async () => {
  const payment: PaymentAdapter = { supported: true, requestPayment: async () => ({ ok: false, code: ErrorCode.platformUnsupported }) };
  const f = buildStores({ platform: 'weapp', payment });
  f.transport.on('order/pay', ok(walletStart));
  f.transport.on('order/payErrorCallback', ok({ id: 501, status: 'nopay', payStatus: 2 }));
  const outcome = await f.order.pay(501, 'weixin');
  expect(outcome).toEqual({ status: 'failed', orderId: 501, error: { code: ErrorCode.paymentInitializing } });
  // PayStatus.fail = 2: the order stays unpaid and can be paid again
  const reported = f.transport.requests.filter((r) => r.url.endsWith('/order/payErrorCallback'));
  expect(reported.map((r) => r.data)).toEqual([{ id: 501, payType: 'weixin', payStatus: 2 }]);
  setLanguage('en');
  expect(outcome.status === 'failed' && errorMessage(outcome.error)).toBe('payment environment is initializing, try later');
});
