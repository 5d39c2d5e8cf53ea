/**
 * The wallet area's store (MEMBER-4…6): pay rules and the gift of each amount, the top-up paid through
 * the platform's payment (host wallet or provider page) and its settlement, the paged histories,
 * limit cards and the chain's shops — on a scripted transport, then against the real server with the
 * sandbox provider playing the wallet.
 */
import { ErrorCode } from '../../src/domain/errors';
import type { PlatformName, PlatformResult, WalletPayParams } from '../../src/platform/types';
import type { MemberSetting } from '../../src/domain/types';
import { MemberWalletStore } from '../../src/stores/areas/member-wallet';
import type { ShopSwitchResult } from '../../src/stores/shop';
import { ok, fail } from '../support/fakes';
import { NOON, buildStores, memberInfo, paySetting, type StoreFixture } from '../support/store-factories';
import { DEMO_MEMBER, DEMO_MEMBER_EMPTY, DEMO_USER, SHOP } from '../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../support/build-server';
import { InjectTransport } from '../support/inject-transport';
import { sandboxChoose } from '../support/sandbox-provider';

/** The demo chain's rules: charge 100 get 10; first charge 200 get 40; 500 get 80. */
const RULES = [
  { id: 2, chargeAmount: 200, presentAmount: 40, isFirst: true },
  { id: 1, chargeAmount: 100, presentAmount: 10, isFirst: false },
  { id: 3, chargeAmount: 500, presentAmount: 80, isFirst: false },
];
const REGULAR = RULES.filter((r) => !r.isFirst);

const walletStart = {
  kind: 'wallet',
  provider: 'weixin',
  tradeNo: 'R1',
  amount: 100,
  params: { timeStamp: '1700000000', nonceStr: 'n0nce', package: 'prepay_id=sbx_R1', signType: 'HMAC-SHA256', paySign: 'sig' },
};

type WalletAnswer = PlatformResult<void>;

interface Fixture {
  f: StoreFixture;
  wallet: MemberWalletStore;
  asked: WalletPayParams[];
  switched: Array<{ id: number; scoped: number }>;
}

/** The wallet store of a member (or a visitor with `card: null`) on a scripted transport. */
function build(
  opts: {
    platform?: PlatformName;
    card?: ReturnType<typeof memberInfo> & { isCharged?: boolean } | null;
    answer?: WalletAnswer;
    memberSetting?: MemberSetting;
  } = {},
): Fixture {
  const asked: WalletPayParams[] = [];
  const f = buildStores({
    platform: opts.platform ?? 'weapp',
    payment: {
      supported: true,
      async requestPayment(params) {
        asked.push(params);
        return opts.answer ?? { ok: true, value: undefined };
      },
    },
  });
  const card = opts.card === undefined ? { ...memberInfo({ id: 7, amount: 100, giftAmount: 5, points: 30 }), isCharged: true } : opts.card;
  f.transport.on('store/vipInfo', ok({ version: 1, unchanged: false, vipInfo: card, memberSetting: {}, levels: [] }));
  const switched: Fixture['switched'] = [];
  const shop = {
    numberDecimals: 2,
    memberSetting: opts.memberSetting ?? { chargeSlogan: '充值享好礼', isAllowRecharge: true },
    shopId: 1001,
    async switchShop(id: number, scoped: readonly unknown[] = []): Promise<ShopSwitchResult> {
      switched.push({ id, scoped: scoped.length });
      return { ok: true, changed: true };
    },
  };
  const wallet = new MemberWalletStore({
    api: f.api,
    platform: f.platform,
    member: f.member,
    shop,
    now: () => NOON,
    appUrl: (path) => `https://shop.example/#${path}`,
    sleep: async () => undefined,
  });
  return { f, wallet, asked, switched };
}

const calls = (f: StoreFixture, path: string) => f.transport.requests.filter((r) => r.url.endsWith(`/${path}`));

const query = (payStatus: 0 | 1 | 2 | 3, vip = memberInfo({ id: 7, amount: 100, giftAmount: 5, points: 30 })) => ({
  payStatus,
  vipInfo: { ...vip, isCharged: true },
  rechargeId: 41,
  chargeAmount: 100,
  presentAmount: 10,
});

