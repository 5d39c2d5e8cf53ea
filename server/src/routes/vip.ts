import { idempotencyKeyOf } from '../http/idempotency-key';
import { onceByKey } from '../services/idempotency';
import type { FastifyInstance } from 'fastify';
import { vipCalls } from '../../../src/api/contract/vip';
import { CouponState, PayStatus } from '../../../src/domain/enums';
import { NEED_REGISTER_IN_STORE_CODE } from '../../../src/domain/errors';
import type { Coupon } from '../../../src/domain/types';
import type { ServerContext } from '../context';
import { registerCall } from '../http/call';
import { fail } from '../http/errors';
import { API_BASE, HeaderNames } from '../../../src/api/contract/common';
import {
  assertFunctionOpen,
  inTransaction,
  memberInfoOf,
  memberScope,
  requireMember,
} from '../services/members/common';
import { couponOf } from '../services/members/coupons';
import { memberCouponsFrom } from '../services/members/coupons-by-source';
import { balanceDoc, pointDoc } from '../services/members/docs';
import {
  bind,
  bindOfficialAccount,
  checkCode,
  genVipToken,
  issueRegisterCoupons,
  memberNotifyInfo,
  register,
  registerCouponTemplates,
  updateMember,
  updatePayPassword,
  vipShopList,
} from '../services/members/members';
import { memberActivities } from '../services/members/promotions';
import {
  createRecharge,
  ownRecharge,
  payRules,
  rechargeCouponSource,
  type RechargeRow,
} from '../services/members/recharge';
import type { MemberScope } from '../services/members/common';
import { findMemberOfUser } from '../services/members-read';

/**
 * Member calls (P§7 vip/*, MEMBER-1…8). They run in their own plugin so that a "register in store"
 * failure can answer the code -1 the app's fast-bind dialog looks for (P§8).
 */
export async function registerVipRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await app.register(async (vip) => {
    vip.addHook('onSend', async (_request, _reply, payload) => {
      if (typeof payload !== 'string' || !payload.includes('"needRegisterInStore"')) return payload;
      const body = JSON.parse(payload) as { result?: boolean; code?: unknown; info?: unknown };
      if (body.result !== false || body.code !== 'needRegisterInStore') return payload;
      return JSON.stringify({
        ...body,
        code: NEED_REGISTER_IN_STORE_CODE,
        data: { errorCode: 'needRegisterInStore' },
      });
    });
    // a browser's device id is a visitor: no member card until an SMS login (user/h5Login)
    const cardCalls = new Set([API_BASE + vipCalls.register.path, API_BASE + vipCalls.bind.path]);
    vip.addHook('preHandler', async (request) => {
      if (!cardCalls.has(request.routeOptions.url ?? '')) return;
      const token = request.headers[HeaderNames.token];
      const session = await ctx.sessions.resolve(Array.isArray(token) ? token[0] : token);
      if (session?.visitor) throw fail('smsLoginRequired');
    });
    routes(vip, ctx);
  });
}

