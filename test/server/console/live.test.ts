/**
 * The live channels and the automatic answers (CONSOLE-2, CONSOLE-7) over real websockets on
 * loopback: the board hears a cash order placed and an online order once paid, refuses a socket
 * without a session or for a foreign shop; the customer's channel hears the staff's accept; a shop
 * with auto-accept takes a new order at once (audit `system`); the overdue sweep refuses and refunds
 * an unanswered order once the test clock passes the answer time.
 */
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { consoleCalls, ConsoleWsMessage, CustomerOrderWsMessage } from '../../../src/api/contract/console';
import { orderCalls } from '../../../src/api/contract/order';
import { orderAudit, orders } from '../../../server/src/db/schema';
import { DEMO_MEMBER, DEMO_USER, SHOP } from '../../../server/src/demo/ids';
import { sweepOverdue } from '../../../server/src/services/console/auto';
import { serverPerFile, type TestServer } from '../../support/build-server';
import { completeTrade, memberRow, place, selfPickup, startPay, success, takeaway } from '../orders/helpers';
import { consoleCall, ok, owner, staffOf } from './support';

const server = serverPerFile();
let base = '';
beforeAll(async () => {
  await server().app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(server().app.server.address() as AddressInfo).port}`;
}, 60_000);

interface Client {
  frames: unknown[];
  closed: Promise<number>;
  next<T>(pick: (m: unknown) => m is T, ms?: number): Promise<T>;
  close(): void;
}

const sockets: WebSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.terminate();
});

function open(path: string, headers: Record<string, string> = {}): Client {
  const ws = new WebSocket(base + path, { headers });
  sockets.push(ws);
  const frames: unknown[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return {
    frames,
    closed,
    close: () => ws.close(),
    async next<T>(pick: (m: unknown) => m is T, ms = 5000): Promise<T> {
      const deadline = Date.now() + ms;
      for (;;) {
        const i = frames.findIndex(pick);
        if (i >= 0) return frames.splice(i, 1)[0] as T;
        if (Date.now() > deadline) throw new Error(`no such frame; got ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

type BoardFrame = Extract<ConsoleWsMessage, { type: 'order' }>;
type CustomerFrame = Extract<CustomerOrderWsMessage, { type: 'order' }>;
const isHello = (m: unknown): m is { type: 'hello' } => (m as { type?: string }).type === 'hello';
const boardOrder = (id: number, status: string) => (m: unknown): m is BoardFrame => {
  const p = ConsoleWsMessage.safeParse(m);
  return p.success && p.data.type === 'order' && p.data.order.id === id && p.data.order.status === status;
};
const customerOrder = (id: number, status: string) => (m: unknown): m is CustomerFrame => {
  const p = CustomerOrderWsMessage.safeParse(m);
  return p.success && p.data.type === 'order' && p.data.id === id && p.data.status === status;
};

async function board(s: TestServer, shopId: number, cookie: string): Promise<Client> {
  const c = open(`/console/ws?shopId=${shopId}`, { cookie });
  const hello = await c.next(isHello);
  expect(hello).toEqual({ type: 'hello', shopId, serverTime: s.clock.now() });
  return c;
}

describe('the board channel', () => {
  test('hears a cash order when it is placed, and an online order once it is paid (not before)', async () => {
    const s = server();
    const c = await board(s, SHOP.restaurant, await staffOf(s, SHOP.restaurant));
    const token = await s.login(SHOP.restaurant);
    const cash = await place(s, token, takeaway());
    const frame = await c.next(boardOrder(cash.id, 'pending'));
    expect({ column: frame.order.column, actions: frame.order.actions, updatedAt: frame.order.updatedAt }).toEqual({
      column: 'new',
      actions: ['accept', 'refuse', 'cashPaid'],
      updatedAt: s.clock.now(),
    });
    const online = await place(s, token, takeaway({ payType: 'alipay' }));
    // a cash order placed after it is the marker: frames come in order, so once the marker's card is
    // here, a card of the unpaid order would already have come
    const marker = await place(s, token, takeaway());
    await c.next(boardOrder(marker.id, 'pending'));
    expect(c.frames.filter((m) => (m as BoardFrame).order?.id === online.id)).toEqual([]);
    await completeTrade(s, await startPay(s, token, online.id, 'alipay'));
    expect((await c.next(boardOrder(online.id, 'pending'))).order.payStatus).toBe(1);
  });

  test('no session closes with 4401; a shop the staff member may not open closes with 4403', async () => {
    const s = server();
    expect(await open('/console/ws?shopId=1001').closed).toBe(4401);
    expect(await open('/console/ws?shopId=1001', { cookie: 'console_session=forged' }).closed).toBe(4401);
    const other = await staffOf(s, SHOP.retail);
    expect(await open(`/console/ws?shopId=${SHOP.restaurant}`, { cookie: other }).closed).toBe(4403);
    expect(await open('/console/ws?shopId=abc', { cookie: other }).closed).toBe(4403);
  });
});

describe('the customer channel', () => {
  test('hears the staff accept the order; a bad token closes with 4401', async () => {
    const s = server();
    const token = await s.login(SHOP.restaurant);
    const o = await place(s, token, takeaway());
    const c = open(`/ws/orders?token=${encodeURIComponent(token)}`);
    expect(await c.next(isHello)).toEqual({ type: 'hello' });
    ok(await consoleCall(s, consoleCalls.act, { shopId: SHOP.restaurant, id: o.id, action: 'accept', expectedStatus: 'pending' }, await staffOf(s, SHOP.restaurant)));
    const frame = await c.next(customerOrder(o.id, 'confirmed'));
    expect(frame).toEqual({ type: 'order', id: o.id, shopId: SHOP.restaurant, status: 'confirmed', payStatus: 0, updatedAt: s.clock.now() });
    expect(await open('/ws/orders?token=not-a-token').closed).toBe(4401);
  });
});

describe('automatic answers', () => {
  test('auto-accept takes a new order at once, as system; the board hears new, then cooking', async () => {
    const s = server();
    const boss = await owner(s, SHOP.restaurant);
    ok(await consoleCall(s, consoleCalls.saveSettings, { shopId: SHOP.restaurant, settings: { autoAccept: true, answerMinutes: null, autoRefuse: false } }, boss));
    const c = await board(s, SHOP.restaurant, boss);
    const token = await s.login(SHOP.restaurant);
    const o = await place(s, token, takeaway());
    await c.next(boardOrder(o.id, 'pending'));
    expect((await c.next(boardOrder(o.id, 'confirmed'))).order.column).toBe('cooking');
    expect(success(await s.call(orderCalls.detail, { id: o.id }, { token })).status).toBe('confirmed');
    const audit = ok(await consoleCall(s, consoleCalls.order, { shopId: SHOP.restaurant, id: o.id }, boss)).audit;
    expect(audit.map((a) => [a.by, a.action, a.fromStatus, a.toStatus])).toEqual([['system', 'accept', 'pending', 'confirmed']]);
  });

  test('the overdue sweep refuses and refunds an order unanswered past the answer time, and only then', async () => {
    const s = server();
    const boss = await owner(s, SHOP.restaurant);
    ok(await consoleCall(s, consoleCalls.saveSettings, { shopId: SHOP.restaurant, settings: { autoAccept: false, answerMinutes: 10, autoRefuse: true } }, boss));
    const token = await s.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const o = await place(s, token, selfPickup({ payType: 'vip', payPassword: DEMO_MEMBER.payPassword }));
    expect(Number((await memberRow(s, DEMO_MEMBER.id)).balance)).toBeLessThan(500);
    s.clock.advance(10 * 60_000 - 1);
    expect(await sweepOverdue(s.ctx)).toBe(0);
    expect((await s.db.select().from(orders).where(eq(orders.id, o.id)))[0].status).toBe('pending');
    s.clock.advance(1);
    expect(await sweepOverdue(s.ctx)).toBe(1);
    const row = (await s.db.select().from(orders).where(eq(orders.id, o.id)))[0];
    expect({ status: row.status, merchantNote: row.merchantNote }).toEqual({ status: 'refused', merchantNote: '商家未在规定时间内接单，订单已自动取消并退款' });
    expect(Number((await memberRow(s, DEMO_MEMBER.id)).balance)).toBe(500);
    const audit = await s.db.select().from(orderAudit).where(eq(orderAudit.orderId, o.id));
    expect(audit.map((a) => [a.by, a.action, a.toStatus])).toEqual([['system', 'refuse', 'refused']]);
    // a second pass finds nothing left to refuse
    expect(await sweepOverdue(s.ctx)).toBe(0);
  });
});
