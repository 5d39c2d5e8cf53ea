/**
 * `npm run merchant -- check [--checksums [--snapshot <id>]]` run in-process on an open database, as
 * the CLI runs it offline: its exit code and the lines it prints (the backup and restore suites).
 */
import type { FastifyBaseLogger } from 'fastify';
import { contextTransport, runCommand } from '../../server/cli/merchant';
import { testConfig } from '../../server/src/config';
import { createContext } from '../../server/src/context';
import type { Database } from '../../server/src/db/client';
import { checksumsOf } from '../../server/src/services/ops/checksums';

/** A logger that says nothing. */
export const quietLogger = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => quietLogger,
  level: 'silent',
} as unknown as FastifyBaseLogger;

export async function checkCommand(database: Database, args: string[] = []): Promise<{ code: number; lines: string[] }> {
  const ctx = createContext({ config: testConfig(), database, log: quietLogger });
  const lines: string[] = [];
  const code = await runCommand(['check', ...args], contextTransport(ctx), (l) => lines.push(l), (o) => checksumsOf(database.db, o));
  return { code, lines };
}
