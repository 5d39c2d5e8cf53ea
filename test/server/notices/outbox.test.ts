/**
 * Customer notices through the chat app (NOTICE-1): the real server against the loopback double of
 * WeChat's server API (test/support/doubles/wechat-api-double.ts). A status change queues its notice
 * in its own transaction; the outbox sends the shop's template to the customer's open id with the
 * order's fields, once — through "not subscribed" (final), an outage (retried), an expired token
 * (refreshed once), concurrent passes and a lost attempt (not repeated) — and every outcome is in
 * the order's audit and the merchant's `notices` list. The login itself goes through the same
 * WeChat client (jscode2session on the double).
 */
import { and, eq } from 'drizzle-orm';
import { storeCalls } from '../../../src/api/contract/store';
import { OrderStatus } from '../../../src/domain/enums';
import { notices, orderAudit, shops, type NoticeRow } from '../../../server/src/db/schema';
import { SHOP } from '../../../server/src/demo/ids';
import { consoleAct, SYSTEM } from '../../../server/src/services/console/act';
import { NOTICE_LEASE_MS, noticeBackoffMs, runNoticeOutbox, settleLostAttempts } from '../../../server/src/services/notices/outbox';
import { transition } from '../../../server/src/services/orders/lifecycle-core';
import { runMerchantOp } from '../../../server/src/services/orders/merchant';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { startWechatApiDouble, type WechatApiDouble } from '../../support/doubles/wechat-api-double';
import { waitUntil } from '../../support/processes';
import { dine, orderRow, place, takeaway } from '../orders/helpers';

const APP_ID = 'wx00notices000001';
const SECRET = 'notices-app-secret';
const KEY = 'notices-merchant-key';

let server: TestServer;
let wx: WechatApiDouble;
let codeSeq = 0;

beforeAll(async () => {
  wx = await startWechatApiDouble({ appId: APP_ID, secret: SECRET });
  server = await buildTestServer({ config: { merchantKey: KEY, weappAppId: APP_ID, weappSecret: SECRET, wechatApiBaseUrl: wx.baseUrl } });
}, 60_000);
afterAll(async () => {
  await server.close();
  await wx.close();
});
beforeEach(async () => {
  await server.reset();
  wx.reset();
});

/** A chat-app customer signed in through jscode2session on the double: token and open id. */
async function customer(): Promise<{ token: string; openid: string }> {
  const code = `wx-code-${(codeSeq += 1)}`;
  const token = await server.login(SHOP.restaurant, code);
  return { token, openid: wx.openidOf(code) };
}

