/**
 * The payment-app wallet through Alipay (ORDER-7/8, SERVER-3/4), the real adapter (alipay-sdk)
 * against the loopback gateway double (test/support/doubles/alipay-double.ts): create → trade number
 * for my.tradePay → signed notification answered `success` → settled once; forged, tampered,
 * wrong-app, wrong-seller, stale and replayed notifications rejected with nothing changed; a paid
 * trade after the auto-cancel reinstated; a withheld notification found by the sweeper; refunds
 * through alipay.trade.refund, retried through an outage with the same out_request_no.
 */
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { payments } from '../../../server/src/db/schema';
import { SHOP } from '../../../server/src/demo/ids';
import { AlipayProvider, fromBeijingTime } from '../../../server/src/payments/alipay';
import { sweepExpired } from '../../../server/src/services/orders/lifecycle';
import { sweepOpenTrades } from '../../../server/src/services/payments/query';
import { runRefundOutbox } from '../../../server/src/services/payments/refunds';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { startAlipayDouble, type AlipayDouble } from '../../support/doubles/alipay-double';
import { postNotification } from '../../support/sandbox-provider';
import { dine, orderRow, place, startPay } from '../orders/helpers';

const APP_ID = '2021000000000001';
const SELLER = '2088000000000001';
const KEY = 'merchant-secret';
const app = generateKeyPairSync('rsa', { modulusLength: 2048 });

let server: TestServer;
let ali: AlipayDouble;

beforeAll(async () => {
  ali = await startAlipayDouble({ appId: APP_ID, appPublicKey: app.publicKey, sellerId: SELLER, now: () => server.clock.now() });
  server = await buildTestServer({
    config: {
      merchantKey: KEY,
      unpaidTimeoutS: 60,
      payments: {
        providers: ['alipay'],
        notifyBaseUrl: 'https://shop.example',
        wechatpay: null,
        alipay: {
          appId: APP_ID,
          privateKey: app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
          alipayPublicKey: ali.alipayPublicKey,
          sellerId: SELLER,
          gateway: ali.gateway,
        },
      },
    },
  });
}, 60_000);
afterAll(async () => {
  await server.close();
  await ali.close();
});
beforeEach(async () => {
  await server.reset();
  ali.requests.length = 0;
  ali.state.refundOutages = 0;
  ali.state.refundRefusal = null;
});

/** A dine-in order (2 × 10303 at table A1: 50.40, the suites' dine() body) paid in the payment-app wallet. */
async function walletOrder() {
  const token = await server.login(SHOP.restaurant);
  const o = await place(server, token, dine({ payType: 'alipay' }));
  const start = await startPay(server, token, o.id, 'alipay');
  if (start.kind !== 'wallet' || !('tradeNO' in start.params)) throw new Error('expected payment-app wallet parameters');
  return { token, o, start, tradeNO: start.params.tradeNO };
}

const notify = (n: { headers: Record<string, string>; rawBody: string }) => postNotification(server.app, 'alipay', n);
const paidSteps = async (id: number) => (await orderRow(server, id)).events.filter((e) => e.text.startsWith('paid by')).length;

async function admin(op: string, body: unknown) {
  const res = await server.app.inject({ method: 'POST', url: `/merchant/${op}`, headers: { 'content-type': 'application/json', 'x-merchant-key': KEY }, payload: JSON.stringify(body) });
  return JSON.parse(res.body) as { result: boolean; info: { status?: string }; code?: string };
}

test('order/pay creates the trade (signed, 50.40 as a yuan string) and hands my.tradePay its trade number only', async () => {
  const { start, tradeNO } = await walletOrder();
  const create = ali.requests.find((r) => r.method === 'alipay.trade.create');
  expect(create?.authorized).toBe(true);
  expect(create?.params.notify_url).toBe('https://shop.example/pay/notify/alipay');
  expect(create?.biz).toMatchObject({ out_trade_no: start.tradeNo, total_amount: '50.40' });
  expect(tradeNO).toBe(ali.trades.get(start.tradeNo)?.tradeNo);
  expect(start.kind === 'wallet' && Object.keys(start.params)).toEqual(['tradeNO']);
});

test('the signed notification settles the order and is answered "success"; 15 deliveries at once settle it once', async () => {
  const { o, start } = await walletOrder();
  const n = ali.payByUser(start.tradeNo);
  const answers = await Promise.all(Array.from({ length: 15 }, () => notify(n)));
  expect(answers.map((a) => a.body)).toEqual(Array(15).fill('success'));
  expect(await orderRow(server, o.id)).toMatchObject({ status: 'pending', payStatus: 1 });
  expect(await paidSteps(o.id)).toBe(1);
});

