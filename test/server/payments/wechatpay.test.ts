/**
 * The chat-app wallet through WeChat Pay API v3 (ORDER-7/8, SERVER-3/4), the real adapter against the
 * loopback double (test/support/doubles/wechatpay-double.ts): create → client parameters → signed,
 * encrypted notification → settled once; forged, wrong-amount, wrong-merchant, wrong-app, stale and
 * replayed notifications rejected with nothing changed; a payment after the auto-cancel reinstated
 * or refunded; a withheld notification found by the sweeper; refund results settled once.
 */
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { payments, products, refunds, users } from '../../../server/src/db/schema';
import { RESTAURANT_PRODUCT as P, SHOP } from '../../../server/src/demo/ids';
import { sweepExpired } from '../../../server/src/services/orders/lifecycle';
import { sweepOpenTrades } from '../../../server/src/services/payments/query';
import { runRefundOutbox } from '../../../server/src/services/payments/refunds';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { startWechatPayDouble, type WechatPayDouble } from '../../support/doubles/wechatpay-double';
import { postNotification } from '../../support/sandbox-provider';
import { WechatPayProvider } from '../../../server/src/payments/wechatpay';
import { dine, orderRow, place, startPay } from '../orders/helpers';

const MCHID = '1900000109';
const APPID = 'wx8888888888888888';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const KEY = 'merchant-secret';
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });

let server: TestServer;
let wx: WechatPayDouble;

beforeAll(async () => {
  wx = await startWechatPayDouble({ mchid: MCHID, appid: APPID, merchantPublicKey: merchant.publicKey, merchantSerial: MERCHANT_SERIAL, now: () => server.clock.now() });
  server = await buildTestServer({
    config: {
      merchantKey: KEY,
      unpaidTimeoutS: 60,
      payments: {
        providers: ['wechatpay'],
        notifyBaseUrl: 'https://shop.example',
        alipay: null,
        wechatpay: {
          mchid: MCHID,
          appid: APPID,
          merchantSerial: MERCHANT_SERIAL,
          merchantPrivateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
          apiV3Key: wx.apiV3Key,
          platformKeys: [{ serial: wx.platformSerial, publicKey: wx.platformPublicKey }],
          baseUrl: wx.baseUrl,
        },
      },
    },
  });
}, 60_000);
afterAll(async () => {
  await server.close();
  await wx.close();
});
beforeEach(async () => {
  await server.reset();
  wx.requests.length = 0;
  wx.state.refundMode = 'SUCCESS';
  wx.state.refundOutages = 0;
});

/** A dine-in order of the restaurant (2 × 10303 at table A1: 50.40, the suites' dine() body) paid by the chat-app wallet. */
async function walletOrder(products?: Array<{ id: number; quantity: number; flag: string }>) {
  const token = await server.login(SHOP.restaurant, 'wx-diner-openid');
  const o = await place(server, token, dine({ payType: 'weixin', ...(products ? { products } : {}) }));
  const start = await startPay(server, token, o.id, 'weixin');
  if (start.kind !== 'wallet' || !('paySign' in start.params)) throw new Error('expected chat-app wallet parameters');
  return { token, o, start, params: start.params };
}

const notify = (n: { headers: Record<string, string>; rawBody: string }) => postNotification(server.app, 'wechatpay', n);
const paidSteps = async (id: number) => (await orderRow(server, id)).events.filter((e) => e.text.startsWith('paid by')).length;

async function admin(op: string, body: unknown) {
  const res = await server.app.inject({ method: 'POST', url: `/merchant/${op}`, headers: { 'content-type': 'application/json', 'x-merchant-key': KEY }, payload: JSON.stringify(body) });
  return JSON.parse(res.body) as { result: boolean; info: { status?: string }; code?: string };
}