function routes(app: FastifyInstance, ctx: ServerContext): void {
  const scopeOf = (session: { userId: number; shopId: number }) => memberScope(ctx, session);
  const now = () => ctx.clock.now();

  registerCall(app, ctx, vipCalls.genVipToken, async (c) => genVipToken(ctx, await scopeOf(c.session)));

  // newcomer coupons a visitor would receive by registering (P§2 newcomer prompt)
  registerCall(app, ctx, vipCalls.registerCoupons, async (c) => {
    const scope = await scopeOf(c.session);
    assertFunctionOpen(scope);
    const templates = await registerCouponTemplates(ctx.db, scope.shop);
    const list: Coupon[] = templates.map((t) => {
      const { validDays, ...data } = t.data as typeof t.data & { nameEn?: string; descriptionEn?: string };
      const { nameEn, descriptionEn: _d, ...rest } = data;
      return {
        ...rest,
        id: t.id,
        name: c.lang === 'en' && nameEn ? nameEn : data.name,
        status: CouponState.normal,
        ...(validDays ? { validDays } : {}),
      };
    });
    return { list };
  });

  registerCall(app, ctx, vipCalls.getInfo, async (c) => {
    const scope = await scopeOf(c.session);
    assertFunctionOpen(scope);
    return {
      vipInfo: scope.member ? memberInfoOf(scope.member, scope.shop) : null,
      memberSetting: scope.setting,
      version: scope.shop.menuVersion,
    };
  });

  registerCall(app, ctx, vipCalls.register, async (c) => {
    const scope = await scopeOf(c.session);
    const { member } = await register(ctx, scope, c.body);
    return { vipInfo: memberInfoOf(member, scope.shop) };
  });

  registerCall(app, ctx, vipCalls.bind, async (c) => {
    const scope = await scopeOf(c.session);
    const member = await bind(ctx, scope, c.body);
    return { vipInfo: memberInfoOf(member, scope.shop) };
  });

  // the newcomer coupons, handed over once; later calls answer the ones received then
  registerCall(app, ctx, vipCalls.getRegisterCoupons, async (c) => {
    const scope = await scopeOf(c.session);
    const member = requireMember(scope);
    const issued = await inTransaction(ctx.db, (tx) => issueRegisterCoupons(tx, scope, member, now()));
    const rows =
      issued.length > 0
        ? issued
        : await memberCouponsFrom(ctx.db, member.id, 'register');
    return { list: rows.slice(0, 100).map((r) => couponOf(r, now(), scope.zone, c.lang)) };
  });

  registerCall(app, ctx, vipCalls.update, async (c) => {
    const scope = await scopeOf(c.session);
    return { vipInfo: memberInfoOf(await updateMember(ctx, scope, c.body), scope.shop) };
  });

  registerCall(app, ctx, vipCalls.doc, async (c) =>
    balanceDoc(ctx, await scopeOf(c.session), c.body.id, c.body.page, c.body.pageLimit, c.lang),
  );
  registerCall(app, ctx, vipCalls.pointDoc, async (c) =>
    pointDoc(ctx, await scopeOf(c.session), c.body.id, c.body.page, c.body.pageLimit, c.lang),
  );

  registerCall(app, ctx, vipCalls.payRules, async (c) => {
    const flag = c.body.is_first;
    return payRules(
      ctx,
      await scopeOf(c.session),
      flag === undefined ? undefined : flag === 1 || flag === true,
    );
  });

  registerCall(app, ctx, vipCalls.checkCode, async (c) => {
    await checkCode(ctx, await scopeOf(c.session), c.body.phone, c.body.code);
    return { valid: true as const };
  });

  registerCall(app, ctx, vipCalls.getVipShopList, async (c) => ({
    list: await vipShopList(ctx, await scopeOf(c.session), c.lang),
  }));

  registerCall(app, ctx, vipCalls.giftAmountRules, async (c) => {
    const scope = await scopeOf(c.session);
    assertFunctionOpen(scope);
    return { list: scope.shop.giftRules ?? [] };
  });

  registerCall(app, ctx, vipCalls.updatePayPassword, async (c) => {
    await updatePayPassword(ctx, await scopeOf(c.session), c.body);
    return 'ok';
  });

  registerCall(app, ctx, vipCalls.getMemberNotifyInfo, async (c) =>
    memberNotifyInfo(await scopeOf(c.session), c.lang),
  );

  registerCall(app, ctx, vipCalls.bindOfficialAccount, async (c) => {
    await bindOfficialAccount(ctx, await scopeOf(c.session), c.body.officialAccountOpenid);
    return 'ok';
  });

  registerCall(app, ctx, vipCalls.activities, async (c) => ({
    list: await memberActivities(ctx, await scopeOf(c.session), c.lang),
  }));

  registerCall(app, ctx, vipCalls.recharge, async (c) => {
    const scope = await scopeOf(c.session);
    const keyed = { userId: c.session.userId, call: vipCalls.recharge.path, key: idempotencyKeyOf(c.request), body: c.body };
    return onceByKey(ctx, keyed, async () => {
      const { row, pay } = await createRecharge(ctx, scope, c.body, c.abroad);
      return {
        rechargeId: row.id,
        chargeAmount: Number(row.chargeAmount),
        presentAmount: Number(row.presentAmount),
        pay,
      };
    });
  });

  const rechargeAnswer = async (scope: MemberScope, row: RechargeRow, coupons: Coupon[] = []) => {
    const shop = scope.shop;
    const card = await findMemberOfUser(ctx.db, scope.userId, shop.id, shop.chainId);
    return {
      payStatus: row.payStatus as PayStatus,
      vipInfo: memberInfoOf(card ?? requireMember(scope), shop),
      rechargeId: row.id,
      chargeAmount: Number(row.chargeAmount),
      presentAmount: Number(row.presentAmount),
      coupons,
    };
  };

  // the charge-success page reads the top-up (MEMBER-4 charge success)
  registerCall(app, ctx, vipCalls.rechargeQuery, async (c) => {
    const scope = await scopeOf(c.session);
    const row = await ownRecharge(ctx, scope, c.body.rechargeId);
    const coupons =
      row.payStatus === PayStatus.success
        ? (await memberCouponsFrom(ctx.db, row.memberId, rechargeCouponSource(row.id))).map((r) =>
            couponOf(r, now(), scope.zone, c.lang),
          )
        : [];
    return rechargeAnswer(scope, row, coupons);
  });
}
