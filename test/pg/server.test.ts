/**
 * The server's own code on PostgreSQL (SERVER-2): the app started from its configuration with a
 * PostgreSQL DATABASE_URL (its migrations, its demo seed, its routes), and the routes' services
 * under a real parallel burst. Needs DATABASE_URL=postgres://…; without it the suite is skipped with
 * a message, and under CI=true it fails.
 */
import { buildApp } from '../../server/src/app';
import { testConfig } from '../../server/src/config';
import { addressCalls } from '../../src/api/contract/address';
import { API_BASE } from '../../src/api/contract/common';
import { storeCalls } from '../../src/api/contract/store';
import { userCalls } from '../../src/api/contract/user';
import { DEMO_MEMBER, DEMO_USER, RESTAURANT_PRODUCT as P, SHOP } from '../../server/src/demo/ids';
import { buildTestServer, TestClock, truncateAll, type TestServer } from '../support/build-server';
import { postgresUrlFor } from '../support/postgres';
import { confirmAtOnce, dine, failure, stockOf } from '../server/orders/helpers';

const url = postgresUrlFor('test/pg/server');
const describeOnPostgres = url ? describe : describe.skip;

describeOnPostgres('consumer API on PostgreSQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer({ config: { databaseUrl: url! } });
  }, 60_000);
  afterAll(() => server?.close());
  beforeEach(() => server.reset(), 30_000);

  test('the app starts from a PostgreSQL DATABASE_URL: it migrates, loads the demo into the empty database and serves it', async () => {
    // an empty database (no demo rows) for the app to fill on its own start
    await truncateAll(server.ctx.database);
    const app = await buildApp({ config: testConfig({ databaseUrl: url!, seedLargeShop: false }), clock: new TestClock() });
    try {
      const inject = (path: string, body: unknown, token?: string) =>
        app.inject({ method: 'POST', url: API_BASE + path, headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, payload: JSON.stringify(body) });
      const entry = JSON.parse((await inject(userCalls.h5entry.path, { id: SHOP.restaurant, openid: 'pg-start' })).body);
      expect(entry.result).toBe(true);
      const detail = JSON.parse((await inject(storeCalls.detail.path, { id: SHOP.restaurant }, entry.info.token)).body);
      expect(detail.result).toBe(true);
      expect(storeCalls.detail.res.parse(detail.info)).toMatchObject({ shop: { id: SHOP.restaurant }, isOpen: true });
    } finally {
      await app.close();
    }
  }, 60_000);

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

  test('8 simultaneous orders of 2 Peking ducks (5 in stock) through order/confirm: 2 succeed, 1 duck left, never negative', async () => {
    // 5 in stock, 2 per order: floor(5 / 2) = 2 orders can be served, 5 − 2 × 2 = 1 left
    const tokens = await Promise.all(Array.from({ length: 8 }, (_, i) => server.login(SHOP.restaurant, `pg-burst-${i}`)));
    const results = await confirmAtOnce(server, tokens, dine({ products: [{ id: P.peking, quantity: 2, flag: 'p' }] }));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    for (const r of results.filter((x) => !x.ok)) expect(failure(r).code).toBeDefined();
    expect(await stockOf(server, P.peking)).toBe(1);
  }, 60_000);
});
