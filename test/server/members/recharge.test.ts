import { eq } from 'drizzle-orm';
import { vipCalls } from '../../../src/api/contract/vip';
import type { PayStart } from '../../../src/api/contract/shared-shapes';
import { balanceTransactions, memberCoupons, payments, rechargeOrders } from '../../../server/src/db/schema';
import {
  COUPON_TEMPLATE,
  DEMO_MEMBER,
  DEMO_MEMBER_EMPTY,
  DEMO_USER,
  SHOP,
} from '../../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { paidNotification, postNotification, sandboxChoose } from '../../support/sandbox-provider';
import { cardOf, setMemberSetting, setShop } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(() => server.close());
beforeEach(() => server.reset());

/** 李四: a chain card that was never charged (balance 0, gift amount 0). */
const liToken = () => server.tokenFor(DEMO_USER.memberEmpty.id, SHOP.restaurant);
const zhangToken = () => server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);

async function topUp(token: string, body: Record<string, unknown>) {
  const res = await server.call(vipCalls.recharge, { payType: 'weixin', ...body }, { token });
  if (!res.ok) throw new Error(`recharge failed: ${res.code} ${res.info}`);
  return { created: res.info, paid: await payTopUp(token, res.info) };
}

/** The member pays a top-up on the sandbox provider's wallet; what charge success then reads. */
async function payTopUp(token: string, created: { rechargeId: number; pay: PayStart }, choice: 'pay' | 'fail' = 'pay') {
  const chosen = await sandboxChoose(server.app, created.pay, choice);
  if (chosen.status !== 200) throw new Error(`sandbox pay failed: ${JSON.stringify(chosen.body)}`);
  const q = await server.call(vipCalls.rechargeQuery, { rechargeId: created.rechargeId }, { token });
  if (!q.ok) throw new Error(q.info);
  return q.info;
}

describe('pay rules (MEMBER-4)', () => {
  test('a never-charged card sees the first-charge rule before the regular ones', async () => {
    const res = await server.call(vipCalls.payRules, {}, { token: await liToken() });
    expect(res.ok && res.info.list.map((r) => [r.id, r.isFirst])).toEqual([
      [2, true],
      [1, false],
      [3, false],
    ]);
  });

  test('is_first 1 narrows to the first-charge rules, with the charge-present coupon of ¥200', async () => {
    const res = await server.call(vipCalls.payRules, { is_first: 1 }, { token: await liToken() });
    expect(res.ok && res.info.list).toEqual([
      {
        id: 2,
        chargeAmount: 200,
        presentAmount: 40,
        isFirst: true,
        coupons: [
          {
            id: COUPON_TEMPLATE.chargePresent,
            name: '充值礼满60减15',
            reductionAmount: 15,
            minAmount: 60,
            quantity: 1,
          },
        ],
      },
    ]);
  });

  test('a charged card gets no first-charge rule', async () => {
    const res = await server.call(vipCalls.payRules, { is_first: 1 }, { token: await zhangToken() });
    expect(res.ok && res.info.list).toEqual([]);
  });

  test('a visitor asking for pay rules is told "Please register first"', async () => {
    const res = await server.call(vipCalls.payRules, {}, { token: await server.login(SHOP.restaurant) });
    expect(res.ok ? null : res.code).toBe('pleaseRegisterFirst');
  });
});

