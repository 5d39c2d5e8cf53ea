/**
 * Customer notices through the payment app (NOTICE-1) and its login (USER-1), through `alipay-sdk`
 * against the loopback gateway double (test/support/doubles/alipay-double.ts): a payment-app
 * customer signs in (alipay.system.oauth.token), pays in the wallet, and each status change the
 * shop's templates cover reaches them as one `alipay.open.app.mini.templatemessage.send` to their
 * user id, allowed by their trade number; an outage is retried and sends once; a channel's "no" is
 * final. The chat-app and H5 channels are not involved: the channel follows the account.
 */
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { userCalls } from '../../../src/api/contract/user';
import { OrderStatus } from '../../../src/domain/enums';
import { notices, payments, shops, users, type NoticeRow } from '../../../server/src/db/schema';
import { SHOP } from '../../../server/src/demo/ids';
import { noticeBackoffMs, runNoticeOutbox } from '../../../server/src/services/notices/outbox';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { startAlipayDouble, type AlipayDouble } from '../../support/doubles/alipay-double';
import { waitUntil } from '../../support/processes';
import { postNotification } from '../../support/sandbox-provider';
import { dine, orderRow, place, selfPickup, startPay } from '../orders/helpers';

const APP_ID = '2021000000000077';
const SELLER = '2088000000000077';
const KEY = 'notices-merchant-key';
const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKey = app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let server: TestServer;
let ali: AlipayDouble;

beforeAll(async () => {
  ali = await startAlipayDouble({ appId: APP_ID, appPublicKey: app.publicKey, sellerId: SELLER, now: () => server.clock.now() });
  server = await buildTestServer({
    config: {
      merchantKey: KEY,
      alipayAppId: APP_ID,
      alipayPrivateKey: privateKey,
      alipayPublicKey: ali.alipayPublicKey,
      alipayGateway: ali.gateway,
      payments: {
        providers: ['alipay'],
        notifyBaseUrl: 'https://shop.example',
        wechatpay: null,
        alipay: { appId: APP_ID, privateKey, alipayPublicKey: ali.alipayPublicKey, sellerId: SELLER, gateway: ali.gateway },
      },
    },
  });
  // the shop's payment-app templates (ids as the open platform gives them), beside the chat app's
  const [shop] = await server.db.select().from(shops).where(eq(shops.id, SHOP.restaurant));
  await server.db
    .update(shops)
    .set({
      settings: {
        ...shop.settings,
        noticeTemplates: {
          // the demo's templates are the chat app's here: its ids are not the payment app's
          ...Object.fromEntries(Object.entries(shop.settings.noticeTemplates ?? {}).map(([id, t]) => [id, { ...t, platform: 'weapp' as const }])),
          'MDI4YWNjZXB0ZWQ=': { status: 'accepted', platform: 'alipay', fields: { keyword1: 'orderNo', keyword2: 'status', keyword3: 'amount' } },
          'MDI4cmVmdW5kZWQ=': { status: 'refunded', platform: 'alipay', fields: { keyword1: 'orderNo', keyword2: 'amount', keyword3: 'reason' } },
        },
      },
    })
    .where(eq(shops.id, SHOP.restaurant));
}, 60_000);
afterAll(async () => {
  await server.close();
  await ali.close();
});
beforeEach(() => {
  ali.requests.length = 0;
  ali.templateSends.length = 0;
  ali.state.templateOutages = 0;
});

let codeSeq = 0;

/** A payment-app customer signed in through alipay.system.oauth.token on the double. */
async function customer(): Promise<{ token: string; userId: string }> {
  const code = `ali-auth-${(codeSeq += 1)}`;
  const r = await server.call(userCalls.aliLogin, { id: SHOP.restaurant, code });
  if (!r.ok) throw new Error(`aliLogin: ${r.code}`);
  return { token: r.info.token, userId: ali.userIdOf(code) };
}

/** An order paid in the payment-app wallet: the order and the trade number Alipay gave it. */
async function paidOrder(token: string, body = dine({ payType: 'alipay' })) {
  const o = await place(server, token, body);
  const start = await startPay(server, token, o.id, 'alipay');
  if (start.kind !== 'wallet') throw new Error('expected a wallet payment');
  expect((await postNotification(server.app, 'alipay', ali.payByUser(start.tradeNo))).body).toBe('success');
  const tradeNo = ali.trades.get(start.tradeNo)!.tradeNo;
  return { o, tradeNo };
}

async function act(id: number, action: string): Promise<string> {
  const res = await server.app.inject({ method: 'POST', url: '/merchant/order/act', headers: { 'content-type': 'application/json', 'x-merchant-key': KEY }, payload: JSON.stringify({ id, action }) });
  const body = JSON.parse(res.body) as { result: boolean; info: { status: string }; code?: string };
  if (!body.result) throw new Error(`${action}: ${body.code}`);
  return body.info.status;
}

