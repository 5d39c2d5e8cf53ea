import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE, HeaderNames, type CallDef } from '../../../src/api/contract/common';
import { orderCalls } from '../../../src/api/contract/order';
import { storeCalls } from '../../../src/api/contract/store';
import { userCalls } from '../../../src/api/contract/user';
import type { ServerContext } from '../context';
import { HttpError } from '../http/errors';
import { assertWithinReach, type ShopReach } from '../services/shop-scope';

/**
 * A body field of a call that names a shop, and how far it may reach from the token's shop:
 * `shop` (the token's own shop), `chain` (a shop of the same chain) or `entry` (a login: it picks
 * the shop its new token will name, so any shop).
 */
export interface ShopField {
  call: CallDef;
  field: string;
  reach: ShopReach | 'entry';
  /** The token to check against is in this body field instead of the header (user/token). */
  tokenField?: string;
}

/**
 * Every call that takes a shop id (docs/decisions.md "Token scope across shops"). A call that
 * takes a shop id and is not listed here fails test/server/shop-scope.test.ts.
 */
export const SHOP_FIELDS: readonly ShopField[] = [
  // multi-shop orders (C§2 multi-confirm) reach the shops of the chain
  { call: orderCalls.confirm, field: 'shopId', reach: 'chain' },
  { call: storeCalls.detail, field: 'id', reach: 'chain' },
  // moving to another shop of the chain: the token in the body is the one that moves
  { call: userCalls.token, field: 'id', reach: 'chain', tokenField: 'token' },
  { call: userCalls.login, field: 'id', reach: 'entry' },
  { call: userCalls.aliLogin, field: 'id', reach: 'entry' },
  { call: userCalls.h5entry, field: 'id', reach: 'entry' },
  // a shop's public menu, asked for by the launch before it has a token (MENU-8)
  { call: storeCalls.publicProductTypes, field: 'shopId', reach: 'entry' },
];

const byUrl = new Map<string, ShopField[]>();
for (const f of SHOP_FIELDS) {
  if (f.reach === 'entry') continue;
  const url = API_BASE + f.call.path;
  byUrl.set(url, [...(byUrl.get(url) ?? []), f]);
}

const headerToken = (req: FastifyRequest): string | undefined => {
  const v = req.headers[HeaderNames.token];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * One hook for every route: a shop id in a request body must be the token's shop, or a shop of
 * the same chain where the call is chain-wide; anything else is refused before the handler runs,
 * so nothing changes.
 */
export function installShopScope(app: FastifyInstance, ctx: ServerContext): void {
  app.addHook('preHandler', async (request) => {
    const fields = byUrl.get(request.routeOptions.url ?? '');
    if (!fields) return;
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const f of fields) {
      const target = body[f.field];
      if (target === undefined || target === null) continue;
      const token = f.tokenField ? String(body[f.tokenField] ?? '') : headerToken(request);
      const session = await ctx.sessions.resolve(token);
      if (!session) throw new HttpError(401, 'loginExpired');
      await assertWithinReach(ctx, session.shopId, Number(target), f.reach as ShopReach);
    }
  });
}
