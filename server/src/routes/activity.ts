import { idempotencyKeyOf } from '../http/idempotency-key';
import { onceByKey } from '../services/idempotency';
import type { FastifyInstance } from 'fastify';
import { activityCalls } from '../../../src/api/contract/activity';
import type { ServerContext } from '../context';
import { registerCall } from '../http/call';
import { memberScope, requireMember } from '../services/members/common';
import { couponList, couponOf, couponsOfOrder } from '../services/members/coupons';
import { exchangeItem, pointStoreCouponDetail, pointStoreItems } from '../services/members/points-mall';
import {
  activityByCode,
  activityDetail,
  checkTimesRedBag,
  couponByLink,
  couponsByEntry,
  getTimesRedBag,
  listActivities,
  receiveExpandCoupon,
} from '../services/members/promotions';

/** Promotion calls (P§7 activity/*, PROMO-1…5, MEMBER-7). */
export function registerActivityRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const scopeOf = (session: { userId: number; shopId: number }) => memberScope(ctx, session);

  registerCall(app, ctx, activityCalls.list, async (c) => ({
    list: await listActivities(ctx, await scopeOf(c.session), c.lang),
  }));

  registerCall(app, ctx, activityCalls.detail, async (c) =>
    activityDetail(ctx, await scopeOf(c.session), c.body, c.lang),
  );

  registerCall(app, ctx, activityCalls.receiveExpandCoupon, async (c) => ({
    coupon: await receiveExpandCoupon(ctx, await scopeOf(c.session), c.body, c.lang),
  }));

  registerCall(app, ctx, activityCalls.couponList, async (c) => {
    const scope = await scopeOf(c.session);
    const member = requireMember(scope);
    return {
      list: await couponList(
        ctx.db,
        member,
        scope.shop,
        c.body.isAll,
        ctx.clock.now(),
        scope.zone,
        c.lang,
      ),
    };
  });

  registerCall(app, ctx, activityCalls.getCouponByLink, async (c) => ({
    coupon: await couponByLink(ctx, await scopeOf(c.session), c.body.id, c.lang),
  }));

  registerCall(app, ctx, activityCalls.getCouponByEntry, async (c) => ({
    list: await couponsByEntry(ctx, await scopeOf(c.session), c.lang),
  }));

  registerCall(app, ctx, activityCalls.getTimesRedBag, async (c) =>
    getTimesRedBag(ctx, await scopeOf(c.session), c.lang),
  );

  registerCall(app, ctx, activityCalls.checkTimesRedBag, async (c) =>
    checkTimesRedBag(ctx, await scopeOf(c.session), c.body.id, c.lang),
  );

  registerCall(app, ctx, activityCalls.checkOverSendCoupon, async (c) => {
    const scope = await scopeOf(c.session);
    const member = requireMember(scope);
    const rows = await couponsOfOrder(ctx.db, c.body.id, member);
    return { list: rows.map((r) => couponOf(r, ctx.clock.now(), scope.zone, c.lang)) };
  });

  registerCall(app, ctx, activityCalls.getPointExchangeStoreProducts, async (c) => ({
    list: await pointStoreItems(ctx, await scopeOf(c.session), c.lang),
  }));

  registerCall(app, ctx, activityCalls.pointStoreCouponDetail, async (c) =>
    pointStoreCouponDetail(ctx, await scopeOf(c.session), c.body.couponActivityId, c.lang),
  );

  registerCall(app, ctx, activityCalls.pointExchangeProduct, async (c) => {
    const scope = await scopeOf(c.session);
    const keyed = { userId: c.session.userId, call: activityCalls.pointExchangeProduct.path, key: idempotencyKeyOf(c.request), body: c.body };
    return onceByKey(ctx, keyed, () => exchangeItem(ctx, scope, c.body.activityId, c.body.memberId, c.lang));
  });

  registerCall(app, ctx, activityCalls.getActivityByCode, async (c) => ({
    activity: await activityByCode(ctx, await scopeOf(c.session), c.body.code, c.lang),
  }));
}