const noticesOf = (orderId: number): Promise<NoticeRow[]> => server.db.select().from(notices).where(eq(notices.orderId, orderId)).orderBy(notices.id);
const noticeIn = (orderId: number, templateId: string, state: string, attempts?: number) =>
  waitUntil(`notice ${templateId} of order ${orderId} ${state}`, async () => {
    const n = (await noticesOf(orderId)).find((r) => r.templateId === templateId);
    return n?.state === state && (attempts === undefined || n.attempts === attempts) ? n : undefined;
  });

test('the payment-app login goes through alipay-sdk (signed, checked): the account is the user id Alipay gives', async () => {
  const { token, userId } = await customer();
  const asked = ali.requests.filter((r) => r.method === 'alipay.system.oauth.token');
  expect(asked.at(-1)).toMatchObject({ authorized: true, params: { grant_type: 'authorization_code', code: `ali-auth-${codeSeq}` } });
  const session = await server.ctx.sessions.resolve(token);
  const [user] = await server.db.select().from(users).where(eq(users.id, session!.userId));
  expect(user).toMatchObject({ platform: 'alipay', openid: userId });
  // a code Alipay refuses is no login
  const bad = await server.call(userCalls.aliLogin, { id: SHOP.restaurant, code: 'bad-code' });
  expect(bad.ok ? 'signed in' : bad.code).toBe('loginExpired');
});

test('accepted: one template message to the customer’s user id, allowed by their trade, with the shop’s template and the order’s fields', async () => {
  const { token, userId } = await customer();
  const { o, tradeNo } = await paidOrder(token);
  const row = await orderRow(server, o.id);
  expect(await act(o.id, 'accept')).toBe(OrderStatus.confirmed);
  await noticeIn(o.id, 'MDI4YWNjZXB0ZWQ=', 'sent');
  expect(ali.templateSends).toEqual([
    {
      to: userId,
      formId: tradeNo,
      userTemplateId: 'MDI4YWNjZXB0ZWQ=',
      page: `pages/user/order/detail?id=${o.id}`,
      data: { keyword1: { value: row.orderNo }, keyword2: { value: '商家已接单' }, keyword3: { value: '¥50.40' } },
    },
  ]);
  const sent = ali.requests.filter((r) => r.method === 'alipay.open.app.mini.templatemessage.send');
  expect(sent.map((r) => r.authorized)).toEqual([true]);
  // only the payment app's templates: the chat app's `order-accepted` is not sent to this account
  expect((await noticesOf(o.id)).map((n) => [n.channel, n.templateId])).toEqual([['alipay', 'MDI4YWNjZXB0ZWQ=']]);
});

test('an outage of the gateway is retried and the message is sent once; a refund is told too', async () => {
  const { token, userId } = await customer();
  const { o } = await paidOrder(token);
  ali.state.templateOutages = 1;
  await act(o.id, 'accept');
  const pending = await noticeIn(o.id, 'MDI4YWNjZXB0ZWQ=', 'pending', 1);
  expect(pending.lastError).toMatch(/502/);
  server.clock.advance(noticeBackoffMs(1));
  await runNoticeOutbox(server.ctx);
  await noticeIn(o.id, 'MDI4YWNjZXB0ZWQ=', 'sent');
  expect(ali.templateSends.map((s) => s.to)).toEqual([userId]);
  // the refund goes to Alipay through the refund outbox; its settlement queues the refunded notice
  expect(await act(o.id, 'refund')).toBe(OrderStatus.refund);
  expect(ali.trades.get((await server.db.select().from(payments).where(eq(payments.orderId, o.id)))[0].tradeNo)?.refunded.size).toBe(1);
  await noticeIn(o.id, 'MDI4cmVmdW5kZWQ=', 'sent');
  expect(ali.templateSends.map((s) => [s.userTemplateId, s.data.keyword3?.value])).toEqual([
    ['MDI4YWNjZXB0ZWQ=', '¥50.40'],
    ['MDI4cmVmdW5kZWQ=', '订单已退款'],
  ]);
});

test('an order not paid in the payment app has no trade to send with: the notice fails at once, no call is made', async () => {
  const { token } = await customer();
  const o = await place(server, token, selfPickup());
  await act(o.id, 'accept');
  const failed = await noticeIn(o.id, 'MDI4YWNjZXB0ZWQ=', 'failed');
  expect(failed.lastError).toBe('no payment-app trade to send the template message with');
  expect(ali.requests.filter((r) => r.method === 'alipay.open.app.mini.templatemessage.send')).toEqual([]);
});

test('the gateway’s business refusal is final', async () => {
  const { token } = await customer();
  const { o } = await paidOrder(token);
  // another buyer's trade: Alipay refuses the form id
  await server.db.update(payments).set({ providerTradeId: 'not-this-buyers-trade' }).where(eq(payments.orderId, o.id));
  await act(o.id, 'accept');
  const failed = await noticeIn(o.id, 'MDI4YWNjZXB0ZWQ=', 'failed');
  expect(failed.lastError).toMatch(/FORM_ID_ILLEGAL/);
  server.clock.advance(60 * 60_000);
  await runNoticeOutbox(server.ctx);
  expect(ali.requests.filter((r) => r.method === 'alipay.open.app.mini.templatemessage.send')).toHaveLength(1);
});
