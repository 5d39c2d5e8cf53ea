/**
 * The online backup of a running node's embedded database (OPS-1): `POST /merchant/backup` (the
 * MERCHANT_KEY door) answers the data directory as PGlite's gzip tarball, taken between two
 * transactions (db/fast.ts `dumpBetweenTransactions`); `npm run merchant -- backup <file>` with
 * MERCHANT_URL saves it. A PostgreSQL node refuses: its backup is pg_dump's (docs/operations.md).
 */
import type { ServerContext } from '../../context';
import { AppError } from '../../http/errors';

/** The file name a backup is offered under: `shop-db-<UTC time>.tar.gz`. */
export const backupFileName = (now: number): string =>
  `shop-db-${new Date(now).toISOString().replace(/[:.]/g, '-')}.tar.gz`;

/** The running node's embedded database as a gzip tarball. */
export async function dumpRunningDatabase(ctx: ServerContext): Promise<Blob> {
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
  const blob = await dump();
  ctx.log.info(
    { bytes: blob.size, ms: Date.now() - started },
    'online backup of the embedded database taken',
  );
  return blob;
}
