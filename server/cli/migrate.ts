/**
 * `npm run migrate` (OPS-1, docs/deploy.md "Upgrading"): applies the migrations of server/drizzle to
 * DATABASE_URL (or the embedded database of DATA_DIR) and exits — the step an upgrade runs once,
 * before any node of the new version starts. A node applies them at its start too, so a single node
 * needs no separate step; with several nodes this keeps them from migrating at once.
 */
import { loadConfig } from '../src/config';
import { MIGRATIONS_DIR, openDatabase } from '../src/db/client';

async function main(): Promise<void> {
  const { databaseUrl } = loadConfig();
  const started = Date.now();
  // opening the database applies every migration it lacks (db/client.ts)
  const database = await openDatabase(databaseUrl);
  await database.close();
  const where = /^postgres(ql)?:\/\//.test(databaseUrl) ? 'PostgreSQL' : databaseUrl;
  process.stdout.write(`migrations of ${MIGRATIONS_DIR} applied to ${where} in ${Date.now() - started} ms\n`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