describe('recharge and its settlement (MEMBER-4)', () => {
  test('the first charge of 200 credits balance 200 and gift 40 and marks the card charged', async () => {
    const { created, paid } = await topUp(await liToken(), { ruleId: 2 });
    // first-charge rule: charge 200, present 40 → balance 0 + 200 = 200, gift 0 + 40 = 40
    expect(created.chargeAmount).toEqual(200);
    expect(created.presentAmount).toEqual(40);
    expect(created.pay.kind).toBe('wallet');
    expect(paid.payStatus).toBe(1);
    expect(paid.vipInfo).toMatchObject({ amount: 200, giftAmount: 40, isCharged: true });
  });

  test('the first charge writes one charge record the member doc shows', async () => {
    await topUp(await liToken(), { ruleId: 2 });
    const doc = await server.call(vipCalls.doc, { id: DEMO_MEMBER_EMPTY.id }, { token: await liToken() });
    if (!doc.ok) throw new Error(doc.info);
    expect(doc.info.total).toBe(1);
    // one movement: +200 balance, +40 gift; balance after 200, gift after 40
    expect(doc.info.list[0]).toMatchObject({
      type: 'charge',
      amount: 200,
      giftAmount: 40,
      balance: 200,
      giftAmountAfter: 40,
    });
  });

  test('the charge record names the shop in the language of the request', async () => {
    await topUp(await liToken(), { ruleId: 2 });
    const token = await liToken();
    const zh = await server.call(vipCalls.doc, { id: DEMO_MEMBER_EMPTY.id }, { token });
    const en = await server.call(vipCalls.doc, { id: DEMO_MEMBER_EMPTY.id }, { token, headers: { language: 'en' } });
    if (!zh.ok || !en.ok) throw new Error('doc failed');
    expect(zh.info.list[0].shopName).toEqual('沪味小馆（南京东路店）');
    expect(en.info.list[0].shopName).toEqual('Shanghai Bistro (East Nanjing Rd)');
  });

  test('a top-up of 200 earns the charge-present coupon (P§3 type 20, minChargeAmt 200)', async () => {
    const { paid } = await topUp(await liToken(), { ruleId: 2 });
    expect(paid.coupons?.map((c) => c.name)).toEqual(['充值礼满60减15']);
    const held = await server.db
      .select()
      .from(memberCoupons)
      .where(eq(memberCoupons.memberId, DEMO_MEMBER_EMPTY.id));
    expect(held.map((c) => c.templateId)).toEqual([COUPON_TEMPLATE.chargePresent]);
  });

  test('a regular charge after the first adds 100 and gift 10', async () => {
    const token = await liToken();
    await topUp(token, { ruleId: 2 });
    const { paid } = await topUp(token, { ruleId: 1 });
    // 200 + 100 = 300 balance; 40 + 10 = 50 gift
    expect(paid.vipInfo).toMatchObject({ amount: 300, giftAmount: 50 });
  });

  test('a regular charge of 500 on the demo card adds 500 and gift 80', async () => {
    const { paid } = await topUp(await zhangToken(), { ruleId: 3, payType: 'alipay' });
    // 500 + 500 = 1000 balance; 50 + 80 = 130 gift
    expect(paid.vipInfo).toMatchObject({ amount: 1000, giftAmount: 130 });
  });

  test('a typed amount of 150 earns the gift of the largest rule it reaches (100 → 10)', async () => {
    const { created, paid } = await topUp(await liToken(), { amount: 150 });
    // rules reached by 150: charge 100 get 10 (200 first / 500 not reached) → gift 10
    expect(created.presentAmount).toBe(10);
    expect(paid.vipInfo).toMatchObject({ amount: 150, giftAmount: 10 });
  });

  test('a typed amount of 250.5 on a first charge earns the first-charge gift 40', async () => {
    const { paid } = await topUp(await liToken(), { amount: 250.5 });
    // reached: 100 → 10 and first 200 → 40; the largest is 200 → gift 40; balance 250.5
    expect(paid.vipInfo).toMatchObject({ amount: 250.5, giftAmount: 40 });
  });

  test('a paid notification delivered again (same id and new ids, at once) settles once', async () => {
    const token = await liToken();
    const { created } = await topUp(token, { ruleId: 1 });
    const [trade] = await server.db.select().from(payments).where(eq(payments.rechargeId, created.rechargeId));
    const replay = paidNotification(trade, server.clock.now());
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => postNotification(server.app, 'sandbox', replay)),
      ...Array.from({ length: 5 }, () => postNotification(server.app, 'sandbox', paidNotification(trade, server.clock.now()))),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const again = await server.call(vipCalls.rechargeQuery, { rechargeId: created.rechargeId }, { token });
    // one credit only: 0 + 100 = 100, gift 0 + 10 = 10
    expect(again.ok && again.info.vipInfo).toMatchObject({ amount: 100, giftAmount: 10 });
    const records = await server.db
      .select()
      .from(balanceTransactions)
      .where(eq(balanceTransactions.memberId, DEMO_MEMBER_EMPTY.id));
    expect(records).toHaveLength(1);
  });

  test('two first-charge top-ups paid one after the other give the first-charge gift once', async () => {
    const token = await liToken();
    const a = await server.call(vipCalls.recharge, { ruleId: 2, payType: 'weixin' }, { token });
    const b = await server.call(vipCalls.recharge, { ruleId: 2, payType: 'weixin' }, { token });
    if (!a.ok || !b.ok) throw new Error('recharge failed');
    await payTopUp(token, a.info);
    const second = await payTopUp(token, b.info);
    // first: 200 + gift 40; second settles as a regular 200 (largest regular rule reached: 100 → 10)
    // balance 200 + 200 = 400, gift 40 + 10 = 50
    expect(second.vipInfo).toMatchObject({ amount: 400, giftAmount: 50 });
    expect(second.presentAmount).toBe(10);
  });

  test('a failed sandbox payment credits nothing', async () => {
    const token = await liToken();
    const res = await server.call(vipCalls.recharge, { ruleId: 1, payType: 'weixin' }, { token });
    if (!res.ok) throw new Error(res.info);
    const failed = await payTopUp(token, res.info, 'fail');
    // the provider closed the trade: its cashier no longer takes a payment for it
    expect((await sandboxChoose(server.app, res.info.pay, 'pay')).status).toBe(409);
    const late = await server.call(vipCalls.rechargeQuery, { rechargeId: res.info.rechargeId }, { token });
    expect(failed.payStatus).toBe(2);
    expect(late.ok && late.info.payStatus).toBe(2);
    expect((await cardOf(server, DEMO_MEMBER_EMPTY.id)).balance).toBe('0.0000');
  });

  test('the card provider answers a redirect to the provider page', async () => {
    await setShop(server, SHOP.restaurant, {
      vipChargePaySetting: {
        cash: false,
        vip: false,
        weixin: true,
        alipay: true,
        stripe: true,
        allinpay: true,
      },
    });
    const res = await server.call(
      vipCalls.recharge,
      { ruleId: 1, payType: 'stripe' },
      { token: await liToken() },
    );
    expect(res.ok && res.info.pay.kind).toBe('redirect');
  });

  test('rechargeQuery reads the top-up for the charge-success page', async () => {
    const token = await liToken();
    const { created } = await topUp(token, { ruleId: 2 });
    const res = await server.call(vipCalls.rechargeQuery, { rechargeId: created.rechargeId }, { token });
    expect(
      res.ok && [res.info.payStatus, res.info.chargeAmount, res.info.presentAmount, res.info.coupons?.length],
    ).toEqual([1, 200, 40, 1]);
  });

  test("a member cannot read or confirm another member's top-up", async () => {
    const { created } = await topUp(await liToken(), { ruleId: 1 });
    const res = await server.call(
      vipCalls.rechargeQuery,
      { rechargeId: created.rechargeId },
      { token: await zhangToken() },
    );
    expect(res.ok ? null : res.code).toBe('notFound');
  });
});