test.each([
  ['a forged signature', () => ({ forgeWith: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey })],
  ['an amount changed after signing', () => ({ tamperAfter: (f: Record<string, string>) => (f.total_amount = '0.01') })],
  ['a signed wrong amount', () => ({ tamper: (f: Record<string, string>) => (f.total_amount = '50.39') })],
  ['another app', () => ({ tamper: (f: Record<string, string>) => (f.app_id = '2021000000009999') })],
  ['another seller', () => ({ tamper: (f: Record<string, string>) => (f.seller_id = '2088000000009999') })],
  ['a notify_time 6 minutes old', () => ({ at: server.clock.now() - 6 * 60_000 })],
])('%s is rejected ("fail") and logged, nothing changed', async (_name, options) => {
  const { o, start } = await walletOrder();
  const n = ali.payByUser(start.tradeNo, options());
  const warn = jest.spyOn(server.ctx.log, 'warn');
  try {
    expect((await notify(n)).body).toBe('fail');
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ provider: 'alipay' }), 'payment notification rejected');
  } finally {
    warn.mockRestore();
  }
  expect(await orderRow(server, o.id)).toMatchObject({ status: 'nopay', payStatus: 0 });
  const [trade] = await server.db.select().from(payments).where(eq(payments.tradeNo, start.tradeNo));
  expect(trade.state).toBe('created');
});

test('a replayed notify_id changes nothing; WAIT_BUYER_PAY is taken without effect', async () => {
  const { o, start } = await walletOrder();
  expect((await notify(ali.notificationOf(start.tradeNo, 'WAIT_BUYER_PAY'))).body).toBe('success');
  expect((await orderRow(server, o.id)).status).toBe('nopay');
  expect((await notify(ali.payByUser(start.tradeNo, { notifyId: 'ntf-replayed' }))).body).toBe('success');
  const before = await orderRow(server, o.id);
  server.clock.advance(60_000);
  expect((await notify(ali.notificationOf(start.tradeNo, 'TRADE_SUCCESS', { notifyId: 'ntf-replayed' }))).body).toBe('success');
  expect((await orderRow(server, o.id)).events).toEqual(before.events);
});

test('paid after the countdown cancelled the order: reinstated', async () => {
  const { o, start } = await walletOrder();
  server.clock.advance(61_000);
  await sweepExpired(server.ctx);
  expect((await orderRow(server, o.id)).status).toBe('nopay_cancel');
  expect((await notify(ali.payByUser(start.tradeNo))).body).toBe('success');
  expect((await orderRow(server, o.id)).status).toBe('pending');
});

test('a withheld notification: the sweeper asks alipay.trade.query and settles the order', async () => {
  const { o, start } = await walletOrder();
  ali.payByUser(start.tradeNo);
  server.clock.advance(11_000);
  expect(await sweepOpenTrades(server.ctx)).toBe(1);
  expect(ali.requests.some((r) => r.method === 'alipay.trade.query' && r.biz.out_trade_no === start.tradeNo)).toBe(true);
  expect(await orderRow(server, o.id)).toMatchObject({ status: 'pending', payStatus: 1 });
});

test('a refund through an outage is retried with the same out_request_no and moves the money once', async () => {
  const { o, start } = await walletOrder();
  await notify(ali.payByUser(start.tradeNo));
  ali.state.refundOutages = 1;
  expect((await admin('order/act', { id: o.id, action: 'refund' })).info.status).toBe('refunding');
  server.clock.advance(5_000);
  expect(await runRefundOutbox(server.ctx)).toEqual(['settled']);
  const asked = ali.requests.filter((r) => r.method === 'alipay.trade.refund');
  expect(asked.map((r) => r.biz.refund_amount)).toEqual(['50.40', '50.40']);
  expect(new Set(asked.map((r) => r.biz.out_request_no)).size).toBe(1);
  expect(ali.trades.get(start.tradeNo)?.refunded.size).toBe(1);
  expect((await orderRow(server, o.id)).status).toBe('refund');
});

test('a refund Alipay refuses ends refund_fail with its reason', async () => {
  const { o, start } = await walletOrder();
  await notify(ali.payByUser(start.tradeNo));
  ali.state.refundRefusal = 'ACQ.SELLER_BALANCE_NOT_ENOUGH';
  expect((await admin('order/act', { id: o.id, action: 'refund' })).info.status).toBe('refund_fail');
  expect((await orderRow(server, o.id)).events.at(-1)?.text).toContain('ACQ.SELLER_BALANCE_NOT_ENOUGH');
});

test('notify_time is Beijing time', () => {
  expect(fromBeijingTime('2026-03-04 12:00:00')).toBe(Date.UTC(2026, 2, 4, 4, 0, 0));
  expect(fromBeijingTime('2026-03-04T12:00:00')).toBeNull();
});

test('an answer not signed with the configured Alipay key is refused', async () => {
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const adapter = new AlipayProvider(
    { appId: APP_ID, privateKey: app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), alipayPublicKey: other, sellerId: SELLER, gateway: ali.gateway },
    { now: () => server.clock.now() },
  );
  await expect(
    adapter.start({ tradeNo: 'TALI1', description: 'test', amount: '1', payerId: '2088000000000002', notifyUrl: 'https://shop.example/pay/notify/alipay' }),
  ).rejects.toThrow();
  // the request itself was well signed: only the answer was refused
  expect(ali.requests.find((r) => r.biz.out_trade_no === 'TALI1')).toMatchObject({ authorized: true, biz: { buyer_id: '2088000000000002', total_amount: '1.00' } });
});