describe('pay rules on the recharge screen (MEMBER-4)', () => {
  test('lists the first-charge rule first, chooses it, and offers the wallet of this host and the provider page', async () => {
    const { f, wallet } = build({ platform: 'weapp', card: { ...memberInfo({ id: 7 }), isCharged: false } });
    f.transport.on('vip/payRules', ok({ list: [RULES[2], RULES[1], RULES[0]], allowCustomAmount: true, minAmount: 1 }));
    f.transport.on('store/vipChargePaySetting', ok(paySetting(['weixin', 'alipay', 'allinpay'])));
    await wallet.loadRecharge();
    expect(wallet.rules.map((r) => r.id)).toEqual([2, 1, 3]);
    expect(wallet.choice).toEqual({ kind: 'rule', ruleId: 2 });
    expect(wallet.payTypes).toEqual(['weixin', 'allinpay']);
    expect(wallet.payType).toEqual('weixin');
    expect(wallet.chargeSlogan).toEqual('充值享好礼');
    // the first-charge rule: pay 200, gift 40
    expect(wallet.selection).toEqual({ ok: true, amount: 200, gift: 40, ruleId: 2, isFirst: true });
  });

  test('a browser offers only the provider page (no host wallet)', async () => {
    const { f, wallet } = build({ platform: 'h5' });
    f.transport.on('vip/payRules', ok({ list: REGULAR, allowCustomAmount: true, minAmount: 1 }));
    f.transport.on('store/vipChargePaySetting', ok(paySetting(['weixin', 'alipay', 'allinpay'])));
    await wallet.loadRecharge();
    expect(wallet.payTypes).toEqual(['allinpay']);
  });

  test('a typed 150 on a charged card previews the gift of the 100 rule: 10', async () => {
    const { f, wallet } = build();
    f.transport.on('vip/payRules', ok({ list: REGULAR, allowCustomAmount: true, minAmount: 1 }));
    f.transport.on('store/vipChargePaySetting', ok(paySetting(['weixin'])));
    await wallet.loadRecharge();
    wallet.setCustomText('150');
    // reached by 150: 100 → 10 (500 not reached)
    expect(wallet.choice).toEqual({ kind: 'custom' });
    expect(wallet.selection).toEqual({ ok: true, amount: 150, gift: 10, isFirst: false });
    expect(wallet.customGift).toEqual(10);
  });

  test('a typed 250.5 on a never-charged card previews the first-charge gift 40', async () => {
    const { f, wallet } = build({ card: { ...memberInfo({ id: 7 }), isCharged: false } });
    f.transport.on('vip/payRules', ok({ list: RULES, allowCustomAmount: true, minAmount: 1 }));
    f.transport.on('store/vipChargePaySetting', ok(paySetting(['weixin'])));
    await wallet.loadRecharge();
    wallet.setCustomText('250.5');
    // reached: 100 → 10 and first 200 → 40; the largest reached is 200 → 40
    expect(wallet.selection).toEqual({ ok: true, amount: 250.5, gift: 40, isFirst: true });
  });

  test('a typed amount with three decimals is refused before anything is sent', async () => {
    const { f, wallet } = build();
    f.transport.on('vip/payRules', ok({ list: REGULAR, allowCustomAmount: true, minAmount: 1 }));
    f.transport.on('store/vipChargePaySetting', ok(paySetting(['weixin'])));
    await wallet.loadRecharge();
    wallet.setCustomText('10.005');
    expect(await wallet.recharge()).toEqual({ status: 'invalid', error: { code: ErrorCode.amountError } });
    expect(calls(f, 'vip/recharge').length).toEqual(0);
  });

  test('a visitor is told to register first and no pay rules are asked for', async () => {
    const { f, wallet } = build({ card: null });
    await wallet.loadRecharge();
    expect(wallet.rechargeError).toEqual({ code: ErrorCode.pleaseRegisterFirst });
    expect(calls(f, 'vip/payRules').length).toEqual(0);
  });

  test('a shop without top-ups answers "Function Closed"', async () => {
    const { wallet } = build({ memberSetting: { isAllowRecharge: false } });
    await wallet.loadRecharge();
    expect(wallet.rechargeError).toEqual({ code: ErrorCode.functionClosed });
  });
});

