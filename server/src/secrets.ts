/**
 * The server's secrets, one configuration entry each (`NAME`, or a file named by `NAME_FILE`); no
 * secret doubles as another, and `MERCHANT_KEY` is only the merchant API's key.
 *
 * Not configured: with the embedded database on disk (the demo) each is generated once into
 * `<DATA_DIR>/secrets.json` (mode 0600, written aside and linked into place, so two processes starting at once agree)
 * and reused on every start; with an in-memory database (tests) one is made per process; with
 * PostgreSQL (several nodes) every node must be given the same values — a production start without
 * them stops with a message naming them; outside production they are generated into DATA_DIR as for
 * the demo (nodes sharing DATA_DIR agree).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from './config';
import { perServer, type ServerContext } from './context';
import { secretEntry, type Env } from './payments/config';

/** What each secret signs, and its configuration entry. */
export const SECRET_ENTRIES = {
  /** The sandbox payment provider's notifications (demo mode). */
  paySandbox: 'PAY_SANDBOX_SECRET',
  /** user/getEncryptParams: parameters another page or mini program verifies. */
  encryptParams: 'ENCRYPT_PARAMS_SECRET',
  /** vip/genVipToken: the member-center token. */
  vipToken: 'VIP_TOKEN_SECRET',
} as const;

export type SecretName = keyof typeof SECRET_ENTRIES;
export type Secrets = Record<SecretName, string>;

/** A start the secrets do not allow. */
export class SecretsConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretsConfigError';
  }
}

/** The configured values (environment or files), read with the rest of the configuration. */
export function readConfiguredSecrets(env: Env): Partial<Secrets> {
  const out: Partial<Secrets> = {};
  for (const [name, entry] of Object.entries(SECRET_ENTRIES) as [SecretName, string][]) {
    const v = secretEntry(env, entry);
    if (v) out[name] = v;
  }
  return out;
}

const fresh = (): string => randomBytes(32).toString('hex');

/** Reads `<dir>/secrets.json`, creating it (exclusively) with the missing secrets; the file's values win. */
export function secretsFile(dir: string, names: SecretName[]): Partial<Secrets> {
  const file = path.join(dir, 'secrets.json');
  const read = (): Partial<Secrets> => JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
  fs.mkdirSync(dir, { recursive: true });
  let have: Partial<Secrets> = {};
  try {
    have = read();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    const made = Object.fromEntries(names.map((n) => [n, fresh()]));
    // written aside in full, then linked into place: the link fails when the file exists, so no
    // start ever reads a file another start is still writing
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(made, null, 2), { flag: 'wx', mode: 0o600 });
    try {
      fs.linkSync(tmp, file);
      return made;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // another process created it first: theirs is the one
      return read();
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const missing = names.filter((n) => !have[n]);
  if (missing.length === 0) return have;
  // a file from an earlier version lacks a newer secret: add it (write aside, then rename)
  const next = { ...have, ...Object.fromEntries(missing.map((n) => [n, fresh()])) };
  const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(next, null, 2), { mode: 0o600 });
  fs.renameSync(tmp, file);
  return next;
}

/** Resolves every secret for a configuration (see the module's rules). */
export function resolveSecrets(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'configuredSecrets' | 'production'>): Secrets {
  const given: Partial<Secrets> = { ...config.configuredSecrets };
  const names = Object.keys(SECRET_ENTRIES) as SecretName[];
  const missing = names.filter((n) => !given[n]);
  if (missing.length === 0) return given as Secrets;
  if (config.databaseUrl === 'memory://') return { ...Object.fromEntries(missing.map((n) => [n, fresh()])), ...given } as Secrets;
  const postgres = /^postgres(ql)?:\/\//.test(config.databaseUrl);
  if (postgres && config.production)
    throw new SecretsConfigError(
      `with PostgreSQL every node needs the same secrets: set ${missing.map((n) => SECRET_ENTRIES[n]).join(', ')} (or their _FILE entries).`,
    );
  return { ...secretsFile(config.dataDir, missing), ...given } as Secrets;
}

/** The secrets of a running server. */
export const secretsOf = perServer((ctx: ServerContext): Secrets => resolveSecrets(ctx.config));