describe('recharge refusals', () => {
  test('a stopped shop refuses a recharge with HTTP 403 and records nothing', async () => {
    await setShop(server, SHOP.restaurant, { shopStatus: -1 });
    const res = await server.call(
      vipCalls.recharge,
      { ruleId: 1, payType: 'weixin' },
      { token: await liToken() },
    );
    expect(res.status).toBe(403);
    expect(await server.db.select().from(rechargeOrders)).toHaveLength(0);
  });

  test('overseas the shop status does not cover a recharge (C§4 "not overseas")', async () => {
    await setShop(server, SHOP.restaurant, { shopStatus: -1 });
    const res = await server.call(
      vipCalls.recharge,
      { ruleId: 1, payType: 'weixin' },
      { token: await liToken(), headers: { 'abroad-env': '1' } },
    );
    expect(res.status).toBe(200);
    expect(await server.db.select().from(rechargeOrders)).toHaveLength(1);
  });

  test('a first-charge rule on a charged card answers "Amount error"', async () => {
    const res = await server.call(
      vipCalls.recharge,
      { ruleId: 2, payType: 'weixin' },
      { token: await zhangToken(), headers: { language: 'en' } },
    );
    expect(res).toMatchObject({ ok: false, code: 'amountError', info: 'Amount error' });
  });

  test('an amount with more decimals than the shop uses answers "Amount error"', async () => {
    const res = await server.call(
      vipCalls.recharge,
      { amount: 10.005, payType: 'weixin' },
      { token: await liToken() },
    );
    expect(res.ok ? null : res.code).toBe('amountError');
  });

  test('a pay type the shop does not take for recharge answers "No valid pay type"', async () => {
    const res = await server.call(
      vipCalls.recharge,
      { ruleId: 1, payType: 'stripe' },
      { token: await liToken() },
    );
    expect(res.ok ? null : res.code).toBe('noValidPayType');
  });

  test('a rule and an amount together are a bad request', async () => {
    const res = await server.call(
      vipCalls.recharge,
      { ruleId: 1, amount: 100, payType: 'weixin' },
      { token: await liToken() },
    );
    expect(res.ok ? null : res.code).toBe('badRequest');
  });

  test('recharge switched off answers "Function Closed"', async () => {
    await setMemberSetting(server, SHOP.restaurant, { isAllowRecharge: false });
    const res = await server.call(
      vipCalls.recharge,
      { ruleId: 1, payType: 'weixin' },
      { token: await liToken() },
    );
    expect(res.ok ? null : res.code).toBe('functionClosed');
  });

  test('a visitor recharging is told "Please register first"', async () => {
    const res = await server.call(
      vipCalls.recharge,
      { ruleId: 1, payType: 'weixin' },
      { token: await server.login(SHOP.restaurant) },
    );
    expect(res.ok ? null : res.code).toBe('pleaseRegisterFirst');
  });
});

describe('transaction docs (MEMBER-5)', () => {
  test("vip/doc of another member's card answers notFound", async () => {
    const res = await server.call(vipCalls.doc, { id: DEMO_MEMBER.id }, { token: await liToken() });
    expect(res.ok ? null : res.code).toBe('notFound');
  });

  test('vip/doc pages newest first', async () => {
    const token = await liToken();
    await topUp(token, { ruleId: 2 });
    await topUp(token, { ruleId: 1 });
    await topUp(token, { ruleId: 3 });
    const page2 = await server.call(
      vipCalls.doc,
      { id: DEMO_MEMBER_EMPTY.id, page: 2, pageLimit: 2 },
      { token },
    );
    // newest first: 500, 100 on page 1; the first charge of 200 alone on page 2
    expect(page2.ok && [page2.info.total, page2.info.list.map((t) => t.amount)]).toEqual([3, [200]]);
  });
});
