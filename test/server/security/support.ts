/**
 * Shared steps of the security tests: a fingerprint of every stored row (to prove a refused request
 * changed nothing) and the contract's request fields, walked into nested objects and arrays.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CallDef } from '../../../src/api/contract/common';
import type { TestServer } from '../../support/build-server';

/**
 * Tables a refused request may still touch without changing anyone's data: the sessions and users of
 * the logins a test makes, the client log and the idempotency keys of the calls it sends.
 */
export const BOOKKEEPING_TABLES = ['sessions', 'users', 'client_logs', 'idempotency_keys'] as const;

/** One md5 per table of every row's text, rows sorted: equal fingerprints, equal data. */
export async function fingerprint(server: TestServer, skip: readonly string[] = BOOKKEEPING_TABLES): Promise<Record<string, string>> {
  const names = (await server.db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)) as unknown as {
    rows: Array<{ tablename: string }>;
  };
  const out: Record<string, string> = {};
  for (const { tablename } of names.rows) {
    if (skip.includes(tablename) || tablename.startsWith('__drizzle')) continue;
    const res = (await server.db.execute(
      sql.raw(`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${tablename}" t`),
    )) as unknown as { rows: Array<{ h: string }> };
    out[tablename] = res.rows[0].h;
  }
  return out;
}

/** The tables whose fingerprints differ. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}

type AnySchema = z.ZodType & { _zod?: { def?: Record<string, unknown> }; shape?: Record<string, z.ZodType> };

/**
 * Every field path of a request schema: `id`, `parts[].shopId`… Objects, arrays, optionals,
 * defaults, unions, intersections and refinements are walked; leaves are named by their path.
 */
export function fieldPaths(schema: z.ZodType, prefix = '', depth = 0): string[] {
  const s = schema as AnySchema;
  if (depth > 12) return [];
  if (s.shape && typeof s.shape === 'object') {
    return Object.entries(s.shape).flatMap(([k, v]) => {
      const here = prefix ? `${prefix}.${k}` : k;
      return [here, ...fieldPaths(v, here, depth + 1)];
    });
  }
  const def = s._zod?.def ?? {};
  if (def.type === 'array' && def.element) return fieldPaths(def.element as z.ZodType, `${prefix}[]`, depth + 1);
  if (Array.isArray(def.options)) return [...new Set((def.options as z.ZodType[]).flatMap((o) => fieldPaths(o, prefix, depth + 1)))];
  if (def.left && def.right) return [...fieldPaths(def.left as z.ZodType, prefix, depth + 1), ...fieldPaths(def.right as z.ZodType, prefix, depth + 1)];
  for (const k of ['innerType', 'schema', 'in', 'getter']) {
    const inner = def[k];
    if (k === 'getter' && typeof inner === 'function') return fieldPaths((inner as () => z.ZodType)(), prefix, depth + 1);
    if (inner && typeof inner === 'object') return fieldPaths(inner as z.ZodType, prefix, depth + 1);
  }
  return [];
}

/** `path:field` of a call's field. */
export const fieldKey = (def: CallDef, field: string): string => `${def.path}:${field}`;