describe('a top-up and its settlement (MEMBER-4)', () => {
  async function ready(fx: Fixture, list = REGULAR): Promise<void> {
    fx.f.transport.on('vip/payRules', ok({ list, allowCustomAmount: true, minAmount: 1 }));
    fx.f.transport.on('store/vipChargePaySetting', ok(paySetting(['weixin', 'allinpay'])));
    await fx.wallet.loadRecharge();
  }

  test('pays in the host wallet, asks until settled, and refreshes the card', async () => {
    const fx = build();
    await ready(fx);
    fx.f.transport.on('vip/recharge', ok({ rechargeId: 41, chargeAmount: 100, presentAmount: 10, pay: walletStart }));
    // the provider's settlement arrives on the second query: 100 + 100 = 200 balance, 5 + 10 = 15 gift
    fx.f.transport.on('vip/rechargeQuery', ok(query(0)), ok(query(1, memberInfo({ id: 7, amount: 200, giftAmount: 15, points: 30 }))));
    const outcome = await fx.wallet.recharge();
    expect(outcome).toEqual({ status: 'paid', rechargeId: 41 });
    expect(calls(fx.f, 'vip/recharge')[0].data).toEqual({ ruleId: 1, payType: 'weixin' });
    expect(fx.asked).toEqual([walletStart.params]);
    expect(calls(fx.f, 'vip/rechargeQuery').length).toBe(2);
    expect(fx.f.member.vipInfo?.amount).toEqual(200);
    expect(fx.f.member.vipInfo?.giftAmount).toEqual(15);
    expect(fx.wallet.resultStatus).toEqual('paid');
  });

  test('a payment the provider reports failed ends failed and credits nothing', async () => {
    const fx = build();
    await ready(fx);
    fx.f.transport.on('vip/recharge', ok({ rechargeId: 41, chargeAmount: 100, presentAmount: 10, pay: walletStart }));
    fx.f.transport.on('vip/rechargeQuery', ok(query(2)));
    expect(await fx.wallet.recharge()).toEqual({ status: 'failed', rechargeId: 41, error: { code: ErrorCode.paymentWrong } });
    expect(fx.f.member.vipInfo?.amount).toEqual(100);
    expect(fx.wallet.resultStatus).toEqual('failed');
  });

  test('a payment cancelled in the wallet ends cancelled without asking the server', async () => {
    const fx = build({ answer: { ok: false, code: ErrorCode.payCancelled, cancelled: true } });
    await ready(fx);
    fx.f.transport.on('vip/recharge', ok({ rechargeId: 41, chargeAmount: 100, presentAmount: 10, pay: walletStart }));
    expect(await fx.wallet.recharge()).toEqual({ status: 'cancelled', rechargeId: 41, error: { code: ErrorCode.payCancelled } });
    expect(calls(fx.f, 'vip/rechargeQuery')).toHaveLength(0);
  });

  test('a settlement that has not arrived after the attempts is "check whether paid"', async () => {
    const fx = build();
    await ready(fx);
    fx.f.transport.on('vip/recharge', ok({ rechargeId: 41, chargeAmount: 100, presentAmount: 10, pay: walletStart }));
    fx.f.transport.on('vip/rechargeQuery', ok(query(0)));
    expect(await fx.wallet.recharge()).toEqual({ status: 'processing', rechargeId: 41, error: { code: ErrorCode.checkWhetherPaid } });
    expect(calls(fx.f, 'vip/rechargeQuery').length).toBe(8);
  });

  test('the provider page in a browser gets the address of charge success to come back to', async () => {
    const fx = build({ platform: 'h5' });
    await ready(fx);
    fx.wallet.setCustomText('88.8');
    const url = 'https://shop.example/sandbox-pay/checkout/R9';
    fx.f.transport.on('vip/recharge', ok({ rechargeId: 9, chargeAmount: 88.8, presentAmount: 0, pay: { kind: 'redirect', provider: 'allinpay', tradeNo: 'R9', amount: 88.8, url } }));
    expect(await fx.wallet.recharge()).toEqual({ status: 'redirect', rechargeId: 9, url });
    expect(calls(fx.f, 'vip/recharge')[0].data).toEqual({
      amount: 88.8,
      payType: 'allinpay',
      returnUrl: 'https://shop.example/#/pages/member/charge-success',
    });
  });

  test('a second tap while the first top-up runs does nothing', async () => {
    const fx = build();
    await ready(fx);
    fx.f.transport.on('vip/recharge', ok({ rechargeId: 41, chargeAmount: 100, presentAmount: 10, pay: walletStart }));
    fx.f.transport.on('vip/rechargeQuery', ok(query(1)));
    const [first, second] = await Promise.all([fx.wallet.recharge(), fx.wallet.recharge()]);
    expect(first.status).toEqual('paid');
    expect(second.status).toEqual('busy');
    expect(calls(fx.f, 'vip/recharge').length).toEqual(1);
    expect(fx.wallet.paying).toEqual(false);
  });

  test("the server's refusal is passed on (a first-charge rule on a charged card: amountError)", async () => {
    const fx = build();
    await ready(fx, RULES);
    fx.f.transport.on('vip/recharge', fail('金额错误', 'amountError'));
    fx.wallet.selectRule(2);
    expect(await fx.wallet.recharge()).toEqual({ status: 'failed', error: { code: ErrorCode.amountError } });
  });
});

