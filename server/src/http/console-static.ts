/**
 * The staff console's pages at CONSOLE_PATH (/console/), from its build (CONSOLE_DIR, default
 * dist/console, made by `npm run build:console`): index.html at /console/ (/console is sent there),
 * the rest as files, compressed and cached as the H5 build's (http/static-assets.ts). The console
 * uses hash routes, so no deep path falls back to the page. Without a build, /console/ answers a plain
 * text saying how to make it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CONSOLE_PATH } from '../../../src/api/contract/console';
import type { ServerContext } from '../context';
import { compressStaticReplies, staticCacheHeaders } from './static-assets';

export const CONSOLE_NOT_BUILT = 'console not built: npm run build:console';

/** Whether the console's build is there to serve. */
export const consoleBuilt = (dir: string | null): dir is string => dir !== null && fs.existsSync(path.join(dir, 'index.html'));

export async function registerConsoleStatic(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const dir = ctx.config.consoleDir;
  const bare = CONSOLE_PATH.replace(/\/$/, '');
  app.get(bare, async (_request, reply: FastifyReply) => reply.redirect(CONSOLE_PATH, 302));
  if (!consoleBuilt(dir)) {
    const notBuilt = async (_request: unknown, reply: FastifyReply) =>
      reply.code(404).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store').send(CONSOLE_NOT_BUILT);
    app.get(CONSOLE_PATH, notBuilt);
    app.get(`${CONSOLE_PATH}*`, notBuilt);
    return;
  }
  const { default: fastifyStatic } = await import('@fastify/static');
  await app.register(async (scope) => {
    compressStaticReplies(scope);
    await scope.register(fastifyStatic, { root: dir, prefix: CONSOLE_PATH, decorateReply: false, setHeaders: staticCacheHeaders, preCompressed: true });
  });
}
