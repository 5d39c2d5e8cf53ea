/**
 * The online backup of a running node's embedded database (OPS-1): `POST /merchant/backup` (the
 * MERCHANT_KEY door) answers the data directory as PGlite's gzip tarball, taken between two
 * transactions (db/fast.ts `dumpBetweenTransactions`); `npm run merchant -- backup <file>` with
 * MERCHANT_URL saves it. Asked with `{"checksums": true}`, the answer's `x-backup-checksums` header
 * holds the checksums (services/ops/checksums.ts) read under the same lock just before the dump: those
 * of the data in the tarball, to compare with `check --checksums` on the restore. A PostgreSQL node
 * refuses: its backup is pg_dump's (docs/operations.md).
 */
export const BACKUP_CHECKSUMS_HEADER = 'x-backup-checksums';
import type { ServerContext } from '../../context';
import { AppError } from '../../http/errors';
import { checksumsWith, type Checksums } from './checksums';

/** The file name a backup is offered under: `shop-db-<UTC time>.tar.gz`. */
export const backupFileName = (now: number): string =>
  `shop-db-${new Date(now).toISOString().replace(/[:.]/g, '-')}.tar.gz`;

/** The running node's embedded database as a gzip tarball, and (asked for) its checksums at the backup's instant. */
export async function dumpRunningDatabase(
  ctx: ServerContext,
  opts: { checksums?: boolean } = {},
): Promise<{ blob: Blob; checksums: Checksums | null }> {
  const dump = ctx.database.dumpDataDir;
  if (ctx.database.kind !== 'pglite' || !dump) {
    throw new AppError(
      'badRequest',
      undefined,
      undefined,
      'this node runs on PostgreSQL: back it up with pg_dump (docs/operations.md "Backups")',
    );
  }
  const started = Date.now();
  let checksums: Checksums | null = null;
  // read under the dump's own lock: the checksums of exactly the data the tarball holds
  const blob = await dump(
    opts.checksums
      ? async (query) => {
          checksums = await checksumsWith(query);
        }
      : undefined,
  );
  ctx.log.info(
    { bytes: blob.size, ms: Date.now() - started, ...(checksums ? { checksums } : {}) },
    'online backup of the embedded database taken',
  );
  return { blob, checksums };
}
