/**
 * The demo database of the in-memory route tests, migrated and seeded once per jest run.
 *
 * `globalSetup` (below, named in jest.config.js) migrates a fresh PGlite, seeds the demo, takes a
 * snapshot of it (see `takeSnapshot`) and dumps the data directory into a tarball whose path it puts in
 * TEST_DB_TEMPLATE; jest's workers start after the global setup and inherit the variable.
 * `openDemoDatabase` then starts each test file's PGlite from that tarball: no initdb, no migrations, no
 * seeding. Without the variable (a config without the global setup) it migrates and seeds on its own.
 *
 * `restoreSnapshot` puts the data back between tests: every public table is emptied and refilled from
 * its copy in the snapshot schema, and every sequence is set back, in one statement.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  MIGRATIONS_DIR,
  notifyObservers,
  observeTransactions,
  type Database,
  type Db,
  type DbObserver,
} from '../../server/src/db/client';
import {
  dbLimitsFrom,
  dumpBetweenTransactions,
  installFastQueries,
  type PGliteLike,
  type PGliteModule,
} from '../../server/src/db/fast';
import * as schema from '../../server/src/db/schema';
import { seedDemo } from '../../server/src/db/seed';
import { demoData, type DemoShop } from '../../server/src/demo';

/** The environment variable holding the path of the run's template tarball. */
export const TEMPLATE_ENV = 'TEST_DB_TEMPLATE';
/** The schema holding a copy of every public table, and the sequences' values, as the snapshot took them. */
const SNAPSHOT_SCHEMA = 'test_snapshot';
const SEQUENCES_SCHEMA = 'test_snapshot_sequences';

/** Node's real require: PGlite's CommonJS build uses dynamic import(), which jest's module runtime cannot run. */
function nodeRequire(): NodeJS.Require {
  const nodeModule = process.getBuiltinModule('node:module') as typeof import('node:module');
  return nodeModule.createRequire(__filename);
}

/**
 * An in-memory PGlite (started from `dump`, a tarball of PGlite's `dumpDataDir`, when given) with the
 * migrations applied — as `openDatabase('memory://')` opens it (server/src/db/client.ts), whose options
 * have no way to pass a data directory tarball.
 */
async function openPglite(dump?: Blob): Promise<{ database: Database; dumpDataDir(): Promise<Blob> }> {
  const limits = dbLimitsFrom(process.env);
  const pglite = nodeRequire()('@electric-sql/pglite') as PGliteModule;
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new pglite.PGlite(dump ? { loadDataDir: dump } : {});
  await client.waitReady;
  const observers = new Set<DbObserver>();
  const held = installFastQueries(client as unknown as PGliteLike, pglite, limits, (since, ok) => notifyObservers(observers, 'statement', since, ok));
  const db = drizzle(client, { schema });
  // on a template this finds every migration applied and only reads the journal
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  observeTransactions(db as unknown as Db, observers);
  const database: Database = {
    db: db as unknown as Db,
    kind: 'pglite',
    limits,
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
    observers,
    dumpDataDir: (atInstant) => dumpBetweenTransactions(client as unknown as PGliteLike, held, atInstant),
  };
  // uncompressed: a worker reads it from the page cache faster than it would inflate it
  return { database, dumpDataDir: () => client.dumpDataDir('none') };
}

/** Copies every public table and the value of every public sequence into the snapshot schemas (replacing an earlier snapshot). */
export async function takeSnapshot(database: Database): Promise<void> {
  await database.exec(`
    DROP SCHEMA IF EXISTS ${SNAPSHOT_SCHEMA} CASCADE;
    DROP SCHEMA IF EXISTS ${SEQUENCES_SCHEMA} CASCADE;
    CREATE SCHEMA ${SNAPSHOT_SCHEMA};
    CREATE SCHEMA ${SEQUENCES_SCHEMA};
    DO $$ DECLARE t text; BEGIN
      FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
        EXECUTE format('CREATE TABLE ${SNAPSHOT_SCHEMA}.%I AS TABLE public.%I', t, t);
      END LOOP;
    END $$;
    CREATE TABLE ${SEQUENCES_SCHEMA}.values AS
      SELECT sequencename AS name, start_value, last_value FROM pg_sequences WHERE schemaname = 'public';`);
}

/**
 * Puts the data of the snapshot back: every public table emptied and refilled from its copy, every
 * sequence at the value it had. Foreign keys and triggers are not run (session_replication_role =
 * replica): the copies are the consistent data the snapshot took, and an order trigger must not fire.
 */
