/**
 * The operator's endpoints on every node (OPS-1, docs/operations.md "Health endpoints", "Metrics"):
 *
 *  - `GET /healthz`: liveness, 200 `{live: true}` while the process serves (also under pressure);
 *  - `GET /readyz`: readiness, 200 `{ready: true}` or 503 `{ready: false, failed, checks}` naming
 *    the failed checks (shutdown, pressure, database, migrations, redis), with Retry-After;
 *  - `GET /metrics`: Prometheus text for `Authorization: Bearer <METRICS_KEY>` (401 otherwise,
 *    compared in constant time); not registered without METRICS_KEY (404).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { passUnderPressure } from '../http/ops';
import { metricsOf } from '../services/ops/metrics';
import { readiness } from '../services/ops/readiness';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
export const METRICS_PATH = '/metrics';

/** Whether `header` is `Bearer <key>`: both hashed first, so neither the length nor a prefix shows in the time taken. */
export function bearerMatches(header: string | undefined, key: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(key).digest();
  return timingSafeEqual(a, b) && given.length > 0;
}

export function registerOpsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get(HEALTH_PATH, { config: passUnderPressure }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { live: true };
  });

  app.get(READY_PATH, { config: passUnderPressure }, async (request, reply) => {
    const r = await readiness(ctx, request.pressure ?? null);
    reply.header('cache-control', 'no-store');
    if (r.ready) return { ready: true };
    reply.code(503).header('retry-after', String(ctx.config.pressure.retryAfterS));
    return { ready: false, failed: r.failed, checks: r.checks };
  });

  const metrics = metricsOf(ctx);
  const key = ctx.config.metricsKey;
  if (!metrics || !key) return;
  app.get(METRICS_PATH, { config: passUnderPressure }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, key)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: 'unauthorized' });
    }
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