describe('histories, limit cards and shops (MEMBER-5, MEMBER-6)', () => {
  const tx = (id: number, amount: number) => ({
    id,
    type: amount >= 0 ? 'charge' : 'consume',
    amount,
    giftAmount: 0,
    points: 0,
    balance: 100,
    giftAmountAfter: 0,
    pointsAfter: null,
    time: NOON,
    orderNo: null,
    shopName: 'Noodle House',
    note: '',
  });

  test('vip/doc pages: 20 of 25, then the last 5; no more after that', async () => {
    const { f, wallet } = build();
    const page1 = Array.from({ length: 20 }, (_, i) => tx(100 - i, 10));
    const page2 = Array.from({ length: 5 }, (_, i) => tx(80 - i, -5));
    f.transport.on('vip/doc', ok({ list: page1, total: 25, page: 1, pageLimit: 20 }), ok({ list: page2, total: 25, page: 2, pageLimit: 20 }));
    await wallet.balanceDoc.load();
    expect(wallet.balanceDoc.items.length).toEqual(20);
    expect(wallet.balanceDoc.hasMore).toEqual(true);
    await wallet.balanceDoc.loadMore();
    expect(wallet.balanceDoc.items.length).toEqual(25);
    expect(wallet.balanceDoc.hasMore).toEqual(false);
    // the card's own id, page by page
    expect(calls(f, 'vip/doc').map((r) => r.data)).toEqual([
      { id: 7, page: 1, pageLimit: 20 },
      { id: 7, page: 2, pageLimit: 20 },
    ]);
  });

  test('pull-down refresh shows the first page again, newest first, and two pulls ask once', async () => {
    const { f, wallet } = build();
    f.transport.on('vip/doc', ok({ list: [tx(1, 10)], total: 1, page: 1, pageLimit: 20 }), ok({ list: [tx(2, 50), tx(1, 10)], total: 2, page: 1, pageLimit: 20 }));
    await wallet.balanceDoc.load();
    await Promise.all([wallet.balanceDoc.refresh(), wallet.balanceDoc.refresh()]);
    expect(wallet.balanceDoc.items.map((x) => x.id)).toEqual([2, 1]);
    expect(calls(f, 'vip/doc').length).toEqual(2);
  });

  test('a failed page keeps what was listed and offers the page again', async () => {
    const { f, wallet } = build();
    f.transport.on('vip/pointDoc', ok({ list: Array.from({ length: 20 }, (_, i) => ({ ...tx(50 - i, 0), points: 5 })), total: 30, page: 1, pageLimit: 20 }), fail('网络错误', 'networkError'));
    await wallet.pointDoc.load();
    await wallet.pointDoc.loadMore();
    expect(wallet.pointDoc.items.length).toEqual(20);
    expect(wallet.pointDoc.error).toEqual({ code: ErrorCode.networkError });
    expect(wallet.pointDoc.hasMore).toEqual(true);
  });

  test("a limit card's history asks for its product's uses of this member and keeps only this card's", async () => {
    const { f, wallet } = build();
    f.transport.on('store/limitCardList', ok({ list: [
      { id: 31, name: '洗剪吹 10 次卡', productId: 30201, totalTimes: 10, usedTimes: 3, remainingTimes: 7, expiresAt: NOON + 86_400_000 },
      { id: 32, name: '洗剪吹 5 次卡', productId: 30201, totalTimes: 5, usedTimes: 5, remainingTimes: 0, expiresAt: null },
    ] }));
    const use = (id: number, card: number) => ({ id, limitCardId: card, productId: 30201, times: 1, orderId: null, note: '', createdAt: NOON });
    f.transport.on('store/limitCardUseList', ok({ list: [use(3, 31), use(2, 32), use(1, 31)], total: 3, page: 1, pageLimit: 20 }));
    await wallet.openCardHistory(31);
    expect(calls(f, 'store/limitCardUseList')[0].data).toEqual({ productId: 30201, memberId: 7, page: 1, pageLimit: 20 });
    expect(wallet.historyCard?.name).toEqual('洗剪吹 10 次卡');
    expect(wallet.cardUses.items.map((u) => u.id)).toEqual([3, 1]);
    expect(wallet.cardUses.hasMore).toEqual(false);
    // 31: 7 times left, valid a day more; 32: used up
    expect(wallet.limitCards.map((c) => wallet.cardUsable(c))).toEqual([true, false]);
  });

  test("another shop of the chain: the session moves there with the card and the shop's coupons reset", async () => {
    const { f, wallet, switched } = build();
    f.transport.on('vip/getVipShopList', ok({ list: [
      { id: 1001, name: '沪味小馆', address: '南京东路 1 号', phone: '021-1', image: '' },
      { id: 1002, name: 'Good Taste', address: 'Orchard Rd', phone: '65-1', image: '' },
    ] }));
    await wallet.loadShops();
    expect(wallet.shops.map((s) => s.id)).toEqual([1001, 1002]);
    expect(wallet.currentShopId).toEqual(1001);
    expect(await wallet.openShop(1002)).toEqual({ ok: true, changed: true });
    expect(switched).toEqual([{ id: 1002, scoped: 1 }]);
  });
});

