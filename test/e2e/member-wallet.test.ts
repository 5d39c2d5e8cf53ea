/**
 * The member wallet screens end to end (MEMBER-4…6) in headless Chromium against the H5 build served
 * by the real server: the demo member tops up on the sandbox provider's cashier page and comes back
 * to charge success; the new balance and gift amount are on the card the member center reads and the
 * top-up is in the transactions; point history, limit cards and their uses, the chain's shops.
 *
 * The server's data directory is prepared before it starts: the demo data as the server loads it,
 * plus the demo member's earlier movements and limit cards (the demo has none of its own), written
 * at instants before the suites' clock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_MEMBER, DEMO_MEMBER_EMPTY, SHOP } from '../../server/src/demo/ids';
import { openDatabase } from '../../server/src/db/client';
import { seedDemoIfEmpty } from '../../server/src/db/seed';
import { eq } from 'drizzle-orm';
import { balanceTransactions, limitCardUses, limitCards, pointTransactions } from '../../server/src/db/schema';
import { instantMs, TEST_INSTANT } from '../support/clock';
import {
  amountOf,
  apiCall,
  e2eReady,
  launchBrowser,
  launch,
  newPhone,
  shot,
  startServer,
  tap,
  type,
  type RunningServer,
  VIEWPORT,
} from './harness';
import type { Browser, BrowserContext } from 'playwright-core';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;

jest.setTimeout(300_000);

const DAY = 86_400_000;
const NOW = instantMs(TEST_INSTANT);
const at = (daysAgo: number) => new Date(NOW - daysAgo * DAY);

/** Limit cards of the demo member: one in use, one used up, one expired. */
const CARDS = { bun: 0, soyMilk: 0, lemonTea: 0 };

/**
 * The demo data plus the demo member's history: opening balance 535 (gift 50) and a payment of 35 →
 * balance 500, gift 50 as the demo card has; points +300 → 1700, exchange −100 → 1600, +400 → 2000.
 */
async function prepareData(dir: string): Promise<void> {
  const database = await openDatabase(path.join(dir, 'db'));
  try {
    await seedDemoIfEmpty(database.db, { large: false });
    const db = database.db;
    // this history replaces the card's seeded opening entries
    await db.delete(balanceTransactions).where(eq(balanceTransactions.memberId, DEMO_MEMBER.id));
    await db.delete(pointTransactions).where(eq(pointTransactions.memberId, DEMO_MEMBER.id));
    await db.insert(balanceTransactions).values([
      { memberId: DEMO_MEMBER.id, shopId: SHOP.restaurant, type: 'initAmount', amount: '535', giftAmount: '50', balanceAfter: '535', giftAmountAfter: '50', createdAt: at(40) },
      { memberId: DEMO_MEMBER.id, shopId: SHOP.restaurant, type: 'consume', amount: '-35', giftAmount: '0', balanceAfter: '500', giftAmountAfter: '50', createdAt: at(12) },
    ]);
    await db.insert(pointTransactions).values([
      { memberId: DEMO_MEMBER.id, shopId: SHOP.restaurant, type: 'add', points: '300', pointsAfter: '1700', note: '消费得积分', createdAt: at(30) },
      { memberId: DEMO_MEMBER.id, shopId: SHOP.restaurant, type: 'exchange', points: '-100', pointsAfter: '1600', note: '兑换 满60减15券', createdAt: at(20) },
      { memberId: DEMO_MEMBER.id, shopId: SHOP.retail, type: 'add', points: '400', pointsAfter: '2000', note: '消费得积分', createdAt: at(3) },
    ]);
    const cards = await db
      .insert(limitCards)
      .values([
        { memberId: DEMO_MEMBER.id, shopId: SHOP.restaurant, productId: 10404, name: '小笼包 10 次卡', totalTimes: 10, usedTimes: 3, expiresAt: new Date(NOW + 300 * DAY) },
        { memberId: DEMO_MEMBER.id, shopId: SHOP.restaurant, productId: 10101, name: '现磨豆浆 5 次卡', totalTimes: 5, usedTimes: 5, expiresAt: null },
        { memberId: DEMO_MEMBER.id, shopId: SHOP.restaurant, productId: 10701, name: '冻柠檬茶 3 次卡', totalTimes: 3, usedTimes: 1, expiresAt: at(10) },
      ])
      .returning({ id: limitCards.id });
    [CARDS.bun, CARDS.soyMilk, CARDS.lemonTea] = cards.map((c) => c.id);
    await db.insert(limitCardUses).values([
      { limitCardId: CARDS.bun, memberId: DEMO_MEMBER.id, productId: 10404, times: 1, note: '堂食 A3', createdAt: at(25) },
      { limitCardId: CARDS.bun, memberId: DEMO_MEMBER.id, productId: 10404, times: 1, note: '堂食 A1', createdAt: at(9) },
      { limitCardId: CARDS.bun, memberId: DEMO_MEMBER.id, productId: 10404, times: 1, note: '外卖', createdAt: at(2) },
    ]);
  } finally {
    await database.close();
  }
}

