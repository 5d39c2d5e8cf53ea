import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { refuseUnstorableText } from '../http/call';
import { HttpError } from '../http/errors';
import { MERCHANT_OPS, runMerchantOp, type MerchantOp } from '../services/orders/merchant';

/** Base path of the merchant admin API (SERVER-4). */
export const MERCHANT_BASE = '/merchant/';

const keyMatches = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The merchant admin API: POST /merchant/<operation> (orders, order/act, stock, shop/export,
 * shop/load, tables, refunds) with the `x-merchant-key` header equal to MERCHANT_KEY; not registered
 * at all when MERCHANT_KEY is unset. Answers `{result, info}` like the consumer API.
 */
export function registerMerchantRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const key = ctx.config.merchantKey;
  if (!key) return;
  for (const op of Object.keys(MERCHANT_OPS) as MerchantOp[]) {
    app.post(MERCHANT_BASE + op, { preValidation: refuseUnstorableText }, async (request: FastifyRequest, reply: FastifyReply) => {
      const given = request.headers['x-merchant-key'];
      if (typeof given !== 'string' || !keyMatches(given, key)) throw new HttpError(401, 'loginExpired');
      return reply.send({ result: true, info: await runMerchantOp(ctx, op, request.body) });
    });
  }
}
