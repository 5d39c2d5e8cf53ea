import { ErrorCode } from '../../src/domain/errors';
import type { PaymentAdapter, WalletPayParams } from '../../src/platform/types';
import { fail, ok } from '../support/fakes';
import { buildStores, orderDetail } from '../support/store-factories';

const walletStart = {
  kind: 'wallet',
  provider: 'weixin',
  tradeNo: 'T1',
  amount: 20,
  params: { timeStamp: '1700000000', nonceStr: 'n0nce', package: 'prepay_id=wx1', signType: 'RSA', paySign: 'sig' },
};

/** A host wallet that answers as told and records what it was asked to pay. */
function fakeWallet(answer: Awaited<ReturnType<PaymentAdapter['requestPayment']>>) {
  const asked: WalletPayParams[] = [];
  const payment: PaymentAdapter = {
    supported: true,
    async requestPayment(params) {
      asked.push(params);
      return answer;
    },
  };
  return { payment, asked };
}

const calls = (f: ReturnType<typeof buildStores>, path: string) => f.transport.requests.filter((r) => r.url.endsWith(`/${path}`));

describe('OrderStore.pay (ORDER-7)', () => {
  it('pays by member card with the pay password on weapp', async () => {
    const f = buildStores({ platform: 'weapp' });
    f.transport.on('order/pay', ok({ kind: 'paid', payStatus: 1, paidAmount: 20 }));
    const outcome = await f.order.pay(501, 'vip', { payPassword: '246810' });
    expect(outcome).toEqual({ status: 'paid', orderId: 501 });
    expect(calls(f, 'order/pay')[0].data).toEqual({ id: 501, payType: 'vip', payPassword: '246810' });
  });

  it('refuses the member card in a browser page without asking the server', async () => {
    const f = buildStores({ platform: 'h5' });
    const outcome = await f.order.pay(501, 'vip', { payPassword: '246810' });
    expect(outcome).toEqual({ status: 'failed', orderId: 501, error: { code: ErrorCode.browserCannotPayByCard } });
    expect(f.transport.requests.length).toEqual(0);
  });

  it('refuses a pay password that is not 6 digits', async () => {
    const f = buildStores({ platform: 'weapp' });
    expect(await f.order.pay(501, 'vip', { payPassword: '12ab56' })).toEqual({
      status: 'failed',
      orderId: 501,
      error: { code: ErrorCode.payPasswordSixDigits },
    });
  });

  it('asks for the pay password when none is given', async () => {
    const f = buildStores({ platform: 'weapp' });
    expect(await f.order.pay(501, 'vip')).toEqual({ status: 'failed', orderId: 501, error: { code: ErrorCode.payPasswordRequired } });
    expect(f.transport.requests.length).toEqual(0);
  });

  it('pays through the chat-app wallet with the server parameters, then settles', async () => {
    const wallet = fakeWallet({ ok: true, value: undefined });
    const f = buildStores({ platform: 'weapp', payment: wallet.payment });
    f.transport.on('order/pay', ok(walletStart));
    f.transport.on('order/payQuery', ok({ id: 501, status: 'pending', payStatus: 1, paidAmount: 20 }));
    const outcome = await f.order.pay(501, 'weixin');
    expect(outcome).toEqual({ status: 'paid', orderId: 501 });
    expect(wallet.asked).toEqual([walletStart.params]);
  });

  it('reports a cancelled wallet payment and keeps the order payable', async () => {
    const wallet = fakeWallet({ ok: false, code: ErrorCode.payCancelled, cancelled: true });
    const f = buildStores({ platform: 'weapp', payment: wallet.payment });
    f.transport.on('order/pay', ok(walletStart));
    f.transport.on('order/payErrorCallback', ok({ id: 501, status: 'nopay', payStatus: 3 }));
    const outcome = await f.order.pay(501, 'weixin');
    expect(outcome).toEqual({ status: 'cancelled', orderId: 501, error: { code: ErrorCode.payCancelled } });
    expect(calls(f, 'order/payErrorCallback')[0].data).toEqual({ id: 501, payType: 'weixin', payStatus: 3 });
  });

  it('says "check whether paid" when the wallet paid but the server has not settled yet', async () => {
    const wallet = fakeWallet({ ok: true, value: undefined });
    const f = buildStores({ platform: 'weapp', payment: wallet.payment });
    f.transport.on('order/pay', ok(walletStart));
    f.transport.on('order/payQuery', ok({ id: 501, status: 'nopay', payStatus: 0, paidAmount: 0 }));
    expect(await f.order.pay(501, 'weixin')).toEqual({
      status: 'processing',
      orderId: 501,
      error: { code: ErrorCode.checkWhetherPaid },
    });
  });

  it('opens the card provider page for stripe', async () => {
    const f = buildStores({ platform: 'h5' });
    f.transport.on('order/pay', ok({ kind: 'redirect', provider: 'stripe', tradeNo: 'S1', amount: 20, url: 'https://pay.example/s/S1' }));
    expect(await f.order.pay(501, 'stripe')).toEqual({
      status: 'redirect',
      orderId: 501,
      page: '/pages/order/stripe-pay',
      url: 'https://pay.example/s/S1',
    });
  });

  it('passes the return address to the server for a provider page', async () => {
    const f = buildStores({ platform: 'h5' });
    const back = 'http://shop.example/#/pages/order/allin-pay-callback?orderId=501';
    f.transport.on('order/pay', ok({ kind: 'redirect', provider: 'allinpay', tradeNo: 'A1', amount: 20, url: 'https://pay.example/a/A1' }));
    await f.order.pay(501, 'allinpay', { returnUrl: back });
    expect(calls(f, 'order/pay')[0].data).toEqual({ id: 501, payType: 'allinpay', returnUrl: back });
  });

  it('sends no return address for a wallet payment', async () => {
    const wallet = fakeWallet({ ok: true, value: undefined });
    const f = buildStores({ platform: 'weapp', payment: wallet.payment });
    f.transport.on('order/pay', ok(walletStart));
    f.transport.on('order/payQuery', ok({ id: 501, status: 'pending', payStatus: 1, paidAmount: 20 }));
    await f.order.pay(501, 'weixin', { returnUrl: 'http://shop.example/#/pages/order/success' });
    expect(calls(f, 'order/pay')[0].data).toEqual({ id: 501, payType: 'weixin' });
  });

  it('passes the return address of a confirmation on to the provider payment that follows', async () => {
    const f = buildStores({ platform: 'h5' });
    f.session.setOrderType('dine');
    const { readyToOrder, product } = await import('../support/store-factories');
    await readyToOrder(f, [product({ id: 1, price: 20 })], { pay: ['stripe'] });
    f.cart.add(1);
    f.checkout.setOrderInfo({ table: 'A1', people: 1 });
    f.orderConfirm.enterConfirm();
    f.transport.on('order/confirm', ok({ id: 501, orderNo: 'N501', status: 'nopay', payStatus: 0, total: 20, needPay: true, payDeadline: null }));
    f.transport.on('order/pay', ok({ kind: 'redirect', provider: 'stripe', tradeNo: 'S1', amount: 20, url: 'https://pay.example/s/S1' }));
    const back = 'http://shop.example/#/pages/order/allin-pay-callback?orderId=501';
    await f.orderConfirm.confirm({ returnUrl: back });
    expect(calls(f, 'order/pay')[0].data).toEqual({ id: 501, payType: 'stripe', returnUrl: back });
  });

  it('passes on the server refusal of a payment', async () => {
    const f = buildStores({ platform: 'weapp' });
    f.transport.on('order/pay', fail('Origin password is incorrect', ErrorCode.payPasswordWrong));
    expect(await f.order.pay(501, 'vip', { payPassword: '246810' })).toEqual({
      status: 'failed',
      orderId: 501,
      error: { code: ErrorCode.payPasswordWrong },
    });
  });

  it('starts the wallet right after an order that needs paying', async () => {
    const wallet = fakeWallet({ ok: true, value: undefined });
    const f = buildStores({ platform: 'weapp', payment: wallet.payment });
    f.session.setOrderType('dine');
    const { readyToOrder, product } = await import('../support/store-factories');
    await readyToOrder(f, [product({ id: 1, price: 20 })], { pay: ['weixin'] });
    f.cart.add(1);
    f.checkout.setOrderInfo({ table: 'A1', people: 1 });
    f.orderConfirm.enterConfirm();
    f.transport.on('order/confirm', ok({ id: 501, orderNo: 'N501', status: 'nopay', payStatus: 0, total: 20, needPay: true, payDeadline: null }));
    f.transport.on('order/pay', ok(walletStart));
    f.transport.on('order/payQuery', ok({ id: 501, status: 'pending', payStatus: 1, paidAmount: 20 }));
    const outcome = await f.orderConfirm.confirm();
    expect(outcome.status === 'placed' && outcome.payment).toEqual({ status: 'paid', orderId: 501 });
  });

  it('updates the shown order once the payment settled', async () => {
    const f = buildStores({ platform: 'weapp' });
    f.transport.on('order/detail', ok(orderDetail()));
    await f.order.loadDetail(501);
    f.transport.on('order/pay', ok({ kind: 'paid', payStatus: 1, paidAmount: 20 }));
    await f.order.pay(501, 'vip', { payPassword: '246810' });
    expect(f.order.detail?.payStatus).toEqual(1);
    expect(f.order.detail?.paidAmount).toEqual(20);
  });
});