describe('the wallet against the server with the sandbox provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer();
  }, 60_000);
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  /** The wallet of a demo user on weapp whose wallet answers with the sandbox provider's choice. */
  async function onServer(userId: number, choice: 'pay' | 'fail' | 'cancel') {
    const f = buildStores({
      platform: 'weapp',
      via: new InjectTransport(server),
      now: server.clock.now(),
      payment: {
        supported: true,
        async requestPayment(params) {
          // the customer's answer in the wallet is the provider's side (its own endpoint)
          await sandboxChoose(server.app, { kind: 'wallet', provider: 'weixin', tradeNo: 'x', amount: 0, params: params as never }, choice);
          return choice === 'pay' ? { ok: true, value: undefined } : choice === 'cancel' ? { ok: false, code: ErrorCode.payCancelled, cancelled: true } : { ok: false, code: ErrorCode.paymentWrong };
        },
      },
    });
    f.api.client.setToken(await server.tokenFor(userId, SHOP.restaurant));
    expect(await f.shop.load(SHOP.restaurant)).toBe(true);
    const wallet = new MemberWalletStore({ api: f.api, platform: f.platform, member: f.member, shop: f.shop, now: () => server.clock.now(), sleep: async () => undefined });
    await wallet.loadRecharge();
    return { f, wallet };
  }

  test('a never-charged card pays the first-charge 200 and has balance 200, gift 40 and one charge record', async () => {
    const { f, wallet } = await onServer(DEMO_USER.memberEmpty.id, 'pay');
    expect(wallet.selection).toEqual({ ok: true, amount: 200, gift: 40, ruleId: 2, isFirst: true });
    expect(await wallet.recharge()).toMatchObject({ status: 'paid' });
    // 0 + 200 = 200 balance; 0 + 40 = 40 gift
    expect(f.member.vipInfo?.amount).toEqual(200);
    expect(f.member.vipInfo?.giftAmount).toEqual(40);
    expect(f.member.vipInfo?.isCharged).toEqual(true);
    await wallet.balanceDoc.load();
    expect(wallet.balanceDoc.items.map((t) => [t.type, t.amount, t.giftAmount, t.balance])).toEqual([['charge', 200, 40, 200]]);
    expect(f.member.vipInfo?.id).toBe(DEMO_MEMBER_EMPTY.id);
  });

  test('the demo card types 150 and gets gift 10: balance 650, gift 60', async () => {
    const { f, wallet } = await onServer(DEMO_USER.member.id, 'pay');
    wallet.setCustomText('150');
    expect(wallet.selection).toMatchObject({ ok: true, amount: 150, gift: 10 });
    expect(await wallet.recharge()).toMatchObject({ status: 'paid' });
    // 500 + 150 = 650 balance; 50 + 10 = 60 gift (the 100 rule reached)
    expect(f.member.vipInfo?.amount).toEqual(650);
    expect(f.member.vipInfo?.giftAmount).toEqual(60);
    expect(f.member.vipInfo?.id).toEqual(DEMO_MEMBER.id);
  });

  test('a payment the provider fails ends failed and the card keeps its balance', async () => {
    const { f, wallet } = await onServer(DEMO_USER.member.id, 'fail');
    wallet.selectRule(1);
    expect(await wallet.recharge()).toMatchObject({ status: 'failed', error: { code: ErrorCode.paymentWrong } });
    await f.member.load();
    expect(f.member.vipInfo?.amount).toBe(500);
  });

  test('a payment cancelled in the wallet closes the top-up without money', async () => {
    const { f, wallet } = await onServer(DEMO_USER.member.id, 'cancel');
    wallet.selectRule(1);
    const outcome = await wallet.recharge();
    expect(outcome).toMatchObject({ status: 'cancelled' });
    const id = outcome.status === 'cancelled' ? outcome.rechargeId : 0;
    // charge success then reads the top-up as closed (pay status 3)
    expect(await wallet.checkRecharge(id)).toMatchObject({ status: 'cancelled' });
    await f.member.load();
    expect(f.member.vipInfo?.amount).toBe(500);
  });
});
