/**
 * The operator's side of every request (OPS-1, docs/operations.md): overload refusals through
 * @fastify/under-pressure (503 with Retry-After; /healthz, /readyz and /metrics pass and say it
 * themselves), and — when METRICS_KEY is set — each answer's duration by route pattern, the
 * database's statements and transactions, and the websocket counts for the node's metrics.
 * Installed by the app before any route, so its hooks see every route.
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { metricsOf } from '../services/ops/metrics';
import { liveRooms, liveSockets } from '../services/tables/live';

declare module 'fastify' {
  interface FastifyRequest {
    /** The overload kind @fastify/under-pressure reported for this request (routes that pass it through read it). */
    pressure?: string;
  }
  interface FastifyContextConfig {
    /** @fastify/under-pressure's per-route handler (undefined lets the request through). */
    pressureHandler?: (
      request: FastifyRequest,
      reply: FastifyReply,
      type: string,
      value: number | undefined,
    ) => Promise<void> | void;
  }
}

/** Route config that lets a request through under pressure, noting the kind on `request.pressure`. */
export const passUnderPressure = {
  pressureHandler: (request: FastifyRequest, _reply: FastifyReply, type: string) => {
    request.pressure = type;
  },
};

export async function installOps(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const p = ctx.config.pressure;
  await app.register(underPressure, {
    maxEventLoopDelay: p.maxEventLoopDelayMs,
    maxHeapUsedBytes: p.maxHeapUsedBytes,
    maxRssBytes: p.maxRssBytes,
    maxEventLoopUtilization: p.maxEventLoopUtilization,
    retryAfter: p.retryAfterS,
    sampleInterval: p.sampleIntervalMs,
  });

  const metrics = metricsOf(ctx);
  if (!metrics) return;
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.routeOptions.url ?? null,
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  const observers = ctx.database.observers;
  if (observers) {
    observers.add(metrics.dbObserver);
    ctx.onClose(() => {
      observers.delete(metrics.dbObserver);
    });
  }
  metrics.socketCounts = () => ({
    sockets: app.websocketServer?.clients.size ?? 0,
    tableRooms: liveRooms(ctx),
    tableSockets: liveSockets(ctx),
  });
}
