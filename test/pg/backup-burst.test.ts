/**
 * A PostgreSQL backup taken while orders flow restores to the same data (OPS-1, docs/operations.md
 * "Backups" → PostgreSQL). One server process on its own database; four lanes write at once — cash
 * orders, member-card orders (a card debit each), member top-ups paid in the sandbox wallet (a card
 * credit each) and the merchant's stock changes on a tracked product that orders also take from. The
 * backup is the documented procedure: a session exports a snapshot (`pg_export_snapshot()` in a
 * REPEATABLE READ transaction it keeps open), `pg_dump --format=custom --snapshot=<id>` dumps it and
 * `npm run merchant -- check --checksums --snapshot <id>` reads the source's checksums in it — so
 * "the backup's instant" is exact, although the writes go on (the test waits for more of them
 * between the export and the dump, so the dump's start is a later instant than its snapshot).
 * `pg_restore` loads it into a fresh database, where `check` passes and prints the same checksums of
 * orders, payments, card ledgers and stock; the source itself has moved on by then.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { openDatabase } from '../../server/src/db/client';
import { DEMO_USER, SHOP } from '../../server/src/demo/ids';
import { checksumsOf, parseChecksumLines, type Checksums } from '../../server/src/services/ops/checksums';
import { login } from '../support/faults';
import { spawnFaultServer, type FaultServer } from '../support/fault-server';
import { createDatabase, waitUntil, type OwnDatabase } from '../support/processes';
import { postgresUrlFor } from '../support/postgres';
import { checkCommand } from '../support/merchant-check';
import { startBackupBurst } from '../support/backup-burst';

const run = promisify(execFile);
const url = postgresUrlFor('test/pg/backup-burst');
const describeOnPostgres = url ? describe : describe.skip;
/** PostgreSQL 15's client tools (PG_BIN overrides). */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

jest.setTimeout(180_000);


describeOnPostgres('a PostgreSQL backup taken during a burst', () => {
  let source: OwnDatabase | null = null;
  let restored: OwnDatabase | null = null;
  let server: FaultServer | null = null;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-backup-burst-'));

  beforeAll(async () => {
    source = await createDatabase(url as string, 'app_backup_source');
    restored = await createDatabase(url as string, 'app_backup_restored');
    server = await spawnFaultServer({ databaseUrl: source.url, env: { UNPAID_TIMEOUT_S: '600' } });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await source?.drop();
    await restored?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('pg_dump in an exported snapshot, pg_restore, check passes with the checksums of that snapshot', async () => {
    const s = server as FaultServer;
    const member = await login(s.base, SHOP.restaurant, DEMO_USER.member.openid);
    const visitor = await login(s.base, SHOP.restaurant);
    const { done, count, failures, lanes } = await startBackupBurst(s.base, member, visitor);

    let atSnapshot: Checksums | null = null;
    let printed: string[] = [];
    const dumpFile = path.join(tmp, 'shop.dump');
    const holder = new Client({ connectionString: source?.url });
    await holder.connect();
    let countsAtExport = { ...count };
    try {
      await waitUntil('a burst under way', () => done.now || (count.orders >= 10 && count.topUps >= 2 && count.stockMoves >= 2), { everyMs: 50, timeoutMs: 60_000 });
      // the documented procedure: a session exports its snapshot and stays open while it is used
      await holder.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const [{ snapshot }] = (await holder.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot')).rows;
      countsAtExport = { ...count };
      // writes go on after the snapshot, before the dump starts
      await waitUntil('writes after the snapshot', () => done.now || (count.orders >= countsAtExport.orders + 5 && count.topUps > countsAtExport.topUps), {
        everyMs: 50,
        timeoutMs: 60_000,
      });
      const sourceDb = await openDatabase((source as OwnDatabase).url);
      try {
        const [, check] = await Promise.all([
          run(path.join(PG_BIN, 'pg_dump'), ['--format=custom', '--no-owner', `--snapshot=${snapshot}`, `--file=${dumpFile}`, (source as OwnDatabase).url]),
          checkCommand(sourceDb, ['--checksums', '--snapshot', snapshot]),
        ]);
        printed = check.lines;
        atSnapshot = parseChecksumLines(check.lines);
      } finally {
        await sourceDb.close();
      }
      await holder.query('COMMIT');
      // and go on after the dump
      const afterDump = count.orders;
      await waitUntil('writes after the dump', () => done.now || count.orders >= afterDump + 5, { everyMs: 50, timeoutMs: 60_000 });
    } finally {
      done.now = true;
      await lanes;
      await holder.end();
    }
    expect(failures).toEqual([]);
    expect(count.cardOrders).toBeGreaterThan(0);
    expect(atSnapshot).not.toBeNull();
    const backup = atSnapshot as Checksums;

    // the restore, as documented: into an empty database
    await run(path.join(PG_BIN, 'pg_restore'), ['--no-owner', '--exit-on-error', '--jobs=2', '-d', (restored as OwnDatabase).url, dumpFile]);
    const copy = await openDatabase((restored as OwnDatabase).url);
    const liveSource = await openDatabase((source as OwnDatabase).url);
    try {
      const { code, lines } = await checkCommand(copy, ['--checksums']);
      expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
      expect(code).toBe(0);
      expect(lines).toContain('check: 5 passed, 0 failed');
      // the restored data is the snapshot's, to the byte of every row's text
      expect(parseChecksumLines(lines)).toEqual(backup);
      expect(lines.filter((l) => l.startsWith('checksum '))).toEqual(printed.filter((l) => l.startsWith('checksum ')));

      // the snapshot is the export's instant, not the dump's start nor now: the source moved on
      // after it in every group (orders, top-ups, card debits and credits, stock)
      const now = await checksumsOf(liveSource.db);
      for (const group of ['orders', 'payments', 'ledger', 'stock'] as const) expect({ group, md5: now[group].md5 }).not.toEqual({ group, md5: backup[group].md5 });
      // rows only grow in the burst: the backup holds at least what was answered before the export
      // (the demo's own orders and payments are there too), and fewer orders than the source now
      expect(backup.orders.rows).toBeGreaterThanOrEqual(countsAtExport.orders);
      expect(backup.orders.rows).toBeLessThan(now.orders.rows);
      expect(backup.payments.rows).toBeLessThan(now.payments.rows);
      expect(backup.ledger.rows).toBeLessThan(now.ledger.rows);
    } finally {
      await copy.close();
      await liveSource.close();
    }
  });
});
