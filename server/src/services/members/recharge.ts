/**
 * Member top-up (MEMBER-4): pay rules (first-charge and regular), the top-up itself paid through a
 * payment provider (services/payments), and its settlement, which credits balance and gift amount exactly once.
 *
 * The server fixes the amounts when the top-up is created (the client names a rule or an amount and
 * never a gift). Settling is one transaction: the top-up moves from processing to success by a
 * conditional update (a repeated confirmation finds it settled and changes nothing), the card's row is
 * locked, balance/gift/points are credited, a `charge` transaction is written and the charge-present
 * coupons (P§3 type 20) are handed over.
 */
import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ActivityType, PayStatus, VipTransactionType } from '../../../../src/domain/enums';
import { chargePresents } from '../../../../src/domain/promotions/member-charge-present-coupon';
import { activityEligible } from '../../../../src/domain/promotions/filter';
import {
  RECHARGE_MIN_AMOUNT,
  applicableRechargeRules,
  parseRechargeAmount,
  presentForAmount,
  sortRechargeRules,
} from '../../../../src/domain/members/recharge';
import { toMemberInfo } from '../members-read';
import type { PayRule as WirePayRule, PayRulesRes, RechargeReq } from '../../../../src/api/contract/vip';
import type { PayStart } from '../../../../src/api/contract/shared-shapes';
import type { Activity, ActivityCoupon } from '../../../../src/domain/types';
import type { ServerContext } from '../../context';
import { startTrade } from '../payments/start';
import { paymentsOf } from '../../payments';
import type { Db, Tx } from '../../db/client';
import { balanceTransactions, members, pointTransactions, rechargeOrders } from '../../db/schema';
import type { StoredPayRule } from '../../db/schema/json';
import { fail } from '../../http/errors';
import type { MemberRow } from '../members-read';
import { assertShopOperating, paySettingOf } from '../shops';
import { memberById, requireMember, shopActivities, type MemberScope } from './common';
import { issueCoupons, type MemberCouponRow } from './coupons';

export type RechargeRow = typeof rechargeOrders.$inferSelect;

/** The source of the coupons a top-up earned (charge-present coupons), so charge success can list them. */
export const rechargeCouponSource = (rechargeId: number): string => `recharge:${rechargeId}`;

/** The smallest amount a member may type (the domain's rule, src/domain/members/recharge.ts). */
export { RECHARGE_MIN_AMOUNT };

const isFirstCharge = (m: MemberRow): boolean => m.isCharged === 0;

function assertRechargeOpen(scope: MemberScope): MemberRow {
  const member = requireMember(scope);
  if (scope.setting.isAllowRecharge === false) throw fail('functionClosed');
  return member;
}

/** The type-20 activities running now for this card (P§3 memberChargePresentCoupon). */
async function chargePresentActivities(db: Db | Tx, now: number, scope: MemberScope): Promise<Activity[]> {
  const rows = await shopActivities(db, scope.shop, [ActivityType.memberChargePresentCoupon]);
  const member = scope.member ? toMemberInfo(scope.member) : null;
  return rows
    .map((r) => r.data)
    .filter((a) => {
      // the order type plays no part in a top-up: test the activity against each one it names
      const ok = activityEligible(
        { ...a, orderType: 0 },
        { now, zone: scope.zone, orderType: 'takeaway', member },
      );
      return ok === true;
    });
}

/** Coupons a top-up of `charge` earns from the running charge-present activities. */
function presentsFor(acts: Activity[], charge: number): ActivityCoupon[] {
  return acts.flatMap((a) => chargePresents(a, charge) ?? []);
}

/**
 * The rules that apply to this card (src/domain/members/recharge.ts): regular rules always,
 * first-charge rules only while the card has never been charged. `isFirst` (the app's `is_first`)
 * narrows to one kind.
 */
function applicableRules(
  all: StoredPayRule[],
  member: MemberRow,
  isFirst: boolean | undefined,
): StoredPayRule[] {
  return applicableRechargeRules(all, isFirstCharge(member), isFirst);
}

