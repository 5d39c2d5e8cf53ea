import { idempotencyKeyOf } from '../http/idempotency-key';
import { onceByKey } from '../services/idempotency';
import type { FastifyInstance } from 'fastify';
import { orderCalls } from '../../../src/api/contract/order';
import type { ServerContext } from '../context';
import { registerCall } from '../http/call';
import { fail } from '../http/errors';
import { createOrder } from '../services/orders/create';
import { closeByUser, ownOrder, transition } from '../services/orders/lifecycle';
import {
  queryPayment,
  reportPayError,
  startPayment,
  statusRes,
  updateTradeNo,
} from '../services/orders/payment';
import { deliveryInfo, lastOrder, listOrders, orderDetail } from '../services/orders/read';
import { addEvent } from '../services/orders/lifecycle';
import { noteOrderChanged } from '../services/orders/changes';
import { chainShopIds } from '../services/shop-scope';

/** Order calls (C§7 order, SERVER-3): thin, every rule in services/orders. */
export function registerOrderRoutes(app: FastifyInstance, ctx: ServerContext): void {

  registerCall(app, ctx, orderCalls.confirm, async (c) => {
    const key = idempotencyKeyOf(c.request);
    return onceByKey(ctx, { userId: c.session.userId, call: orderCalls.confirm.path, key, body: c.body }, () =>
      createOrder(
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
  registerCall(app, ctx, orderCalls.list, async (c) => {
    // a shop's token lists that shop's orders; the chain's when asked (docs/decisions.md)
    const shopIds = c.body.scope === 'chain' ? await chainShopIds(ctx, c.session.shopId) : [c.session.shopId];
    return listOrders(ctx, c.session.userId, c.body, c.lang, shopIds);
  });
  registerCall(app, ctx, orderCalls.detail, async (c) =>
    orderDetail(ctx, c.session.userId, c.body.id, c.lang),
  );
  registerCall(app, ctx, orderCalls.last, async (c) =>
    lastOrder(ctx, c.session.userId, c.session.shopId, c.lang),
  );
  registerCall(app, ctx, orderCalls.close, async (c) =>
    statusRes(await closeByUser(ctx, c.session.userId, c.body.id)),
  );
  registerCall(app, ctx, orderCalls.confirmDelivered, async (c) => {
    const o = await ownOrder(ctx, c.session.userId, c.body.id);
    const row = await transition(
      ctx.db,
      o.id,
      'confirmDelivered',
      ctx.clock.now(),
      {},
      undefined,
      'received by the customer',
    );
    if (!row) throw fail('orderStatusInvalid');
    await noteOrderChanged(ctx, row.id);
    return statusRes(row);
  });
  registerCall(app, ctx, orderCalls.deliveryInfo, async (c) =>
    deliveryInfo(ctx, c.session.userId, c.body.orderNo),
  );
  registerCall(app, ctx, orderCalls.daySeq, async (c) => ({
    daySeq: (await ownOrder(ctx, c.session.userId, c.body.id)).daySeq,
  }));
  registerCall(app, ctx, orderCalls.sendProductOrderSuccess, async (c) => {
    const o = await ownOrder(ctx, c.session.userId, c.body.id);
    await addEvent(ctx.db, o.id, ctx.clock.now(), o.status, 'order placed message sent');
    return 'ok';
  });
  registerCall(app, ctx, orderCalls.pay, async (c) =>
    onceByKey(ctx, { userId: c.session.userId, call: orderCalls.pay.path, key: idempotencyKeyOf(c.request), body: c.body }, () =>
      startPayment(ctx, { userId: c.session.userId, userAgentType: c.userAgentType }, c.body),
    ),
  );
  registerCall(app, ctx, orderCalls.payQuery, async (c) => queryPayment(ctx, c.session.userId, c.body.id));
  registerCall(app, ctx, orderCalls.payErrorCallback, async (c) =>
    reportPayError(ctx, c.session.userId, c.body.id, c.body.payStatus, c.body.reason),
  );
  registerCall(app, ctx, orderCalls.updateTradeNo, async (c) => {
    await updateTradeNo(ctx, c.session.userId, c.body.id, c.body.tradeNo);
    return 'ok';
  });
}