/** H5 login by phone and SMS code (the development provider hands the code back to tests). */
async function loginAsDemoMember(page: Page, server: RunningServer, phone: string = DEMO_MEMBER.phone): Promise<void> {
  await launch(page, server.base, `id=${SHOP.restaurant}`);
  await page.locator('#home-takeaway').waitFor({ timeout: 30_000 });
  await page.goto(`${server.base}/#/pages/user/login`);
  await type(page, '#login-phone', phone);
  const sent = await apiCall(page, 'user/sendSmsCode', { phone, test: true });
  expect(sent).toMatchObject({ result: true });
  await type(page, '#login-code', String((sent.info as { testCode: string }).testCode));
  await tap(page, '#login-submit');
  await page.locator('#home-dine').waitFor({ timeout: 30_000 });
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
let memberState: StorageState | null = null;

/**
 * A phone signed in as the demo member: the first one logs in by SMS (a phone may ask for a code once
 * a minute), the next ones start with its stored token, as the same phone opened again would.
 */
async function memberPhone(browser: Browser, server: RunningServer): Promise<{ context: BrowserContext; page: Page }> {
  if (!memberState) {
    const phone = await newPhone(browser, server);
    await loginAsDemoMember(phone.page, server);
    memberState = await phone.context.storageState();
    return phone;
  }
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN', storageState: memberState });
  await context.clock.install({ time: server.now() });
  const page = await context.newPage();
  await launch(page, server.base, `id=${SHOP.restaurant}`);
  await page.locator('#home-dine').waitFor({ timeout: 30_000 });
  return { context, page };
}

/** The card as the member center reads it (store/vipInfo). */
async function card(page: Page): Promise<{ amount: number; giftAmount: number; points: number }> {
  const res = await apiCall(page, 'store/vipInfo', {});
  if (!res.result) throw new Error(`store/vipInfo failed: ${JSON.stringify(res)}`);
  return (res.info as { vipInfo: { amount: number; giftAmount: number; points: number } }).vipInfo;
}

const open = (page: Page, server: RunningServer, route: string) => page.goto(`${server.base}/#/pages/member/${route}`);

suite('member wallet screens in a browser', () => {
  const env = {} as { server: RunningServer; browser: Browser; dir: string };
  beforeAll(async () => {
    env.dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-wallet-'));
    await prepareData(env.dir);
    [env.server, env.browser] = await Promise.all([startServer({ DATA_DIR: env.dir }), launchBrowser()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
    if (env.dir) rmSync(env.dir, { recursive: true, force: true });
  });

  test('the demo member tops up 100 on the provider cashier: charge success, balance 600, gift 60, and the top-up in the transactions', async () => {
    const { context, page } = await memberPhone(env.browser, env.server);
    try {
      expect(await card(page)).toMatchObject({ amount: 500, giftAmount: 50 });

      await open(page, env.server, 'recharge');
      await page.locator('#rule-1').waitFor({ timeout: 30_000 });
      // a charged card: only the regular rules (100 → 10, 500 → 80), no first-charge rule
      expect(await page.locator('[id^="rule-"]').evaluateAll((els) => els.map((e) => e.id))).toEqual(['rule-1', 'rule-3', 'rule-custom']);
      expect(await page.locator('#rule-1').textContent()).toContain('送 ¥10.00');
      expect(await page.locator('#rule-3').textContent()).toContain('送 ¥80.00');
      // a browser pays on the provider's page (no host wallet, no card)
      expect(await page.locator('#pay-types [id^="pay-"]').evaluateAll((els) => els.map((e) => e.id))).toEqual(['pay-allinpay']);
      await shot(page, 'member-recharge');

      // an amount of one's own: 150 reaches the 100 rule → gift 10
      await tap(page, '#rule-custom');
      await type(page, '#recharge-amount', '150');
      await page.locator('#recharge-amount-hint', { hasText: '¥10.00' }).waitFor();
      expect(await page.locator('#recharge-amount-hint').textContent()).toBe('充 ¥150.00 可获赠 ¥10.00');
      await shot(page, 'member-recharge-custom');

      await tap(page, '#rule-1');
      expect(amountOf(await page.locator('#pay-amount').textContent())).toBe(100);
      // a double tap starts one top-up
      const started: string[] = [];
      page.on('request', (r) => {
        if (/\/vip\/recharge$/.test(r.url())) started.push(r.url());
      });
      await page.locator('#recharge-pay').dblclick();
      await page.waitForURL(/sandbox-pay\/checkout/, { timeout: 30_000 });
      await shot(page, 'member-recharge-provider');
      expect(started).toHaveLength(1);
      await page.click('#pay');

      // back from the cashier to charge success: paid 100, gift 10, balance 500 + 100 = 600
      await page.locator('#charge-success').waitFor({ timeout: 30_000 });
      expect(page.url()).toMatch(/#\/pages\/member\/charge-success\?rechargeId=\d+/);
      expect(amountOf(await page.locator('#charge-paid .figure-row__value').textContent())).toBe(100);
      expect(amountOf(await page.locator('#charge-gift .figure-row__value').textContent())).toBe(10);
      expect(amountOf(await page.locator('#charge-balance .figure-row__value').textContent())).toBe(600);
      // gift 50 + 10 = 60
      expect(amountOf(await page.locator('#charge-gift-balance .figure-row__value').textContent())).toBe(60);
      await shot(page, 'member-charge-success');
      expect(await card(page)).toMatchObject({ amount: 600, giftAmount: 60 });
      const topUps = await apiCall(page, 'vip/doc', { id: DEMO_MEMBER.id });
      expect((topUps.info as { total: number }).total).toBe(3);

      // the transactions: the top-up first, then the payment and the opening balance
      await tap(page, '#charge-doc');
      await page.locator('#doc-list').waitFor({ timeout: 30_000 });
      const rows = await page.locator('#doc-list .tx-row').evaluateAll((els) => els.map((e) => e.querySelector('.tx-row__type')?.textContent));
      expect(rows).toEqual(['充值', '消费', '期初余额']);
      expect(await page.locator('#doc-list .tx-row').first().locator('.tx-row__amount').textContent()).toBe('+¥100.00');
      expect(await page.locator('#doc-list .tx-row').nth(1).locator('.tx-row__amount').textContent()).toBe('-¥35.00');
      expect(amountOf(await page.locator('#wallet-figures .wallet-hero__figure').first().textContent())).toBe(600);
      await page.locator('#list-end', { hasText: '没有更多了' }).waitFor();
      await shot(page, 'member-doc');
    } finally {
      await context.close();
    }
  });

  test('point history, limit cards with their uses, and the chain shops', async () => {
    const { context, page } = await memberPhone(env.browser, env.server);
    try {

      await open(page, env.server, 'point-consume-list');
      await page.locator('#point-list').waitFor({ timeout: 30_000 });
      const points = await page.locator('#point-list .tx-row').evaluateAll((els) =>
        els.map((e) => [e.querySelector('.tx-row__type')?.textContent, e.querySelector('.signed')?.textContent]),
      );
      expect(points).toEqual([
        ['增加', '+400'],
        ['兑换', '-100'],
        ['增加', '+300'],
      ]);
      expect(await page.locator('#wallet-figures').textContent()).toContain('2000');
      await shot(page, 'member-point-consume-list');

      await open(page, env.server, 'limit-card');
      await page.locator('#limit-cards').waitFor({ timeout: 30_000 });
      expect(await page.locator(`#limit-card-${CARDS.bun} .limit-card__times`).textContent()).toBe('剩余 7 次');
      expect(await page.locator(`#limit-card-${CARDS.soyMilk} .limit-card__times`).textContent()).toBe('已用完');
      expect(await page.locator(`#limit-card-${CARDS.lemonTea} .limit-card__times`).textContent()).toBe('已过期');
      await shot(page, 'member-limit-card');

      await tap(page, `#limit-card-${CARDS.bun}`);
      await page.locator('#use-list').waitFor({ timeout: 30_000 });
      expect(await page.locator('#use-list .tx-row__type').allTextContents()).toEqual(['外卖', '堂食 A1', '堂食 A3']);
      await shot(page, 'member-limit-card-history');

      await open(page, env.server, 'store-list');
      await page.locator('#vip-shops').waitFor({ timeout: 30_000 });
      expect(await page.locator('[id^="vip-shop-"]').evaluateAll((els) => els.map((e) => e.id))).toEqual([`vip-shop-${SHOP.restaurant}`, `vip-shop-${SHOP.retail}`, `vip-shop-${SHOP.branch}`]);
      expect(await page.locator(`#vip-shop-${SHOP.restaurant}`).textContent()).toContain('当前门店');
      await shot(page, 'member-store-list');
      // tap → that shop: the app restarts there
      await tap(page, `#vip-shop-${SHOP.retail}`);
      await page.waitForURL(new RegExp(`id=${SHOP.retail}`), { timeout: 30_000 });
      await page.locator('#home-takeaway, #home-pickup, #home-dine').first().waitFor({ timeout: 30_000 });
      expect(await page.locator('body').textContent()).toContain('好味速食');
    } finally {
      await context.close();
    }
  });

  test('a never-charged card sees the first-charge amount marked with its gift and coupon; a wrong typed amount is explained', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await loginAsDemoMember(page, env.server, DEMO_MEMBER_EMPTY.phone);
      await open(page, env.server, 'recharge');
      await page.locator('#rule-2').waitFor({ timeout: 30_000 });
      // first-charge rule first (200 → 40), then 100 → 10 and 500 → 80
      expect(await page.locator('[id^="rule-"]').evaluateAll((els) => els.map((e) => e.id))).toEqual(['rule-2', 'rule-1', 'rule-3', 'rule-custom']);
      expect(await page.locator('#rule-2 .amount-tile__flag').textContent()).toBe('首充');
      expect(await page.locator('#rule-2 .amount-tile__gift').textContent()).toBe('送 ¥40.00');
      await page.locator('.first-hint').waitFor();
      await shot(page, 'member-recharge-first');
      await tap(page, '#rule-custom');
      await type(page, '#recharge-amount', '0.5');
      await page.locator('#recharge-amount-hint.amount-hint--error').waitFor();
      expect(await page.locator('#recharge-amount-hint').textContent()).toBe('请输入不少于 ¥1.00 的金额，最多 2 位小数');
    } finally {
      await context.close();
    }
  });

  test('a visitor opening the transactions is offered to become a member', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await launch(page, env.server.base, `id=${SHOP.restaurant}`);
      await page.locator('#home-takeaway').waitFor({ timeout: 30_000 });
      await open(page, env.server, 'doc');
      await page.locator('.empty-state', { hasText: '注册会员' }).waitFor({ timeout: 30_000 });
      await shot(page, 'member-doc-visitor');
      await open(page, env.server, 'recharge');
      await page.locator('.empty-state', { hasText: '注册会员' }).waitFor({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  });
});