/** vip/payRules (P§7 {is_first}). */
export async function payRules(
  ctx: ServerContext,
  scope: MemberScope,
  isFirst: boolean | undefined,
): Promise<PayRulesRes> {
  const member = assertRechargeOpen(scope);
  const acts = await chargePresentActivities(ctx.db, ctx.clock.now(), scope);
  const list: WirePayRule[] = sortRechargeRules(applicableRules(scope.shop.payRules ?? [], member, isFirst))
    .map((r) => {
      const coupons = presentsFor(acts, r.chargeAmount);
      return {
        id: r.id,
        chargeAmount: r.chargeAmount,
        presentAmount: r.presentAmount,
        isFirst: r.isFirst,
        ...(coupons.length ? { coupons } : {}),
      };
    });
  return { list, allowCustomAmount: true, minAmount: RECHARGE_MIN_AMOUNT };
}

/**
 * vip/recharge: a stopped shop answers 403 (C§8); the card, the recharge switch and the pay type
 * (store/vipChargePaySetting) are checked; the amounts come from the rule or the typed amount. The
 * answer starts the payment with the pay type's provider: wallet parameters (chat-app / payment-app)
 * or the provider's page (card / all-in-one) — see docs/members.md. Only the provider's signed
 * notification (or its answer to a query) credits the card.
 */
export async function createRecharge(
  ctx: ServerContext,
  scope: MemberScope,
  body: RechargeReq,
  abroad = false,
): Promise<{ row: RechargeRow; pay: PayStart }> {
  // a recharge has no order type: a stopped shop refuses it, except overseas (C§4)
  assertShopOperating(scope.shop, null, abroad);
  const member = assertRechargeOpen(scope);
  const setting = paySettingOf(scope.shop.vipChargePaySetting, paymentsOf(ctx).available);
  if (!setting.payTypes.includes(body.payType)) throw fail('noValidPayType');
  const rules = scope.shop.payRules ?? [];
  let charge: number;
  let present: number;
  let ruleId: number | null = null;
  let isFirst = false;
  if (body.ruleId !== undefined) {
    const rule = applicableRules(rules, member, undefined).find((r) => r.id === body.ruleId);
    if (!rule) throw fail('amountError');
    charge = rule.chargeAmount;
    present = rule.presentAmount;
    ruleId = rule.id;
    isFirst = rule.isFirst;
  } else {
    const amount = body.amount ?? 0;
    const decimals = scope.shop.settings.numberDecimals ?? 2;
    // places beyond the shop's and amounts under the minimum are refused (the contract already
    // refused 0 and negative amounts)
    if (!parseRechargeAmount(amount, decimals, RECHARGE_MIN_AMOUNT).ok) throw fail('amountError');
    // the gift of the largest applicable rule the typed amount reaches (first-charge rules while uncharged)
    const best = presentForAmount(rules, isFirstCharge(member), amount);
    charge = amount;
    present = best.present;
    ruleId = best.rule?.id ?? null;
    isFirst = best.rule?.isFirst ?? false;
  }
  // the top-up's own number; the provider trade gets its own (payments.trade_no)
  const tradeNo = `R${ctx.clock.now()}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
  const [row] = await ctx.db
    .insert(rechargeOrders)
    .values({
      memberId: member.id,
      shopId: scope.shop.id,
      userId: scope.userId,
      ruleId,
      isFirst: isFirst ? 1 : 0,
      chargeAmount: String(charge),
      presentAmount: String(present),
      payType: body.payType,
      tradeNo,
      payStatus: PayStatus.processing,
      createdAt: new Date(ctx.clock.now()),
    })
    .returning();
  const base = body.returnUrl ?? `${ctx.config.publicUrl}/#/pages/member/charge-success/index`;
  const pay = await startTrade(ctx, {
    purpose: 'recharge',
    rechargeId: row.id,
    payType: body.payType,
    amount: row.chargeAmount,
    description: `${scope.shop.name} top-up ${row.tradeNo}`,
    userId: scope.userId,
    returnUrl: `${base}${base.includes('?') ? '&' : '?'}rechargeId=${row.id}`,
  });
  return { row, pay };
}

