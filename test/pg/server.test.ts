/**
 * The same migrations and routes on PostgreSQL (SERVER-2). Needs DATABASE_URL=postgres://…; without
 * it the suite is skipped with a message saying so.
 */
import { sql } from 'drizzle-orm';
import { addressCalls } from '../../src/api/contract/address';
import { storeCalls } from '../../src/api/contract/store';
import { userCalls } from '../../src/api/contract/user';
import { openDatabase } from '../../server/src/db/client';
import { DEMO_MEMBER, DEMO_USER, RESTAURANT_PRODUCT as P, SHOP } from '../../server/src/demo/ids';
import { buildTestServerOn, type TestServer } from '../support/build-server';

const url = process.env.DATABASE_URL ?? '';
const onPostgres = /^postgres(ql)?:\/\//.test(url);
if (!onPostgres) {
  console.warn('test/pg skipped: DATABASE_URL is not a postgres:// URL, so there is no PostgreSQL server to run against.');
}
const describeOnPostgres = onPostgres ? describe : describe.skip;

describeOnPostgres('consumer API on PostgreSQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServerOn(await openDatabase(url));
  }, 60_000);
  afterAll(() => server?.close());
  beforeEach(() => server.reset(), 30_000);

  test('the migrations create every table on PostgreSQL', async () => {
    const res = await server.db.execute(sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`);
    const rows = (res as unknown as { rows: Array<{ n: number }> }).rows;
    expect(rows[0].n).toBeGreaterThanOrEqual(18);
  });

  test('a demo member signs in and sees their card', async () => {
    const res = await server.call(userCalls.h5entry, { id: SHOP.restaurant, openid: DEMO_USER.member.openid });
    expect(res.ok && res.info.user.vipInfo).toMatchObject({ id: DEMO_MEMBER.id, amount: 500 });
  });

  test('store/products serves the menu and answers unchanged for the current version', async () => {
    const token = await server.login(SHOP.restaurant);
    const full = await server.call(storeCalls.products, {}, { token });
    expect(full.ok && !full.info.unchanged && full.info.categories.length).toBeGreaterThan(0);
    const again = await server.call(storeCalls.products, { version: 1 }, { token });
    expect(again.ok && again.info.unchanged).toBe(true);
  });

  test('checkStock names the product short of stock', async () => {
    const token = await server.login(SHOP.restaurant);
    const res = await server.call(storeCalls.checkStock, { products: [{ id: P.peking, quantity: 6 }] }, { token });
    expect(res.ok && res.info.id).toBe(P.peking);
  });

  test("another user's address is refused and left unchanged", async () => {
    const alice = await server.login(SHOP.restaurant, 'pg-alice');
    const bob = await server.login(SHOP.restaurant, 'pg-bob');
    const added = await server.call(
      addressCalls.add,
      { name: 'A', phone: '13800001111', address: '南京东路 1 号', addressGps: '31.2404,121.4737' },
      { token: alice },
    );
    if (!added.ok) throw new Error(added.info);
    const res = await server.call(addressCalls.delete, { id: added.info.id }, { token: bob });
    expect(res.code).toBe('addressError');
    const list = await server.call(addressCalls.list, {}, { token: alice });
    expect(list.ok && list.info.list).toHaveLength(1);
  });

  test('a stock decrement never oversells under concurrent orders', async () => {
    // the guarded UPDATE of the orders work: stock = stock - n WHERE stock >= n (5 left, 8 takers)
    const take = () =>
      server.db.execute(sql`UPDATE products SET stock = stock - 1 WHERE id = ${P.peking} AND stock >= 1 RETURNING stock`);
    const results = await Promise.all(Array.from({ length: 8 }, take));
    const succeeded = results.filter((r) => (r as unknown as { rows: unknown[] }).rows.length === 1).length;
    expect(succeeded).toBe(5);
  });
});
