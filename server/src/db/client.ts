import path from 'node:path';
import fs from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle used by services: the same API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (used by test resets and seeding helpers). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** Node's real require (jest hands modules its own `module.createRequire`). */
function nodeRequire(): NodeJS.Require {
  const nodeModule = process.getBuiltinModule('node:module') as typeof import('node:module');
  return nodeModule.createRequire(__filename);
}

export const MIGRATIONS_DIR = path.resolve(__dirname, '../../drizzle');

/**
 * Opens the database and applies the migrations of server/drizzle.
 * `postgres://…` uses node-postgres; `memory://` an in-memory PGlite; anything else is a PGlite
 * data directory.
 */
export async function openDatabase(url: string): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: url, max: 10 });
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      exec: async (sql) => {
        await pool.query(sql);
      },
      close: () => pool.end(),
    };
  }
  // Node's own require: PGlite's CommonJS build uses dynamic import(), which jest's module runtime
  // cannot run; loaded natively it works everywhere (tsx, node, jest).
  const { PGlite } = nodeRequire()('@electric-sql/pglite') as typeof import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client: InstanceType<typeof PGlite>;
  if (url === 'memory://' || url === '') {
    client = new PGlite();
  } else {
    const dir = url.replace(/^file:\/\//, '');
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
  };
}
