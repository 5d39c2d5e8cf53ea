import type { FastifyInstance } from 'fastify';
import { storeCalls } from '../../../src/api/contract/store';
import type { ServerContext } from '../context';
import { fail } from '../http/errors';
import { registerCall } from '../http/call';
import { publicShops } from '../services/shops-public';

/** store/publicList calls per client address per minute (it needs no token, so it is counted). */
export const PUBLIC_LIST_PER_MINUTE = 60;

/** The shop list without a token (SHOP-1, C§2 entry without a shop id). */
export function registerPublicShopRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const perMinute = app.rateLimits.rule({ max: PUBLIC_LIST_PER_MINUTE, timeWindow: 60_000 });

  registerCall(app, ctx, storeCalls.publicList, async (c) => {
    if (!(await perMinute(c.request, `shops:public:${c.request.ip}`))) throw fail('tooManyRequests');
    return { list: await publicShops(ctx, { brand: c.body.brand, position: c.body.position }, c.lang, c.abroad) };
  });
}
