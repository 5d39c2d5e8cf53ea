/**
 * A transaction owns its connection (docs/architecture.md §19 Transactions). The embedded database has ONE
 * connection: a read through the pool while a transaction is open waits for that transaction, which
 * waits for the read. A payment settled more than VERSION_TTL_MS after the shop's menu version was
 * last read used to re-read the version through the pool from inside the settlement's transaction and
 * hang the whole server. The clock is moved past the cache's 2 s, then the payment must answer.
 */
import { eq } from 'drizzle-orm';
import { orderCalls } from '../../src/api/contract/order';
import { members, orders } from '../../server/src/db/schema';
import { DEMO_MEMBER, DEMO_USER, SHOP } from '../../server/src/demo/ids';
import { VERSION_TTL_MS } from '../../server/src/services/shop-cache';
import { paidNotification, postNotification } from '../support/sandbox-provider';
import { openDatabase } from '../../server/src/db/client';
import { DatabaseTimeoutError } from '../../server/src/db/fast';
import { buildTestServer, buildTestServerOn, type TestServer } from '../support/build-server';
import { newMember } from './members/support';
import { completeTrade, dine, place, startPay, success, takeaway, walletPayment } from './orders/helpers';

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer();
}, 180000);
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.reset();
});

/** Past the menu-version cache: the next read of the shop goes to the database. */
const pastVersionCache = () => server.clock.advance(VERSION_TTL_MS + 1000);

/** The server still answers a plain read afterwards. */
async function stillAnswers(token: string) {
  expect((await server.call(orderCalls.list, { page: 1 }, { token })).ok).toBe(true);
}

describe('a payment settled after the menu version cache expired', () => {
  test('a signed wallet callback of a member order settles it', async () => {
    const { token } = await newMember(server, SHOP.restaurant);
    const o = await place(server, token, takeaway({ payType: 'weixin' }));
    const start = await startPay(server, token, o.id, 'weixin');
    const pay = await walletPayment(server, start);
    pastVersionCache();
    const res = await postNotification(server.app, 'sandbox', paidNotification(pay, server.clock.now()));
    expect(res.status).toBe(200);
    const [row] = await server.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row.status).toBe('pending');
    await stillAnswers(token);
  }, 15000);

  test('a sandbox completion of a member order settles it', async () => {
    const { token } = await newMember(server, SHOP.restaurant);
    const o = await place(server, token, takeaway({ payType: 'weixin' }));
    const start = await startPay(server, token, o.id, 'weixin');
    pastVersionCache();
    expect(await completeTrade(server, start)).toEqual({ outcome: 'settled' });
    await stillAnswers(token);
  }, 15000);

  test('a burst of 40 card payments all answer, each paid once', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    await server.db.update(members).set({ balance: '100000', giftAmount: '0' }).where(eq(members.id, DEMO_MEMBER.id));
    const placed = [];
    for (let i = 0; i < 40; i += 1) placed.push(await place(server, token, dine({ payType: 'vip' })));
    pastVersionCache();
    const paid = await Promise.all(
      placed.map((o) =>
        server.call(orderCalls.pay, { id: o.id, payType: 'vip', payPassword: DEMO_MEMBER.payPassword }, { token }),
      ),
    );
    expect(paid.map((r) => success(r).kind)).toEqual(placed.map(() => 'paid'));
    const [card] = await server.db.select().from(members).where(eq(members.id, DEMO_MEMBER.id));
    // every order's total came off the card once: 100000 − Σ totals
    const spent = placed.reduce((s, o) => s + o.total, 0);
    expect(Number(card.balance)).toBeCloseTo(100000 - spent, 2);
    await stillAnswers(token);
  }, 30000);
});

describe('a stuck transaction on the embedded database', () => {
  // its own server with short limits: a statement waits at most 300 ms, a transaction runs 600 ms
  let short: TestServer;
  beforeAll(async () => {
    short = await buildTestServerOn(await openDatabase('memory://', { statementTimeoutMs: 300, transactionTimeoutMs: 600 }));
  }, 180000);
  afterAll(async () => {
    await short.close();
  });

  test('ends with a clear error, is rolled back, and the server answers afterwards', async () => {
    const token = await short.login(SHOP.restaurant);
    const stuck = short.db.transaction(async (tx) => {
      await tx.update(members).set({ balance: '999' }).where(eq(members.id, DEMO_MEMBER.id));
      await new Promise(() => undefined); // never ends
    });
    // a request arriving meanwhile waits for the one connection, then gives up with a clear answer
    const waiting = short.call(orderCalls.list, { page: 1 }, { token });
    await expect(stuck).rejects.toThrow(/a transaction ran over 600 ms and was rolled back/);
    const answered = await waiting;
    // it waited 300 ms (< 600 ms): "Request timed out, retry please"
    expect(answered.ok ? 'answered' : answered.code).toBe('requestTimeout');
    // rolled back: the card keeps its balance; the server answers again
    const [card] = await short.db.select().from(members).where(eq(members.id, DEMO_MEMBER.id));
    expect(card.balance).not.toBe('999.00');
    expect((await short.call(orderCalls.list, { page: 1 }, { token })).ok).toBe(true);
  }, 30000);

  test('a read through the pool inside a transaction fails with a clear error instead of hanging', async () => {
    const token = await short.login(SHOP.restaurant);
    const wrong = short.db.transaction(async (tx) => {
      await tx.select().from(members).limit(1);
      // the bug this guards against: the pool, not `tx`, while the transaction holds the connection
      return short.db.select().from(members).limit(1);
    });
    // drizzle reports the driver's error as the cause of its "Failed query" error
    const err = (await wrong.catch((e: unknown) => e)) as Error & { cause?: Error };
    expect(err.cause).toBeInstanceOf(DatabaseTimeoutError);
    expect(err.cause?.message).toMatch(
      /a statement waited over 300 ms for the embedded database's only connection \(held by a transaction, open for \d+ ms\)/,
    );
    expect((await short.call(orderCalls.list, { page: 1 }, { token })).ok).toBe(true);
  }, 30000);
});
