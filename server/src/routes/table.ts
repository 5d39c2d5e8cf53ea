import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../../src/api/contract/common';
import { MESSAGE_CENTRE_BASE, messageCalls } from '../../../src/api/contract/message';
import { tableCalls } from '../../../src/api/contract/table';
import type { ServerContext } from '../context';
import { registerCall, type CallContext } from '../http/call';
import { idempotencyKeyOf } from '../http/idempotency-key';
import { onceByKey } from '../services/idempotency';
import { dinerOf, registerLiveChannel } from '../services/tables/live';
import {
  addProducts,
  canPay,
  cancelPay,
  confirmTable,
  getTableInfo,
  openTableByCode,
  refreshOrder,
  userOrders,
} from '../services/tables/orders';
import { cartOperate, cartSync } from '../services/tables/rooms';
import { TABLE_CODE_LIMITS, type CodeGuard } from '../services/tables/sessions';

const dinerFrom = (ctx: ServerContext, c: CallContext<{ nickName?: string; avatarUrl?: string }>) =>
  dinerOf(ctx, c.session.userId, c.body.nickName, c.body.avatarUrl);

/**
 * Open-table calls (C§7 table, ORDER-4), the message-centre calls of the shared cart (API-3, under the
 * consumer base and under their own base) and the live channel `ws/{roomId}` (TABLE-1). Identity is
 * the token's: the open ids a request names are not used to decide who acts.
 */
export async function registerTableRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // TABLE-7: wrong table codes, per customer (strict) and per address (a restaurant's shared Wi-Fi)
  const perCustomer = app.rateLimits.rule({ max: TABLE_CODE_LIMITS.perCustomer, timeWindow: TABLE_CODE_LIMITS.windowMs });
  const perAddress = app.rateLimits.rule({ max: TABLE_CODE_LIMITS.perAddress, timeWindow: TABLE_CODE_LIMITS.windowMs });
  const blocked = new Map<string, number>();
  app.rateLimits.track(blocked);
  const guardOf = (c: CallContext<unknown>): CodeGuard => ({
    blocked,
    customerKey: `table-code:user:${c.session.userId}`,
    addressKey: `table-code:ip:${c.request.ip}`,
    count: (which, key) => (which === 'customer' ? perCustomer : perAddress)(c.request, key),
  });

  registerCall(app, ctx, tableCalls.getTableInfo, async (c) =>
    getTableInfo(ctx, c.session.shopId, await dinerOf(ctx, c.session.userId), c.body, c.lang, guardOf(c)),
  );
  registerCall(app, ctx, tableCalls.order, async (c) =>
    openTableByCode(
      ctx,
      c.session.shopId,
      await dinerFrom(ctx, c),
      { tableId: c.body.tableId, person: c.body.person, ...(c.body.tableCode !== undefined ? { tableCode: c.body.tableCode } : {}) },
      c.lang,
      guardOf(c),
    ),
  );
  registerCall(app, ctx, tableCalls.userAddProducts, async (c) =>
    addProducts(ctx, c.session.shopId, await dinerFrom(ctx, c), { orderId: c.body.orderId, note: c.body.note }, c.lang),
  );
  registerCall(app, ctx, tableCalls.refreshOrder, async (c) => refreshOrder(ctx, c.session.shopId, c.session.userId, c.body.orderId, c.lang));
  registerCall(app, ctx, tableCalls.userOrders, async (c) => userOrders(ctx, c.session.shopId, c.session.userId, c.body.orderId));
  registerCall(app, ctx, tableCalls.canPay, async (c) =>
    canPay(ctx, c.session.shopId, await dinerOf(ctx, c.session.userId), c.body.orderId, c.lang),
  );
  registerCall(app, ctx, tableCalls.confirm, async (c) => {
    const who = {
      userId: c.session.userId,
      shopId: c.session.shopId,
      lang: c.lang,
      abroad: c.abroad,
      userAgentType: c.userAgentType,
      idempotencyKey: null,
    };
    const diner = await dinerOf(ctx, c.session.userId);
    return onceByKey(ctx, { userId: c.session.userId, call: tableCalls.confirm.path, key: idempotencyKeyOf(c.request), body: c.body }, () =>
      confirmTable(ctx, who, diner, c.body),
    );
  });
  registerCall(app, ctx, tableCalls.cancelPay, async (c) => {
    await cancelPay(ctx, c.session.shopId, await dinerOf(ctx, c.session.userId), c.body.orderId);
    return 'ok';
  });

  for (const base of [API_BASE, MESSAGE_CENTRE_BASE]) {
    registerCall(app, ctx, messageCalls.cartSync, async (c) => cartSync(ctx, c.session.shopId, c.session.userId, c.body.room, c.body.flag), base);
    registerCall(
      app,
      ctx,
      messageCalls.cartOperate,
      async (c) => cartOperate(ctx, c.session.shopId, await dinerOf(ctx, c.session.userId), c.body, c.lang),
      base,
    );
  }
  await registerLiveChannel(app, ctx);
}
