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
