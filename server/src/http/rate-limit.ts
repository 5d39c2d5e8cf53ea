import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyRateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Clock, ServerContext } from '../context';

/** One limit: `max` hits per `timeWindow` ms for each key. */
export interface RateRule {
  max: number;
  timeWindow: number;
}

/** Counts one hit of `key` against a rule; false when the key is over its limit for the window. */
export type RateCheck = (request: FastifyRequest, key: string) => Promise<boolean>;

/** The server's rate limits (a Fastify decorator): counters live in Redis when REDIS_URL is set. */
export interface RateLimits {
  /** A check for one rule; define rules once, when routes are registered. */
  rule(rule: RateRule): RateCheck;
  /** Forgets every in-process counter (tests start from a clean slate). */
  reset(): void;
  /** Adds in-process state of a caller's own that `reset` forgets too (e.g. who is blocked until when). */
  track(state: { clear(): void }): void;
  /** Where the counters live. */
  readonly store: 'memory' | 'redis';
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

type StoreResult = { current: number; ttl: number };
type StoreCallback = (error: Error | null, result?: StoreResult) => void;

/**
 * The in-process store for @fastify/rate-limit, on the server's clock (docs/architecture.md §20 Time) instead
 * of Date.now, so tests move time with `ctx.clock`. Fixed windows per key, like the library's own
 * LocalStore; several processes need REDIS_URL to agree.
 */
function clockStore(clock: Clock, stores: Set<{ clear(): void }>) {
  return class ClockStore {
    private readonly windows = new Map<string, { start: number; count: number }>();

    constructor() {
      stores.add(this);
    }

    incr(key: string, cb: StoreCallback, timeWindow: number): void {
      const t = clock.now();
      let w = this.windows.get(key);
      if (!w || t - w.start >= timeWindow) {
        if (this.windows.size > 100_000) this.prune(t, timeWindow);
        w = { start: t, count: 0 };
        this.windows.set(key, w);
      }
      w.count += 1;
      cb(null, { current: w.count, ttl: w.start + timeWindow - t });
    }

    read(key: string, cb: StoreCallback, timeWindow: number): void {
      const t = clock.now();
      const w = this.windows.get(key);
      if (!w || t - w.start >= timeWindow) cb(null, { current: 0, ttl: 0 });
      else cb(null, { current: w.count, ttl: w.start + timeWindow - t });
    }

    child(): ClockStore {
      return new ClockStore();
    }

    clear(): void {
      this.windows.clear();
    }

    private prune(t: number, timeWindow: number): void {
      for (const [k, w] of this.windows) if (t - w.start >= timeWindow) this.windows.delete(k);
    }
  };
}

/**
 * Registers @fastify/rate-limit (no global limit: each call names its rules) and decorates the app
 * with `rateLimits`. With `config.redisUrl` the counters are in Redis (the library's RedisStore), so
 * every process of the server counts together; a Redis failure lets the request through (logged)
 * rather than refusing every login.
 */
export const rateLimitsPlugin = fp(
  async (app: FastifyInstance, { ctx }: { ctx: ServerContext }) => {
    const local = new Set<{ clear(): void }>();
    let redis: Redis | null = null;
    if (ctx.config.redisUrl) {
      redis = new Redis(ctx.config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
      redis.on('error', (err) => app.log.warn({ err }, 'rate-limit Redis error'));
      app.addHook('onClose', async () => {
        await redis?.quit().catch(() => undefined);
      });
    }
    await app.register(fastifyRateLimit, {
      global: false,
      skipOnError: true,
      ...(redis ? { redis, nameSpace: 'shop-rate-limit:' } : { store: clockStore(ctx.clock, local) as never }),
    });

    const rule = ({ max, timeWindow }: RateRule): RateCheck => {
      // the key of the hit being counted; set just before the check, read by the key generator
      const keys = new WeakMap<FastifyRequest, string>();
      const check = app.createRateLimit({ max, timeWindow, keyGenerator: (req) => keys.get(req) ?? req.ip });
      return async (request, key) => {
        keys.set(request, key);
        const r = await check(request);
        return r.isAllowed || !r.isExceeded;
      };
    };

    app.decorate('rateLimits', {
      rule,
      reset: () => {
        for (const s of local) s.clear();
      },
      track: (state) => {
        local.add(state);
      },
      store: redis ? 'redis' : 'memory',
    } satisfies RateLimits);
  },
  { name: 'rate-limits', fastify: '5.x' },
);