export async function restoreSnapshot(database: Database): Promise<void> {
  await database.exec(`
    SET session_replication_role = replica;
    DO $$ DECLARE t text; s record; BEGIN
      FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
        EXECUTE format('DELETE FROM public.%I', t);
        EXECUTE format('INSERT INTO public.%I SELECT * FROM ${SNAPSHOT_SCHEMA}.%I', t, t);
      END LOOP;
      FOR s IN SELECT name, start_value, last_value FROM ${SEQUENCES_SCHEMA}.values LOOP
        PERFORM setval(format('public.%I', s.name), COALESCE(s.last_value, s.start_value), s.last_value IS NOT NULL);
      END LOOP;
    END $$;
    SET session_replication_role = DEFAULT;`);
}

/** Empties every table of the database (identities restarted). */
export async function truncateAll(database: Database): Promise<void> {
  // one statement for every table: much cheaper on PostgreSQL than one TRUNCATE per table
  await database.exec(`DO $$ DECLARE names text; BEGIN
    SELECT string_agg(quote_ident(tablename), ', ') INTO names FROM pg_tables WHERE schemaname = 'public';
    IF names IS NOT NULL THEN EXECUTE 'TRUNCATE TABLE ' || names || ' RESTART IDENTITY CASCADE'; END IF;
  END $$;`);
}

/** Loads the demo data (and `extraShops`) into a migrated database and takes the snapshot of it. */
async function seedAndSnapshot(database: Database, extraShops: DemoShop[] = []): Promise<void> {
  await truncateAll(database);
  await seedDemo(database.db, demoData, extraShops);
  await takeSnapshot(database);
}

/**
 * A database with the demo data (and `extraShops`, seeded beside it) and its snapshot: a copy of the
 * run's template when there is one, else migrated and seeded here.
 */
export async function openDemoDatabase(extraShops: DemoShop[] = []): Promise<Database> {
  const file = process.env[TEMPLATE_ENV];
  if (file && fs.existsSync(file)) {
    const { database } = await openPglite(new Blob([fs.readFileSync(file)]));
    if (extraShops.length > 0) await seedAndSnapshot(database, extraShops);
    return database;
  }
  const { database } = await openPglite();
  await seedAndSnapshot(database, extraShops);
  return database;
}

/** Where the global setup of this run wrote its template (globals of a global setup reach only its teardown). */
const RUN_KEY = '__testDbTemplateDir';
type RunGlobals = { [RUN_KEY]?: string };

/** Of jest's global and project configs, what the global setup reads. */
interface SetupConfigs {
  global?: { testPathPattern?: string };
  project?: { displayName?: string | { name: string } };
}

/**
 * Whether this run may open test servers: every run of the server and mini projects, and a unit run
 * unless it is narrowed to paths outside the stores (a run of domain files needs no database). A run
 * without the template still works: each test server then migrates and seeds on its own.
 */
function needsTemplate({ global, project }: SetupConfigs): boolean {
  const name = typeof project?.displayName === 'string' ? project.displayName : project?.displayName?.name;
  const pattern = global?.testPathPattern ?? '';
  return name !== 'unit' || pattern === '' || /stores/.test(pattern);
}

/**
 * Jest global setup: writes the run's template once, whichever projects name it (a path left in the
 * environment by an earlier run is not trusted: the migrations or the demo may have changed since).
 */
export default async function globalSetup(
  globalConfig?: SetupConfigs['global'],
  projectConfig?: SetupConfigs['project'],
): Promise<void> {
  if ((globalThis as RunGlobals)[RUN_KEY] || !needsTemplate({ global: globalConfig, project: projectConfig }))
    return;
  const { database, dumpDataDir } = await openPglite();
  try {
    await seedAndSnapshot(database);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-db-'));
    const file = path.join(dir, 'demo.tar');
    fs.writeFileSync(file, Buffer.from(await (await dumpDataDir()).arrayBuffer()));
    (globalThis as RunGlobals)[RUN_KEY] = dir;
    process.env[TEMPLATE_ENV] = file;
  } finally {
    await database.close();
  }
}

/** Jest global teardown (test/support/db-template-teardown.ts): removes the run's template. */
export function removeTemplate(): void {
  const dir = (globalThis as RunGlobals)[RUN_KEY];
  if (!dir) return;
  fs.rmSync(dir, { recursive: true, force: true });
  delete (globalThis as RunGlobals)[RUN_KEY];
  delete process.env[TEMPLATE_ENV];
}
