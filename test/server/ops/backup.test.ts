/**
 * OPS-1 backups of the embedded database and the consistency check: `npm run merchant -- backup`
 * online (a running node's database through `/merchant/backup`, MERCHANT_KEY) and offline (a stopped
 * DATA_DIR), `restore` into a missing DATA_DIR (created, no prompt) or — only with --force — over a
 * database, and `check` passing on the restored copy with the same orders and card figures, failing
 * (exit 1, the card named) once its ledger is tampered with.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { checkLines, runBackupCommand } from '../../../server/cli/merchant';
import { openDatabase, type Db } from '../../../server/src/db/client';
import { BackupError } from '../../../server/src/db/backup';
import { DEMO_MEMBER, DEMO_USER, SHOP } from '../../../server/src/demo/ids';
import { checkDatabase } from '../../../server/src/services/ops/check';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { completeTrade, dine, place, selfPickup, startPay } from '../orders/helpers';
import { checkCommand } from '../../support/merchant-check';

// several PGlite starts (restores, offline backups) on a busy 2-core machine
jest.setTimeout(120_000);

const KEY = 'ops-backup-merchant-key';
let server: TestServer;
let base = '';
let tmp = '';
/** The online backup taken in beforeAll, and the source's figures at that moment. */
let onlineFile = '';
let source: Facts;

interface Facts {
  orders: number;
  paidOrders: number;
  cards: Array<{ id: number; balance: string; gift: string; points: string }>;
  ledger: number;
}

async function factsOf(db: Db): Promise<Facts> {
  const rows = async <T>(q: ReturnType<typeof sql>) => (await db.execute(q)) as unknown as { rows: T[] };
  const [o] = (
    await rows<{ n: number; paid: number }>(
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE pay_status = 1)::int AS paid FROM orders`,
    )
  ).rows;
  const cards = (
    await rows<Facts['cards'][number]>(
      sql`SELECT id, balance::text AS balance, gift_amount::text AS gift, points::text AS points FROM members ORDER BY id`,
    )
  ).rows;
  const [l] = (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM balance_transactions`)).rows;
  return { orders: o.n, paidOrders: o.paid, cards, ledger: l.n };
}


