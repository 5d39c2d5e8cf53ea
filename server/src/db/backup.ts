/**
 * Backups of the embedded database (OPS-1, docs/operations.md "Backups"): the PGlite data directory
 * (`DATA_DIR/db`) as PGlite's own gzip tarball (`dumpDataDir`), and back (`loadDataDir`). Offline
 * here (the server stopped); a running node's comes from `Database.dumpDataDir` through the merchant
 * API. PostgreSQL is backed up with pg_dump / pg_restore instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pgliteModule } from './client';

/** A backup or restore refused, said in one line. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** The PGlite directory of a database URL; null for PostgreSQL and an in-memory database. */
export function embeddedDir(databaseUrl: string): string | null {
  if (/^postgres(ql)?:\/\//.test(databaseUrl) || databaseUrl === 'memory://' || databaseUrl === '')
    return null;
  return path.resolve(databaseUrl.replace(/^file:\/\//, ''));
}

const hasDatabase = (dir: string): boolean => fs.existsSync(path.join(dir, 'PG_VERSION'));
const isEmptyOrMissing = (dir: string): boolean => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/**
 * Writes `source` to `file` through `<file>.partial`, renamed into place once complete: a backup
 * interrupted half way never looks like a backup. Answers the bytes written.
 */
export async function writeBackupFile(file: string, source: Readable | Blob): Promise<number> {
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  const stream =
    source instanceof Readable
      ? source
      : Readable.fromWeb(source.stream() as import('node:stream/web').ReadableStream);
  try {
    await pipeline(stream, fs.createWriteStream(partial, { mode: 0o600 }));
    fs.renameSync(partial, target);
  } catch (e) {
    fs.rmSync(partial, { force: true });
    throw e;
  }
  return fs.statSync(target).size;
}

/**
 * The embedded database of `dir` as a gzip tarball, the server stopped (PGlite has one user: a copy
 * taken beside a running server may be torn). `force` goes on although PGlite's `postmaster.pid` is
 * there (left by a server that did not stop cleanly).
 */
export async function dumpStoppedDatabase(
  dir: string,
  opts: {
    force?: boolean;
    /** Run first on the opened database: what it reads is what the tarball holds (the checksums). */
    atInstant?: (query: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>) => Promise<void>;
  } = {},
): Promise<Blob> {
  if (!hasDatabase(dir))
    throw new BackupError(
      `no embedded database in ${dir} (set DATA_DIR, or MERCHANT_URL for a running server)`,
    );
  if (fs.existsSync(path.join(dir, 'postmaster.pid')) && !opts.force) {
    throw new BackupError(
      `${dir} is in use (postmaster.pid): stop the server first, or back it up online with MERCHANT_URL and MERCHANT_KEY; after a crash, --force`,
    );
  }
  const { PGlite } = pgliteModule();
  const client = new PGlite(dir);
  try {
    await client.waitReady;
    if (opts.atInstant) await opts.atInstant((text, params) => client.query(text, params));
    return await client.dumpDataDir('gzip');
  } finally {
    await client.close();
  }
}

/**
 * Loads a backup tarball into `dir` (created with its parents when missing). A `dir` that holds
 * anything is refused unless `force`; then the old directory is kept beside it as
 * `<dir>.before-restore-<time>` (answered), so a mistaken --force loses nothing. The tarball is
 * loaded into a sibling directory first and checked to be this server's database (its migrations
 * table answers) before anything is moved: a broken file leaves `dir` as it was.
 */
export async function restoreDatabase(
  file: string,
  dir: string,
  opts: { force?: boolean; now?: Date } = {},
): Promise<{ keptOld: string | null }> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new BackupError(`no backup file ${source}`);
  if (!isEmptyOrMissing(dir) && !opts.force) {
    throw new BackupError(
      `${dir} is not empty: restore refuses to overwrite a database (stop its server; --force keeps the old one aside and restores)`,
    );
  }
  const staging = `${dir}.restoring-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  const { PGlite } = pgliteModule();
  try {
    const client = new PGlite(staging, { loadDataDir: new Blob([fs.readFileSync(source)]) });
    try {
      await client.waitReady;
      await client.query('SELECT count(*) FROM drizzle.__drizzle_migrations');
    } finally {
      await client.close().catch(() => undefined);
    }
  } catch (e) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new BackupError(
      `${source} is not a backup of this server's embedded database: ${(e as Error).message.split('\n')[0]}`,
    );
  }
  let keptOld: string | null = null;
  if (fs.existsSync(dir)) {
    if (isEmptyOrMissing(dir)) fs.rmdirSync(dir);
    else {
      keptOld = `${dir}.before-restore-${(opts.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(dir, keptOld);
    }
  }
  fs.renameSync(staging, dir);
  return { keptOld };
}