test('order/pay creates the prepay order, signed, in fen, and the wallet parameters are signed by the merchant', async () => {
  const { o, start, params } = await walletOrder();
  const create = wx.requests.find((r) => r.uri === '/v3/pay/transactions/jsapi');
  // the payer is the open id the chat-app login gave this customer
  const [payer] = await server.db.select({ openid: users.openid }).from(users).where(eq(users.id, (await orderRow(server, o.id)).userId));
  expect(create?.authorized).toBe(true);
  // 50.40 yuan = 5040 fen
  expect(create?.body).toMatchObject({
    appid: APPID,
    mchid: MCHID,
    out_trade_no: start.tradeNo,
    notify_url: 'https://shop.example/pay/notify/wechatpay',
    amount: { total: 5040, currency: 'CNY' },
    payer: { openid: payer.openid },
  });
  expect(String(create?.body?.description)).toContain(o.orderNo);
  expect(params.package).toBe(`prepay_id=${wx.trades.get(start.tradeNo)?.prepayId}`);
  expect(params.signType).toBe('RSA');
  const message = `${APPID}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
  expect(createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, params.paySign, 'base64')).toBe(true);
  expect((await orderRow(server, o.id)).status).toBe('nopay');
});

test('the signed notification settles the order; 15 deliveries at once settle it once', async () => {
  const { o, start } = await walletOrder();
  const n = wx.payByUser(start.tradeNo);
  const answers = await Promise.all(Array.from({ length: 15 }, () => notify(n)));
  expect(answers.map((a) => a.status)).toEqual(Array(15).fill(204));
  expect(await orderRow(server, o.id)).toMatchObject({ status: 'pending', payStatus: 1 });
  expect(await paidSteps(o.id)).toBe(1);
  const [trade] = await server.db.select().from(payments).where(eq(payments.tradeNo, start.tradeNo));
  expect(trade).toMatchObject({ state: 'paid', providerTradeId: wx.trades.get(start.tradeNo)?.transactionId });
});

test.each([
  ['a forged signature', () => ({ forgeWith: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey })],
  ['an unknown serial', () => ({ serial: 'PUB_KEY_ID_UNKNOWN' })],
  ['a wrong amount (5039 fen)', () => ({ tamper: (r: Record<string, unknown>) => ((r.amount as { total: number }).total = 5039) })],
  ['another merchant', () => ({ tamper: (r: Record<string, unknown>) => (r.mchid = '1900000999') })],
  ['another app', () => ({ tamper: (r: Record<string, unknown>) => (r.appid = 'wx0000000000000000') })],
  ['a timestamp 6 minutes old', () => ({ timestamp: Math.floor(server.clock.now() / 1000) - 360 })],
])('%s is rejected and logged, nothing changed', async (_name, options) => {
  const { o, start } = await walletOrder();
  const n = wx.payByUser(start.tradeNo, options());
  const warn = jest.spyOn(server.ctx.log, 'warn');
  try {
    expect((await notify(n)).status).toBe(500);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ provider: 'wechatpay' }), 'payment notification rejected');
  } finally {
    warn.mockRestore();
  }
  expect(await orderRow(server, o.id)).toMatchObject({ status: 'nopay', payStatus: 0 });
  const [trade] = await server.db.select().from(payments).where(eq(payments.tradeNo, start.tradeNo));
  expect(trade.state).toBe('created');
});

test('a replayed notification id changes nothing', async () => {
  const { o, start } = await walletOrder();
  const n = wx.payByUser(start.tradeNo, { id: 'EV-replayed' });
  expect((await notify(n)).status).toBe(204);
  const before = await orderRow(server, o.id);
  server.clock.advance(60_000);
  // the same id, signed afresh (a replay by whoever captured it, inside the time window)
  expect((await notify(wx.paidNotification(start.tradeNo, { id: 'EV-replayed' }))).status).toBe(204);
  expect((await orderRow(server, o.id)).events).toEqual(before.events);
});

test('paid after the countdown cancelled the order: reinstated while its stock is there', async () => {
  const { o, start } = await walletOrder();
  server.clock.advance(61_000);
  expect(await sweepExpired(server.ctx)).toBe(1);
  expect((await orderRow(server, o.id)).status).toBe('nopay_cancel');
  expect((await notify(wx.payByUser(start.tradeNo))).status).toBe(204);
  expect(await orderRow(server, o.id)).toMatchObject({ status: 'pending', payStatus: 1 });
});

test('paid after the countdown when the stock is gone: refunded through WeChat Pay, never lost', async () => {
  const { o, start } = await walletOrder([{ id: P.peking, quantity: 1, flag: 'p' }]);
  server.clock.advance(61_000);
  await sweepExpired(server.ctx);
  await server.db.update(products).set({ stock: 0 }).where(eq(products.id, P.peking));
  expect((await notify(wx.payByUser(start.tradeNo))).status).toBe(204);
  expect((await orderRow(server, o.id)).status).toBe('nopay_cancel');
  const refund = wx.requests.find((r) => r.uri === '/v3/refund/domestic/refunds');
  // the whole payment back: 1 × Peking duck at table A1 (the amount the trade was made for)
  const [trade] = await server.db.select().from(payments).where(eq(payments.tradeNo, start.tradeNo));
  expect(refund?.body).toMatchObject({ out_trade_no: start.tradeNo, amount: { refund: Math.round(Number(trade.amount) * 100), total: Math.round(Number(trade.amount) * 100) } });
  expect(trade.state).toBe('refunded');
});

test('a withheld notification: the sweeper asks WeChat Pay and settles the order', async () => {
  const { o, start } = await walletOrder();
  wx.payByUser(start.tradeNo); // paid, notification never delivered
  server.clock.advance(11_000);
  expect(await sweepOpenTrades(server.ctx)).toBe(1);
  expect(wx.requests.some((r) => r.method === 'GET' && r.uri.startsWith(`/v3/pay/transactions/out-trade-no/${start.tradeNo}?mchid=${MCHID}`))).toBe(true);
  expect(await orderRow(server, o.id)).toMatchObject({ status: 'pending', payStatus: 1 });
});

test('a refund WeChat Pay processes later: its REFUND.SUCCESS delivered twice and at once settles it once', async () => {
  const { o, start } = await walletOrder();
  await notify(wx.payByUser(start.tradeNo));
  wx.state.refundMode = 'PROCESSING';
  expect((await admin('order/act', { id: o.id, action: 'refund' })).info.status).toBe('refunding');
  const [r] = await server.db.select().from(refunds).where(eq(refunds.orderId, o.id));
  expect(r.state).toBe('processing');
  const result = wx.finishRefund(r.refundNo);
  const again = wx.finishRefund(r.refundNo);
  const answers = await Promise.all([result, result, again, result].map(notify));
  expect(answers.every((a) => a.status === 204)).toBe(true);
  const row = await orderRow(server, o.id);
  expect(row.status).toBe('refund');
  expect(row.events.filter((e) => e.text === 'refunded')).toHaveLength(1);
});

test('WeChat Pay out of service: the refund is retried with the same refund number until it answers', async () => {
  const { o, start } = await walletOrder();
  await notify(wx.payByUser(start.tradeNo));
  wx.state.refundOutages = 1;
  expect((await admin('order/act', { id: o.id, action: 'refund' })).info.status).toBe('refunding');
  server.clock.advance(5_000);
  expect(await runRefundOutbox(server.ctx)).toEqual(['settled']);
  const asked = wx.requests.filter((x) => x.uri === '/v3/refund/domestic/refunds').map((x) => x.body?.out_refund_no);
  expect(asked).toHaveLength(2);
  expect(new Set(asked).size).toBe(1);
  expect((await orderRow(server, o.id)).status).toBe('refund');
});

describe('the adapter alone', () => {
  const adapter = (over: Partial<import('../../../server/src/payments/config').WechatPayConfig> = {}) =>
    new WechatPayProvider(
      {
        mchid: MCHID,
        appid: APPID,
        merchantSerial: MERCHANT_SERIAL,
        merchantPrivateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        apiV3Key: wx.apiV3Key,
        platformKeys: [{ serial: wx.platformSerial, publicKey: wx.platformPublicKey }],
        baseUrl: wx.baseUrl,
        ...over,
      },
      { now: () => server.clock.now() },
    );
  const req = (tradeNo: string, amount: string) => ({ tradeNo, description: 'test', amount, payerId: 'o-payer', notifyUrl: 'https://shop.example/pay/notify/wechatpay' });

  test('an answer not signed with the configured WeChat Pay key is refused', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    await expect(adapter({ platformKeys: [{ serial: wx.platformSerial, publicKey: other }] }).start(req('TADAPTER1', '1'))).rejects.toThrow(/SIGN_ERROR/);
  });

  test('amounts go in whole fen: 12.30 → 1230, 0.01 → 1', async () => {
    await adapter().start(req('TADAPTER2', '12.30'));
    await adapter().start(req('TADAPTER3', '0.01'));
    const totals = wx.requests.filter((r) => r.uri === '/v3/pay/transactions/jsapi').map((r) => (r.body?.amount as { total: number }).total);
    expect(totals).toEqual([1230, 1]);
  });

  test('query maps the trade state; an unknown trade is null', async () => {
    const a = adapter();
    await a.start(req('TADAPTER4', '3.00'));
    expect(await a.query('TADAPTER4')).toMatchObject({ state: 'open', amount: '3.00' });
    wx.payByUser('TADAPTER4');
    expect(await a.query('TADAPTER4')).toMatchObject({ state: 'paid', amount: '3.00' });
    expect(await a.query('TNOSUCH')).toBeNull();
  });

  test('a refund of an unpaid trade is refused for good; an outage throws for the outbox to retry', async () => {
    const a = adapter();
    await a.start(req('TADAPTER5', '2.00'));
    const refund = { tradeNo: 'TADAPTER5', refundNo: 'RFTADAPTER5', amount: '2.00', total: '2.00', reason: 'test', notifyUrl: 'https://shop.example/pay/notify/wechatpay' };
    expect(await a.refund(refund)).toMatchObject({ state: 'failed', detail: expect.stringContaining('RESOURCE_NOT_EXISTS') });
    wx.state.refundOutages = 1;
    await expect(a.refund(refund)).rejects.toThrow(/SYSTEM_ERROR/);
  });
});
