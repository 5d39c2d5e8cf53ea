import type { FastifyInstance } from 'fastify';
import { multiOrderCalls } from '../../../src/api/contract/multi-order';
import type { ServerContext } from '../context';
import { registerCall } from '../http/call';
import { idempotencyKeyOf } from '../http/idempotency-key';
import { onceByKey } from '../services/idempotency';
import {
  confirmMulti,
  multiDetail,
  multiShopFacts,
  queryMultiPayment,
  startMultiPayment,
} from '../services/orders/multi';

/** Multi-shop orders (ORDER-10, C§2 multi-confirm / multi-success): thin, every rule in services/orders/multi. */
export function registerMultiOrderRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerCall(app, ctx, multiOrderCalls.shops, async (c) => ({
    shops: await multiShopFacts(ctx, { userId: c.session.userId, shopId: c.session.shopId, lang: c.lang, abroad: c.abroad }, c.body.carts),
  }));

  registerCall(app, ctx, multiOrderCalls.confirm, async (c) => {
    const key = idempotencyKeyOf(c.request);
    return onceByKey(ctx, { userId: c.session.userId, call: multiOrderCalls.confirm.path, key, body: c.body }, () =>
      confirmMulti(
        ctx,
        {
          userId: c.session.userId,
          shopId: c.session.shopId,
          lang: c.lang,
          abroad: c.abroad,
          userAgentType: c.userAgentType,
          idempotencyKey: key,
        },
        c.body,
      ),
    );
  });

  registerCall(app, ctx, multiOrderCalls.pay, async (c) =>
    onceByKey(ctx, { userId: c.session.userId, call: multiOrderCalls.pay.path, key: idempotencyKeyOf(c.request), body: c.body }, () =>
      startMultiPayment(ctx, { userId: c.session.userId, lang: c.lang }, c.body),
    ),
  );
  registerCall(app, ctx, multiOrderCalls.payQuery, async (c) => queryMultiPayment(ctx, c.session.userId, c.body.id, c.lang));
  registerCall(app, ctx, multiOrderCalls.detail, async (c) => multiDetail(ctx, c.session.userId, c.body.id, c.lang));
}