const printed: string[] = [];
const backup = (args: string[], o: { url?: string; key?: string; databaseUrl?: string } = {}) =>
  runBackupCommand(args, {
    databaseUrl: o.databaseUrl ?? 'memory://',
    url: o.url,
    key: o.key,
    print: (l) => printed.push(l),
  });

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-backup-'));
  server = await buildTestServer({ config: { merchantKey: KEY } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  // a member-card order (a ledger entry on an opening balance), an online order paid, a cash order
  const member = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
  await place(server, member, selfPickup({ payType: 'vip', payPassword: DEMO_MEMBER.payPassword }));
  const visitor = await server.login(SHOP.restaurant);
  const online = await place(server, visitor, dine({ payType: 'weixin' }));
  await completeTrade(server, await startPay(server, visitor, online.id, 'weixin'));
  await place(server, visitor, dine());
  source = await factsOf(server.db);
  onlineFile = path.join(tmp, 'online.tar.gz');
  expect(await backup(['backup', onlineFile], { url: base, key: KEY })).toBe(0);
}, 120_000);
afterAll(async () => {
  await server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

test('the source holds what the backup must carry: orders paid three ways and a card movement', () => {
  expect({ orders: source.orders, paidOrders: source.paidOrders, ledger: source.ledger }).toEqual({
    orders: 3,
    paidOrders: 2,
    // the two demo cards opened with money (their "init amount" entries) and the card payment
    ledger: 3,
  });
});

test('the online backup is a gzip file written whole', () => {
  const bytes = fs.readFileSync(onlineFile);
  expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
  expect(fs.existsSync(`${onlineFile}.partial`)).toBe(false);
  expect(printed).toContain(`backup of ${base} written to ${onlineFile} (${bytes.length} bytes)`);
});

describe('restore, then check', () => {
  const dataDir = () => path.join(tmp, 'new-node');
  const dbDir = () => path.join(dataDir(), 'db');

  test('restore creates the missing DATA_DIR; check passes with the same orders and card figures', async () => {
    expect(fs.existsSync(dataDir())).toBe(false);
    expect(await backup(['restore', onlineFile], { databaseUrl: dbDir() })).toBe(0);
    const restored = await openDatabase(dbDir());
    try {
      expect(await factsOf(restored.db)).toEqual(source);
      const report = await checkDatabase(restored.db);
      expect(report.checks.filter((c) => c.status === 'fail')).toEqual([]);
      expect(report.ok).toBe(true);
      const { code, lines } = await checkCommand(restored);
      expect(code).toBe(0);
      expect(lines).toContain(
        'PASS  every paid order has its payment record: 2 checked, 0 failed (2 paid orders: 1 by member card, 1 online, 0 cash (no record kept))',
      );
      expect(lines[lines.length - 1]).toBe('check: 5 passed, 0 failed');
      // the demo's cards open with an "init amount" entry in their ledgers: no opening balance unexplained
      const opening = report.checks.find((c) => c.status === 'note');
      expect(opening?.problems ?? []).toEqual([]);
    } finally {
      await restored.close();
    }
  });

  test('restore refuses a database directory that holds data, and with --force keeps the old one aside', async () => {
    await expect(backup(['restore', onlineFile], { databaseUrl: dbDir() })).rejects.toThrow(BackupError);
    await expect(backup(['restore', onlineFile], { databaseUrl: dbDir() })).rejects.toThrow(
      /is not empty.*--force/,
    );
    expect(await backup(['restore', onlineFile, '--force'], { databaseUrl: dbDir() })).toBe(0);
    const kept = fs.readdirSync(dataDir()).filter((n) => n.startsWith('db.before-restore-'));
    expect(kept).toHaveLength(1);
    expect(fs.existsSync(path.join(dataDir(), kept[0], 'PG_VERSION'))).toBe(true);
    fs.rmSync(path.join(dataDir(), kept[0]), { recursive: true, force: true });
  });

  test('an offline backup of the stopped database restores to the same figures', async () => {
    const file = path.join(tmp, 'offline.tar.gz');
    expect(await backup(['backup', file], { databaseUrl: dbDir() })).toBe(0);
    const other = path.join(tmp, 'third-node', 'db');
    expect(await backup(['restore', file], { databaseUrl: other })).toBe(0);
    const restored = await openDatabase(other);
    try {
      expect(await factsOf(restored.db)).toEqual(source);
    } finally {
      await restored.close();
    }
  });

  test('check fails on a tampered ledger, naming the card, and exits 1', async () => {
    const restored = await openDatabase(dbDir());
    try {
      // a forged credit of 100 in the ledger, chained on the card's last entry, the card untouched
      await restored.db.execute(sql`
        INSERT INTO balance_transactions (member_id, shop_id, type, amount, gift_amount, balance_after, gift_amount_after, note)
        SELECT member_id, shop_id, 'charge', 100, 0, balance_after + 100, gift_amount_after, 'forged'
          FROM balance_transactions WHERE member_id = ${DEMO_MEMBER.id} ORDER BY id DESC LIMIT 1`);
      const { code, lines } = await checkCommand(restored);
      expect(code).toBe(1);
      const cards = source.cards.length;
      expect(lines).toContain(
        // the two opening entries of the demo cards with money, the card payment and the forged one
        `FAIL  member card balances and gift amounts equal their ledger: ${cards} checked, 1 failed (${cards} cards, 4 balance_transactions entries)`,
      );
      expect(
        lines.some((l) =>
          l.includes(
            `member ${DEMO_MEMBER.id} (card ${DEMO_MEMBER.cardNo}): the card holds balance 456.0000`,
          ),
        ),
      ).toBe(true);
      expect(lines[lines.length - 1]).toBe('check: 4 passed, 1 failed');
    } finally {
      await restored.close();
    }
  });

  test('an edited movement in the middle of a ledger breaks its chain', async () => {
    const restored = await openDatabase(dbDir());
    try {
      // the forged entry of the test before follows the card's opening entry and its payment: its "after" no longer follows
      await restored.db.execute(
        sql`UPDATE balance_transactions SET balance_after = balance_after - 1 WHERE note = 'forged'`,
      );
      const report = await checkDatabase(restored.db);
      const ledger = report.checks.find(
        (c) => c.name === 'member card balances and gift amounts equal their ledger',
      );
      expect(ledger?.status).toBe('fail');
      expect(ledger?.problems).toEqual([
        `member ${DEMO_MEMBER.id} (card ${DEMO_MEMBER.cardNo}): 1 of its 3 balance_transactions entries do not follow from the one before`,
      ]);
    } finally {
      await restored.close();
    }
  });
});

describe('refusals', () => {
  test('an online backup without the merchant key is refused', async () => {
    await expect(
      backup(['backup', path.join(tmp, 'nokey.tar.gz')], { url: base, key: 'wrong' }),
    ).rejects.toThrow(/refused the backup \(401\)/);
    expect(fs.existsSync(path.join(tmp, 'nokey.tar.gz'))).toBe(false);
  });

  test("restore never goes to a running server, and PostgreSQL is pg_dump's", async () => {
    await expect(
      backup(['restore', onlineFile], { url: base, key: KEY, databaseUrl: path.join(tmp, 'x', 'db') }),
    ).rejects.toThrow(/stopped node/);
    await expect(
      backup(['backup', path.join(tmp, 'pg.tar.gz')], { databaseUrl: 'postgres://localhost/shop' }),
    ).rejects.toThrow(/pg_dump/);
    await expect(
      backup(['restore', onlineFile], { databaseUrl: 'postgres://localhost/shop' }),
    ).rejects.toThrow(/pg_restore/);
  });

  test('a file that is not a backup leaves the directory as it was', async () => {
    const junk = path.join(tmp, 'junk.tar.gz');
    fs.writeFileSync(junk, 'not a tarball');
    const target = path.join(tmp, 'junk-node', 'db');
    await expect(backup(['restore', junk], { databaseUrl: target })).rejects.toThrow(/is not a backup/);
    expect(fs.existsSync(target)).toBe(false);
  });

  test('the check report lists its checks with pass, fail or note and counts', () => {
    expect(
      checkLines({
        ok: false,
        checks: [
          { name: 'a', status: 'pass', checked: 3, failures: 0, problems: [] },
          { name: 'b', status: 'fail', checked: 4, failures: 25, problems: ['x'], detail: 'd' },
          { name: 'c', status: 'note', checked: 5, failures: 1, problems: ['y'] },
        ],
      }),
    ).toEqual([
      'PASS  a: 3 checked, 0 failed',
      'FAIL  b: 4 checked, 25 failed (d)',
      '      x',
      '      … and 24 more',
      'NOTE  c: 1 of 5 listed',
      '      y',
      'check: 1 passed, 1 failed',
    ]);
  });
});
