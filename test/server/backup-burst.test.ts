/**
 * The online backup of the embedded database taken while orders flow (OPS-1, docs/operations.md
 * "Backups" → Embedded database). A node on PGlite serves four lanes at once — cash orders,
 * member-card orders (a card debit each), member top-ups paid in the sandbox wallet (a card credit
 * each) and the merchant's stock changes on a tracked product orders also take from — while
 * `npm run merchant -- backup <file> --checksums` saves `POST /merchant/backup`. The node reads the
 * checksums under the lock the dump holds (db/fast.ts `dumpBetweenTransactions`): those are the
 * source at the backup's instant. `restore` into a new DATA_DIR, `check --checksums` there: every
 * check passes and the checksum lines equal the backup's, while the source has moved on.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runBackupCommand } from '../../server/cli/merchant';
import { openDatabase } from '../../server/src/db/client';
import { DEMO_USER, SHOP } from '../../server/src/demo/ids';
import { checksumsOf, parseChecksumLines, type Checksums } from '../../server/src/services/ops/checksums';
import { buildTestServer, type TestServer } from '../support/build-server';
import { FAULT_MERCHANT_KEY, login } from '../support/faults';
import { waitUntil } from '../support/processes';
import { checkCommand } from '../support/merchant-check';
import { startBackupBurst } from '../support/backup-burst';

// PGlite starts (the restore's staging check, the restored copy) on a busy 2-core machine
jest.setTimeout(120_000);


let server: TestServer;
let base = '';
let tmp = '';
beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-burst-'));
  server = await buildTestServer({ config: { merchantKey: FAULT_MERCHANT_KEY } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

test('an online backup taken during a burst restores into a new DATA_DIR with the checksums of its instant', async () => {
  const member = await login(base, SHOP.restaurant, DEMO_USER.member.openid);
  const visitor = await login(base, SHOP.restaurant);
  const before = await checksumsOf(server.db);
  const { done, count, failures, lanes } = await startBackupBurst(base, member, visitor);

  const file = path.join(tmp, 'online.tar.gz');
  const printed: string[] = [];
  let countsAtBackup = { ...count };
  let countsAfterBackup = { ...count };
  try {
    await waitUntil('a burst under way', () => done.now || (count.orders >= 10 && count.topUps >= 2 && count.stockMoves >= 2), { everyMs: 20, timeoutMs: 60_000 });
    countsAtBackup = { ...count };
    const code = await runBackupCommand(['backup', file, '--checksums'], {
      url: base,
      key: FAULT_MERCHANT_KEY,
      databaseUrl: 'memory://',
      print: (l) => printed.push(l),
    });
    expect(code).toBe(0);
    countsAfterBackup = { ...count };
    // and the writes go on after it
    await waitUntil('writes after the backup', () => done.now || (count.orders >= countsAfterBackup.orders + 5 && count.topUps > countsAfterBackup.topUps), {
      everyMs: 20,
      timeoutMs: 60_000,
    });
  } finally {
    done.now = true;
    await lanes;
  }
  expect(failures).toEqual([]);
  expect(count.cardOrders).toBeGreaterThan(0);
  const atBackup = parseChecksumLines(printed);
  expect(atBackup).not.toBeNull();
  const backup = atBackup as Checksums;

  // restore into a new node's DATA_DIR, then check there
  const dbDir = path.join(tmp, 'new-node', 'db');
  expect(await runBackupCommand(['restore', file], { databaseUrl: dbDir, print: () => undefined })).toBe(0);
  const copy = await openDatabase(dbDir);
  try {
    const { code, lines } = await checkCommand(copy, ['--checksums']);
    expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
    expect(code).toBe(0);
    expect(lines).toContain('check: 5 passed, 0 failed');
    // the restored data is the backup's instant's, to the byte of every row's text
    expect(lines.filter((l) => l.startsWith('checksum '))).toEqual(printed.filter((l) => l.startsWith('checksum ')));
    expect(parseChecksumLines(lines)).toEqual(backup);
  } finally {
    await copy.close();
  }

  // that instant lies inside the burst: after the writes answered before the backup was asked for,
  // before those after it — every group moved on from before the burst and again since the backup
  const now = await checksumsOf(server.db);
  for (const group of ['orders', 'payments', 'ledger', 'stock'] as const) {
    expect({ group, md5: backup[group].md5 }).not.toEqual({ group, md5: before[group].md5 });
    expect({ group, md5: now[group].md5 }).not.toEqual({ group, md5: backup[group].md5 });
  }
  expect(backup.orders.rows).toBeGreaterThanOrEqual(before.orders.rows + countsAtBackup.orders);
  expect(backup.orders.rows).toBeLessThan(now.orders.rows);
  expect(now.orders.rows).toBe(before.orders.rows + count.orders);
});
