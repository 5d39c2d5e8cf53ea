/**
 * PostgreSQL restarted while orders flow (SERVER-3). One server process on its own database (created
 * here, so the other PostgreSQL suites' resets cannot touch it); three customers order one after the
 * other each while the cluster is stopped (`pg_ctlcluster 15 main stop`: sessions are terminated, new
 * connections refused) and started again. Asserted:
 *  - every answer is an order placed or the clear "server error, retry" answer with HTTP 503 — no 500,
 *    no driver text, no stack;
 *  - a payment notification arriving during the outage is answered with a failure (the provider
 *    delivers it again), and the delivery after recovery settles the order, once;
 *  - the SAME server process takes orders again once PostgreSQL is back, without a restart;
 *  - its /readyz answers 503 naming the database while PostgreSQL is down, 200 once it is back
 *    (OPS-1), and /healthz answers 200 throughout;
 *  - every order answered as placed is in the database, and the data checks of the fault suites hold.
 * Restarting the cluster needs root (CI runs as root): without it the suite fails, it does not skip.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { SHOP } from '../../server/src/demo/ids';
import { messageFor } from '../../server/src/i18n/messages';
import {
  api,
  checkInvariants,
  confirm,
  FAULT_SANDBOX_SECRET,
  login,
  ok,
  openPostgres,
  quote,
  walletChoose,
  type Answer,
  type Confirmed,
} from '../support/faults';
import { spawnFaultServer, type FaultServer } from '../support/fault-server';
import { createDatabase, waitUntil, type OwnDatabase } from '../support/processes';
import { postgresUrlFor } from '../support/postgres';
import { sandboxNotification } from '../support/sandbox-provider';

const run = promisify(execFile);
const url = postgresUrlFor('test/pg/faults-restart');
const describeOnPostgres = url ? describe : describe.skip;
const DB = 'app_faults';

jest.setTimeout(150_000);

describeOnPostgres('PostgreSQL restarted while orders flow', () => {
  let dbUrl = '';
  let own: OwnDatabase | null = null;
  let server: FaultServer | null = null;
  let stopped = false;

  beforeAll(async () => {
    if (process.getuid?.() !== 0)
      throw new Error('test/pg/faults-restart needs root: it restarts PostgreSQL with pg_ctlcluster 15 main stop/start. Run it as root (CI does); it is not skipped.');
    own = await createDatabase(url as string, DB);
    dbUrl = own.url;
    server = await spawnFaultServer({ databaseUrl: dbUrl });
  }, 150_000);

  afterAll(async () => {
    if (stopped) await run('pg_ctlcluster', ['15', 'main', 'start']).catch(() => undefined);
    await server?.stop();
    await own?.drop();
  });

  test('orders during the outage get a clear 503, a notification is refused then settles on redelivery, the same process recovers', async () => {
    const s = server as FaultServer;
    const token = await login(s.base, SHOP.restaurant);
    const order = { type: 'dine', payType: 'cash', products: [{ id: 10303, quantity: 2, flag: 'a' }], table: 'A1', people: 2 };
    const total = await quote(s.base, token, order);

    // an online payment the customer completes in the wallet; the provider's notification is delivered below
    const online = { ...order, payType: 'weixin' };
    const onlineOrder = await ok(confirm(s.base, token, online, await quote(s.base, token, online)));
    const start = (await ok(api(s.base, 'order/pay', { id: onlineOrder.id, payType: 'weixin' }, token))) as {
      tradeNo: string;
      amount: number;
      params: { package: string };
    };
    expect((await walletChoose(s.base, start.params.package, 'pay', false)).status).toBe(200);
    const notification = sandboxNotification({ type: 'paid', tradeNo: start.tradeNo, amount: start.amount.toFixed(2) }, s.now(), FAULT_SANDBOX_SECRET);
    const deliver = () =>
      fetch(`${s.base}/pay/notify/sandbox`, { method: 'POST', headers: notification.headers, body: notification.rawBody }).then(async (r) => ({
        status: r.status,
        text: await r.text(),
      }));

    const answers: { phase: 'before' | 'outage' | 'after'; a: Answer<Confirmed>; key: string }[] = [];
    const placed: Confirmed[] = [];
    let phase: 'before' | 'outage' | 'after' = 'before';
    let placedAfter = 0;
    let done = false;
    // a connection the server closed without an answer while PostgreSQL went away (seen about one run in
    // three, before and after OPS-1; the customer sends again): counted, and allowed only in the outage
    const dropped: Array<'before' | 'outage' | 'after'> = [];
    const lane = async () => {
      while (!done) {
        const key = randomUUID();
        const sentIn = phase;
        const a = await confirm(s.base, token, order, total, key).catch((e: unknown) => {
          if (!/fetch failed/.test(String((e as { message?: unknown } | null)?.message))) throw e;
          dropped.push(sentIn);
          return null;
        });
        if (a === null) {
          await new Promise((r) => setTimeout(r, 100));
          continue;
        }
        answers.push({ phase, a, key });
        if (a.body?.result) {
          placed.push(a.body.info);
          if (phase === 'after') placedAfter += 1;
        }
        // a refused order is sent again a little later, as a customer would
        else await new Promise((r) => setTimeout(r, 100));
      }
    };
    const lanes = Promise.all([lane(), lane(), lane()]);
    try {
      await waitUntil('orders before the outage', () => placed.length >= 6, { everyMs: 250 });
      await run('pg_ctlcluster', ['15', 'main', 'stop']);
      stopped = true;
      phase = 'outage';
      const ready = async () => {
        const r = await fetch(`${s.base}/readyz`, { headers: { connection: 'close' } });
        return { status: r.status, body: (await r.json()) as { failed?: string[] } };
      };
      const notReady = await ready();
      const liveDuring = (await fetch(`${s.base}/healthz`, { headers: { connection: 'close' } })).status;
      const during = await deliver();
      await waitUntil('refusals during the outage', () => answers.filter((x) => x.phase === 'outage').length >= 6, { everyMs: 250 });
      await run('pg_ctlcluster', ['15', 'main', 'start']);
      stopped = false;
      phase = 'after';
      // the same process takes orders again
      await waitUntil('orders after the restart', () => placedAfter >= 6, { everyMs: 250, timeoutMs: 30_000 });
      done = true;
      await lanes;
      // OPS-1: the balancer saw the node not ready during the outage and sees it ready again
      expect(notReady).toEqual({ status: 503, body: expect.objectContaining({ ready: false, failed: ['database'] }) });
      expect(liveDuring).toBe(200);
      await waitUntil('ready after the restart', async () => (await ready()).status === 200, { everyMs: 100 });

      // the provider was told to deliver again (not 2xx)
      expect(during.status).not.toBe(200);
      expect(during.text).not.toMatch(/ECONNREFUSED|terminat|\bat \w/);
      const again = await deliver();
      expect(again.status).toBe(200);
    } finally {
      done = true;
      await lanes;
    }

    if (dropped.length > 0) console.warn(`faults-restart: ${dropped.length} connection(s) closed without an answer, sent in ${dropped.join(', ')}`);
    expect(dropped.filter((p) => p !== 'outage')).toEqual([]);
    const refused = answers.filter((x) => !x.a.body?.result);
    expect(refused.length).toBeGreaterThan(0);
    for (const { a } of refused) {
      expect(a.status).toBe(503);
      expect(a.body).toEqual({ result: false, info: messageFor('serverError', 'zh'), code: 'serverError' });
      expect(a.text).not.toMatch(/Failed query|ECONNREFUSED|terminat|Connection|\bat \w/);
    }
    expect(answers.every(({ a }) => (a.status === 200 && a.body?.result === true) || a.status === 503)).toBe(true);
    expect(s.child.exitCode).toBeNull();

    const paid = await ok(api<{ status: string; payStatus: number }>(s.base, 'order/detail', { id: onlineOrder.id }, token));
    expect(paid).toMatchObject({ status: 'pending', payStatus: 1 });

    const sql = await openPostgres(dbUrl);
    try {
      const ids = placed.map((p) => p.id);
      const rows = await sql.rows<{ id: number; order_no: string }>(`SELECT id, order_no FROM orders WHERE id = ANY($1::int[]) ORDER BY id`, [ids]);
      expect(rows.map((r) => [r.id, r.order_no])).toEqual([...placed].sort((a, b) => a.id - b.id).map((p) => [p.id, p.orderNo]));
      // Besides the placed ones and the online order, only orders whose commit landed as the
      // connection went: answered 503, each under the Idempotency-Key of a refused submission — the
      // app sends a refused submission again with its key, and the unique (user, key) index returns
      // that order instead of placing a second one.
      const refusedKeys = new Set(refused.map((x) => x.key));
      const others = await sql.rows<{ id: number; idempotency_key: string | null }>(
        `SELECT id, idempotency_key FROM orders WHERE NOT (id = ANY($1::int[])) AND id <> $2`,
        [ids, onlineOrder.id],
      );
      for (const o of others) expect(refusedKeys.has(o.idempotency_key ?? '')).toBe(true);
      expect(await sql.rows(`SELECT count(*)::int AS n FROM orders`)).toEqual([{ n: placed.length + 1 + others.length }]);
      expect(await sql.rows(`SELECT idempotency_key FROM orders GROUP BY 1 HAVING count(*) > 1`)).toEqual([]);
      const [events] = await sql.rows<{ n: number }>(
        `SELECT count(*)::int AS n FROM orders, jsonb_array_elements(events) e WHERE orders.id = $1 AND e->>'text' LIKE 'paid by%'`,
        [onlineOrder.id],
      );
      expect(events.n).toBe(1);
      expect(await checkInvariants(sql)).toEqual([]);
    } finally {
      await sql.close();
    }
  });
});
