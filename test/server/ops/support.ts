/**
 * Shared steps of the operator suites (OPS-1): a second app on a test server's database (cheap: no
 * second PGlite) with its own configuration, and the samples of a Prometheus text.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/src/app';
import { testConfig, type ServerConfig } from '../../../server/src/config';
import type { TestServer } from '../../support/build-server';

/** Another node of the same database: its own config, registry, readiness and shutdown state. */
export async function appOn(
  server: TestServer,
  config: Partial<ServerConfig> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(config),
    database: server.ctx.database,
    clock: server.clock,
    seed: false,
    closeDatabase: false,
  });
  await app.ready();
  return app;
}

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments left out). */
export function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1]] = pair[2];
    out.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return out;
}

/** The value of the sample `name` whose labels include `labels` (0 when there is none; throws when several match). */
export function valueOf(all: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = all.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}