async function admin(op: string, body: unknown) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/merchant/${op}`,
    headers: { 'content-type': 'application/json', 'x-merchant-key': KEY },
    payload: JSON.stringify(body),
  });
  return JSON.parse(res.body) as { result: boolean; info: { status?: string }; code?: string };
}

async function act(id: number, action: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await admin('order/act', { id, action, ...extra });
  if (!r.result) throw new Error(`${action}: ${r.code}`);
  return r.info.status ?? '';
}

const noticesOf = (orderId: number): Promise<NoticeRow[]> => server.db.select().from(notices).where(eq(notices.orderId, orderId)).orderBy(notices.id);
const noticeAudit = (orderId: number) =>
  server.db.select().from(orderAudit).where(and(eq(orderAudit.orderId, orderId), eq(orderAudit.action, 'notice'))).orderBy(orderAudit.id);
/** Waits until the order's notice of `templateId` is in `state` (the worker runs apart from the test). */
const noticeIn = (orderId: number, templateId: string, state: string) =>
  waitUntil(`notice ${templateId} of order ${orderId} ${state}`, async () => {
    const n = (await noticesOf(orderId)).find((r) => r.templateId === templateId);
    return n?.state === state ? n : undefined;
  });

test('accepted: one subscribe message to the customer’s open id with the shop’s template and the order’s fields', async () => {
  const { token, openid } = await customer();
  wx.subscribe(openid, 'order-accepted');
  const o = await place(server, token, takeaway());
  const row = await orderRow(server, o.id);
  expect(row.status).toBe(OrderStatus.pending);
  expect(await act(o.id, 'accept')).toBe(OrderStatus.confirmed);

  const sent = await noticeIn(o.id, 'order-accepted', 'sent');
  expect(wx.sends).toEqual([
    {
      touser: openid,
      template_id: 'order-accepted',
      page: `pages/user/order/detail?id=${o.id}`,
      data: {
        character_string1: { value: row.orderNo },
        thing2: { value: '沪味小馆（南京东路店）' },
        phrase3: { value: '商家已接单' },
        time4: { value: '2026-11-23 12:00' },
      },
      miniprogram_state: 'formal',
      lang: 'zh_CN',
      msgid: expect.any(Number),
    },
  ]);
  expect(sent).toMatchObject({ kind: 'accepted', channel: 'weapp', recipient: openid, attempts: 1, providerMsgId: String(wx.sends[0].msgid) });
  const audit = await noticeAudit(o.id);
  expect(audit.map((a) => ({ by: a.by, toStatus: a.toStatus, note: a.note }))).toEqual([
    { by: 'system', toStatus: OrderStatus.confirmed, note: 'accepted weapp order-accepted: sent' },
  ]);
  // the merchant's list shows it
  const listed = (await runMerchantOp(server.ctx, 'notices', { orderId: o.id })) as NoticeRow[];
  expect(listed.map((n) => [n.templateId, n.state])).toEqual([['order-accepted', 'sent']]);
});

test('not subscribed: WeChat’s 43101 is final — the notice is refused and never tried again', async () => {
  const { token } = await customer();
  const o = await place(server, token, takeaway());
  await act(o.id, 'accept');
  const refused = await noticeIn(o.id, 'order-accepted', 'refused');
  expect(refused.lastError).toMatch(/^errcode 43101/);
  server.clock.advance(30 * 60_000);
  expect(await runNoticeOutbox(server.ctx, o.id)).toEqual([]);
  expect(wx.sendCalls.map((c) => c.answer)).toEqual([43101]);
  expect(wx.sends).toEqual([]);
  expect((await noticeAudit(o.id)).map((a) => a.note)).toEqual(['accepted weapp order-accepted: refused (errcode 43101: user refuse to accept the msg rid: ' + refused.lastError!.split('rid: ')[1] + ')']);
});

test('an outage (HTTP 503, then "system busy") is retried with backoff and the message is sent once', async () => {
  const { token, openid } = await customer();
  wx.subscribe(openid, 'order-accepted', 3);
  wx.state.outages = 1;
  wx.state.busy = 1;
  const o = await place(server, token, takeaway());
  await act(o.id, 'accept');
  await waitUntil('the first attempt', () => wx.sendCalls.length === 1);
  const first = await waitUntil('the first attempt recorded', async () => {
    const [n] = await noticesOf(o.id);
    return n.state === 'pending' && n.attempts === 1 ? n : undefined;
  });
  expect(first).toMatchObject({ attempts: 1, nextAttemptAt: server.clock.now() + noticeBackoffMs(1) });
  // not due yet: nothing is sent
  await runNoticeOutbox(server.ctx);
  expect(wx.sendCalls).toHaveLength(1);
  server.clock.advance(noticeBackoffMs(1));
  await runNoticeOutbox(server.ctx);
  await waitUntil('the second attempt', () => wx.sendCalls.length === 2);
  expect(wx.sendCalls.map((c) => c.answer)).toEqual(['http 503', -1]);
  server.clock.advance(noticeBackoffMs(2));
  await runNoticeOutbox(server.ctx);
  await noticeIn(o.id, 'order-accepted', 'sent');
  expect(wx.sends).toHaveLength(1);
  expect(wx.subscriptionsLeft(openid, 'order-accepted')).toBe(2);
  expect((await noticesOf(o.id))[0].attempts).toBe(3);
});

test('an expired access token is dropped and fetched again once; the message goes with the new one', async () => {
  const a = await customer();
  const b = await customer();
  wx.subscribe(a.openid, 'order-accepted');
  wx.subscribe(b.openid, 'order-accepted');
  const first = await place(server, a.token, takeaway());
  await act(first.id, 'accept');
  await noticeIn(first.id, 'order-accepted', 'sent');
  // the server keeps the token between tests: fetched at most once so far
  const fetched = wx.tokenFetches.length;
  expect(fetched).toBeLessThanOrEqual(1);
  wx.expireToken();
  const second = await place(server, b.token, takeaway());
  await act(second.id, 'accept');
  await noticeIn(second.id, 'order-accepted', 'sent');
  expect(wx.tokenFetches.slice(fetched)).toEqual([{ force_refresh: false }]);
  expect(wx.sendCalls.map((c) => c.answer)).toEqual([0, 42001, 0]);
  expect(wx.sends.map((s) => s.touser)).toEqual([a.openid, b.openid]);
});

test('a slow provider does not slow the staff action: accept answers while WeChat holds the send', async () => {
  const { token, openid } = await customer();
  wx.subscribe(openid, 'order-accepted');
  wx.state.holdSends = true;
  const o = await place(server, token, takeaway());
  expect(await act(o.id, 'accept')).toBe(OrderStatus.confirmed);
  await waitUntil('the held send', () => wx.heldCount() === 1);
  expect((await noticesOf(o.id))[0]).toMatchObject({ state: 'sending', attempts: 1 });
  // the next staff action goes through meanwhile
  expect(await act(o.id, 'cook')).toBe(OrderStatus.confirmed_new);
  wx.releaseHeld();
  await noticeIn(o.id, 'order-accepted', 'sent');
  expect(wx.sends).toHaveLength(1);
});

test('passes running at once claim each notice once: one send', async () => {
  const { token, openid } = await customer();
  wx.subscribe(openid, 'order-accepted', 5);
  const o = await place(server, token, takeaway());
  // queued in a transaction of our own, so no wake-up runs a pass first
  await server.db.transaction((tx) => transition(tx, o.id, 'accept', server.clock.now()));
  const results = (await Promise.all([1, 2, 3, 4].map(() => runNoticeOutbox(server.ctx)))).flat();
  await noticeIn(o.id, 'order-accepted', 'sent');
  expect(results.filter((r) => r === 'sent').length).toBeLessThanOrEqual(1);
  expect(wx.sends).toHaveLength(1);
});

test('an attempt whose answer never came (its lease ran out while sending) is unknown and never repeated', async () => {
  const { token, openid } = await customer();
  wx.subscribe(openid, 'order-accepted', 5);
  const o = await place(server, token, takeaway());
  // a worker recorded its attempt and died before the answer (kill -9 mid-send): written as it would
  // be, in the transaction that queued it, so no pass of this server can take it first
  await server.db.transaction(async (tx) => {
    await transition(tx, o.id, 'accept', server.clock.now());
    await tx
      .update(notices)
      .set({ state: 'sending', attempts: 1, nextAttemptAt: server.clock.now() + NOTICE_LEASE_MS })
      .where(eq(notices.orderId, o.id));
  });
  expect(await settleLostAttempts(server.ctx)).toBe(0);
  server.clock.advance(NOTICE_LEASE_MS);
  await runNoticeOutbox(server.ctx);
  expect((await noticesOf(o.id))[0]).toMatchObject({ state: 'unknown', attempts: 1 });
  server.clock.advance(30 * 60_000);
  await runNoticeOutbox(server.ctx);
  expect(wx.sendCalls).toEqual([]);
  expect((await noticeAudit(o.id)).map((a) => a.note)).toEqual([
    'accepted weapp order-accepted: unknown (the attempt got no answer (the sender stopped mid-send); not repeated)',
  ]);
});

test('a status change that rolls back queues no notice', async () => {
  const { token } = await customer();
  const o = await place(server, token, takeaway());
  await expect(
    server.db.transaction(async (tx) => {
      await transition(tx, o.id, 'accept', server.clock.now());
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(await noticesOf(o.id)).toEqual([]);
});

test('out for delivery is told once however many delivery steps follow; every door queues it (API, CLI, console)', async () => {
  const { token, openid } = await customer();
  wx.subscribe(openid, 'order-accepted');
  wx.subscribe(openid, 'order-delivering', 3);
  const o = await place(server, token, takeaway());
  // the console (auto-accept's path, by `system`), then the merchant API, then the CLI's operation
  await consoleAct(server.ctx, SHOP.restaurant, { id: o.id, action: 'accept', expectedStatus: OrderStatus.pending }, SYSTEM, 'zh');
  await act(o.id, 'callRider');
  await act(o.id, 'riderConfirm');
  await act(o.id, 'riderPickUp');
  await runMerchantOp(server.ctx, 'order/act', { id: o.id, action: 'deliver' });
  await noticeIn(o.id, 'order-delivering', 'sent');
  await noticeIn(o.id, 'order-accepted', 'sent');
  const row = await orderRow(server, o.id);
  expect(row.status).toBe(OrderStatus.delivered);
  expect(wx.sends.map((s) => [s.template_id, s.data.phrase3.value])).toEqual([
    ['order-accepted', '商家已接单'],
    ['order-delivering', '配送中'],
  ]);
  expect((await noticesOf(o.id)).map((n) => [n.kind, n.orderStatus])).toEqual([
    ['accepted', OrderStatus.confirmed],
    ['delivering', OrderStatus.rider_picked_up],
  ]);
});

test('ready for pickup and refunded: the templates’ fields in the order’s words', async () => {
  const { token, openid } = await customer();
  wx.subscribe(openid, 'order-delivering');
  wx.subscribe(openid, 'order-refunded');
  const o = await place(server, token, dine());
  const row = await orderRow(server, o.id);
  await act(o.id, 'accept');
  await act(o.id, 'deliver');
  await noticeIn(o.id, 'order-delivering', 'sent');
  expect(wx.sends[0].data).toMatchObject({ phrase3: { value: '已出餐' }, number4: { value: String(row.daySeq) } });
  await act(o.id, 'cashPaid');
  await act(o.id, 'refund');
  await noticeIn(o.id, 'order-refunded', 'sent');
  expect(wx.sends[1]).toMatchObject({ template_id: 'order-refunded', data: { amount2: { value: '¥50.40' }, thing3: { value: '订单已退款' } } });
  // the accepted notice found no subscription: refused, and nothing else was tried
  expect((await noticesOf(o.id)).map((n) => [n.templateId, n.state])).toEqual([
    ['order-accepted', 'refused'],
    ['order-delivering', 'sent'],
    ['order-refunded', 'sent'],
  ]);
});

test('refused, with its reason: a template the shop maps to refusals', async () => {
  const [shop] = await server.db.select().from(shops).where(eq(shops.id, SHOP.restaurant));
  await server.db
    .update(shops)
    .set({
      settings: {
        ...shop.settings,
        noticeTemplates: { ...shop.settings.noticeTemplates, 'tmpl-Refused_9x': { status: 'refused', fields: { character_string1: 'orderNo', thing2: 'reason' } } },
      },
    })
    .where(eq(shops.id, SHOP.restaurant));
  const { token, openid } = await customer();
  wx.subscribe(openid, 'tmpl-Refused_9x');
  const o = await place(server, token, takeaway());
  await act(o.id, 'refuse', { note: '今天的红烧肉已售完，非常抱歉，欢迎明天再来' });
  await noticeIn(o.id, 'tmpl-Refused_9x', 'sent');
  // a thing takes 20 characters at most
  expect(wx.sends[0].data.thing2.value).toBe('今天的红烧肉已售完，非常抱歉，欢迎明天再');
});

test('the shop’s notice settings are not in the app’s shop answer', async () => {
  const { token } = await customer();
  const res = await server.call(storeCalls.detail, {}, { token });
  if (!res.ok) throw new Error(res.info);
  expect(res.info.shop.messageTmplIds).toEqual(['order-accepted', 'order-delivering', 'order-refunded']);
  expect(res.info.shop).not.toHaveProperty('noticeTemplates');
});

test('a payment-app customer on a server without the payment app’s keys: skipped, logged as not configured once', async () => {
  const warnings: string[] = [];
  const warn = jest.spyOn(server.ctx.log, 'warn').mockImplementation(((msg: unknown) => {
    if (typeof msg === 'string') warnings.push(msg);
  }) as never);
  try {
    const tokens: string[] = [];
    for (const code of ['ali-a', 'ali-b']) {
      const r = await server.app.inject({ method: 'POST', url: '/new/consumer/user/aliLogin', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ id: SHOP.restaurant, code }) });
      tokens.push((JSON.parse(r.body) as { info: { token: string } }).info.token);
    }
    const orders = [await place(server, tokens[0], takeaway()), await place(server, tokens[1], takeaway())];
    for (const o of orders) await act(o.id, 'accept');
    for (const o of orders) await noticeIn(o.id, 'order-accepted', 'skipped');
    expect(warnings.filter((w) => w.includes('not configured'))).toEqual([
      'customer notices through alipay are not configured (ALIPAY_APP_ID and ALIPAY_PRIVATE_KEY): they are skipped',
    ]);
    expect(await noticeAudit(orders[0].id)).toEqual([]);
  } finally {
    warn.mockRestore();
  }
});
