import { secretsOf } from './secrets';
import { startPaymentWorkers } from './services/payments/workers';
import fs from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { loadConfig, type ServerConfig } from './config';
import { createContext, type Clock, type ServerContext } from './context';
import { openDatabase, type Database } from './db/client';
import { installErrorHandler } from './http/error-handler';
import { installOps } from './http/ops';
import { securityHeaders } from './http/security-headers';
import { compressStaticReplies, staticCacheHeaders } from './http/static-assets';
import { registerRoutes, type RouteRegistrar } from './routes';
import { registerTestClockRoute } from './routes/test-clock';
import { startRoomHeartbeat } from './services/tables/live';
import { AVATAR_MAX_BYTES } from './services/avatar';
import { startExpirySweeper } from './services/orders/lifecycle';
import { registerConsoleStatic } from './http/console-static';
import { installAutoAccept, startOverdueSweeper } from './services/console/auto';
import { installOrderFeed } from './services/console/feed';
import { startNoticeWorker } from './services/notices/worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server context (database, config, services) of this app. */
    ctx: ServerContext;
  }
}

export interface BuildAppOptions {
  config?: ServerConfig;
  /** An already open database (tests share one per file); otherwise config.databaseUrl is opened. */
  database?: Database;
  clock?: Clock;
  /** Load the demo data when the shops table is empty (default true). */
  seed?: boolean;
  /** Close the database with the app (default: only when the app opened it). */
  closeDatabase?: boolean;
  /** Route registrars added after the API's own (embedding apps and tests). */
  extraRoutes?: RouteRegistrar[];
}

/**
 * The consumer API as a Fastify plugin: JSON parsing, validation through the contract, the error
 * shape of C§8, every route, the avatar uploads and (when configured) the H5 build and demo images.
 */
export const consumerApi = fp(
  async (app: FastifyInstance, { ctx, extraRoutes = [] }: { ctx: ServerContext; extraRoutes?: RouteRegistrar[] }) => {
    app.decorate('ctx', ctx);
    app.setValidatorCompiler(validatorCompiler);
    installErrorHandler(app, ctx);
    // overload refusals and (with METRICS_KEY) the request metrics, before any route (OPS-1)
    await installOps(app, ctx);
    await app.register(securityHeaders, { ctx });

    // An empty JSON body reads as {} (calls without a payload still send a content type).
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, {});
      try {
        done(null, JSON.parse(text));
      } catch {
        const err = new Error('body is not valid JSON') as Error & { statusCode: number };
        err.statusCode = 400;
        done(err, undefined);
      }
    });
    app.addHook('preValidation', async (request: FastifyRequest) => {
      if (request.method === 'POST' && (request.body === undefined || request.body === null)) request.body = {};
    });

    await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10 } });

    // background work belongs to the app, not to a route (routes stay thin)
    startExpirySweeper(ctx);
    startPaymentWorkers(ctx);
    // order changes reach the boards and the customers (live feed), then the shop's auto-accept (§6)
    installOrderFeed(ctx);
    installAutoAccept(ctx);
    startOverdueSweeper(ctx);
    // customer notices (NOTICE-1): queued with each status change, sent by the outbox apart from requests
    startNoticeWorker(ctx);
    await registerRoutes(app, ctx);
    for (const register of extraRoutes) await register(app, ctx);
    registerTestClockRoute(app, ctx);
    startRoomHeartbeat(app, ctx);

    await registerStatic(app, ctx);
    await registerConsoleStatic(app, ctx);

    app.addHook('onClose', async () => {
      for (const hook of ctx.closeHooks.splice(0)) await hook();
    });
  },
  { name: 'consumer-api', fastify: '5.x' },
);

/** The demo images and the H5 build, each when its folder exists (uploads: routes/user.ts). */
async function registerStatic(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  fs.mkdirSync(ctx.config.uploadsDir, { recursive: true });
  const dirs: Array<[string | null, string]> = [
    [ctx.config.demoImagesDir, '/demo-images/'],
    [ctx.config.staticDir, '/'],
  ];
  const present = dirs.filter((d): d is [string, string] => d[0] !== null && fs.existsSync(d[0]));
  if (present.length === 0) return;
  // loaded on demand: the module pulls ESM-only dependencies that plain test runs never need
  const { default: fastifyStatic } = await import('@fastify/static');
  // one scope for the files: the build's own compressed copies where it has them (`.br`, `.gz` beside the
  // file), otherwise compressed on the way out; fingerprinted build files cached (http/static-assets.ts)
  await app.register(async (scope) => {
    compressStaticReplies(scope);
    for (const [root, prefix] of present) await scope.register(fastifyStatic, { root, prefix, decorateReply: false, setHeaders: staticCacheHeaders, preCompressed: true });
  });
}

/** Builds the whole server: opens the database (migrations applied), seeds the demo, registers the API. */
export async function buildApp(opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = opts.config ?? loadConfig();
  const app = Fastify({
    logger: config.logger ? { level: process.env.LOG_LEVEL || 'info' } : false,
    bodyLimit: 1024 * 1024,
    // client addresses (rate limits) come from X-Forwarded-For only behind a trusted proxy
    trustProxy: config.trustProxy,
  });
  const database = opts.database ?? (await openDatabase(config.databaseUrl));
  const ctx = createContext({ config, database, log: app.log, clock: opts.clock });
  // the secrets are settled before anything is served (a production node without them stops here)
  secretsOf(ctx);
  if (opts.seed !== false) {
    const { seedDemoIfEmpty } = await import('./db/seed');
    await seedDemoIfEmpty(database.db, { large: config.seedLargeShop });
  }
  // Fastify runs onClose hooks last-registered first: the database's close is registered before the
  // app's own close steps (notice worker, live rooms, outboxes), so they still reach an open database
  if (opts.closeDatabase ?? !opts.database) app.addHook('onClose', async () => database.close());
  await app.register(consumerApi, { ctx, extraRoutes: opts.extraRoutes });
  return app;
}