/** The caller's own top-up, else notFound (nobody reads another member's top-up). */
export async function ownRecharge(
  ctx: ServerContext,
  scope: MemberScope,
  rechargeId: number,
): Promise<RechargeRow> {
  const member = requireMember(scope);
  const rows = await ctx.db
    .select()
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.id, rechargeId), eq(rechargeOrders.memberId, member.id)))
    .limit(1);
  if (!rows[0]) throw fail('notFound');
  return rows[0];
}

export interface SettleResult {
  row: RechargeRow;
  member: MemberRow;
  coupons: MemberCouponRow[];
  /** False when the top-up was already settled (or closed) before this call. */
  settledNow: boolean;
}

/**
 * Settles a paid top-up exactly once, inside the payment event's transaction. A first-charge gift
 * applies only if the card is still uncharged when the money arrives; otherwise the best regular
 * rule's gift applies. A top-up closed as failed or cancelled that is then paid (notifications out of
 * order) is credited too: the money arrived.
 */
export async function creditRecharge(
  tx: Tx,
  now: number,
  scope: MemberScope,
  rechargeId: number,
): Promise<SettleResult> {
    const taken = await tx
      .update(rechargeOrders)
      .set({ payStatus: PayStatus.success, settledAt: new Date(now) })
      .where(and(eq(rechargeOrders.id, rechargeId), inArray(rechargeOrders.payStatus, [PayStatus.processing, PayStatus.fail, PayStatus.cancel])))
      .returning();
    if (taken.length === 0) {
      const [row] = await tx.select().from(rechargeOrders).where(eq(rechargeOrders.id, rechargeId));
      return { row, member: await memberById(tx, row.memberId), coupons: [], settledNow: false };
    }
    const rec = taken[0];
    await tx.execute(sql`SELECT id FROM members WHERE id = ${rec.memberId} FOR UPDATE`);
    const card = await memberById(tx, rec.memberId);
    const charge = rec.chargeAmount;
    let present = rec.presentAmount;
    if (rec.isFirst === 1 && !isFirstCharge(card)) {
      const regular = (scope.shop.payRules ?? []).filter((r) => !r.isFirst);
      present = String(presentForAmount(regular, isFirstCharge(card), charge).present);
      await tx
        .update(rechargeOrders)
        .set({ presentAmount: present, isFirst: 0 })
        .where(eq(rechargeOrders.id, rec.id));
    }
    const [after] = await tx
      .update(members)
      .set({
        balance: sql`${members.balance} + ${charge}::numeric`,
        giftAmount: sql`${members.giftAmount} + ${present}::numeric`,
        points: sql`${members.points} + ${rec.presentPoints}`,
        isCharged: 1,
      })
      .where(eq(members.id, card.id))
      .returning();
    await tx.insert(balanceTransactions).values({
      memberId: card.id,
      shopId: rec.shopId,
      type: VipTransactionType.charge,
      amount: charge,
      giftAmount: present,
      balanceAfter: after.balance,
      giftAmountAfter: after.giftAmount,
      note: rec.tradeNo,
      createdAt: new Date(now),
    });
    if (rec.presentPoints > 0) {
      await tx.insert(pointTransactions).values({
        memberId: card.id,
        shopId: rec.shopId,
        type: VipTransactionType.add,
        points: String(rec.presentPoints),
        pointsAfter: after.points,
        note: rec.tradeNo,
        createdAt: new Date(now),
      });
    }
    const acts = await chargePresentActivities(tx, now, { ...scope, member: after });
    const coupons = await issueCoupons(tx, presentsFor(acts, Number(charge)), {
      member: after,
      shopId: rec.shopId,
      now,
      source: rechargeCouponSource(rec.id),
      zone: scope.zone,
    });
    const [row] = await tx.select().from(rechargeOrders).where(eq(rechargeOrders.id, rec.id));
    return { row, member: after, coupons, settledNow: true };
}

/** The provider reports a failed or closed payment: the top-up closes without money. */
export async function closeRecharge(
  tx: Tx,
  rechargeId: number,
  status: typeof PayStatus.fail | typeof PayStatus.cancel,
): Promise<void> {
  await tx
    .update(rechargeOrders)
    .set({ payStatus: status })
    .where(and(eq(rechargeOrders.id, rechargeId), eq(rechargeOrders.payStatus, PayStatus.processing)));
}
