import { openDatabase } from '../../server/src/db/client';
import { buildTestServerOn, type TestServer } from './build-server';

/**
 * The PostgreSQL suites run against DATABASE_URL=postgres://…. Without one they are skipped with a
 * message on a developer's machine, and they FAIL under CI=true: a CI run that skipped them would
 * report green for code it never ran on PostgreSQL.
 */

/** True for a postgres:// or postgresql:// URL. */
export function isPostgresUrl(url: string | undefined): url is string {
  return /^postgres(ql)?:\/\//.test(url ?? '');
}

/** The reason a suite cannot run, or null when DATABASE_URL names a PostgreSQL server. */
export function missingPostgres(env: NodeJS.ProcessEnv = process.env): string | null {
  if (isPostgresUrl(env.DATABASE_URL)) return null;
  return 'DATABASE_URL is not a postgres:// URL, so there is no PostgreSQL server to run against';
}

/**
 * DATABASE_URL for a PostgreSQL suite; null (with a warning) when there is none, and a thrown error
 * instead under CI=true.
 */
export function postgresUrlFor(suite: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const missing = missingPostgres(env);
  if (missing === null) return env.DATABASE_URL as string;
  if (env.CI === 'true') throw new Error(`${suite}: ${missing}. With CI=true the PostgreSQL suites must run, not skip.`);
  console.warn(`${suite} skipped: ${missing}.`);
  return null;
}

/**
 * A describe block whose tests share one API server on DATABASE_URL's PostgreSQL (demo data loaded
 * again before each test); skipped with a message without PostgreSQL (failing under CI=true, as
 * postgresUrlFor says). `body` gets the block's server, usable from its hooks and tests on.
 */
export function describeOnPostgres(suite: string, title: string, body: (server: TestServer) => void): void {
  const url = postgresUrlFor(suite);
  let running: TestServer | undefined;
  (url ? describe : describe.skip)(title, () => {
    beforeAll(async () => {
      running = await buildTestServerOn(await openDatabase(url as string));
    }, 60_000);
    afterAll(() => running?.close());
    beforeEach(() => running!.reset(), 30_000);
    // the server starts in beforeAll: the block is handed a stand-in that reads the running one
    const server = new Proxy({} as TestServer, {
      get(_, key) {
        const value = (running as unknown as Record<string | symbol, unknown>)[key];
        return typeof value === 'function' ? value.bind(running) : value;
      },
    });
    body(server);
  });
}
