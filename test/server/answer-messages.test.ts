/**
 * What customers read in `info`: every parameterised message arrives filled, a wrong spec or taste
 * says so (not "deleted"), and the member history names orders by the number customers see.
 */
import { eq } from 'drizzle-orm';
import { orderCalls } from '../../src/api/contract/order';
import { vipCalls } from '../../src/api/contract/vip';
import { ErrorCode } from '../../src/domain/errors';
import { zhCN } from '../../locales/zh-CN';
import { en } from '../../locales/en';
import { messages } from '../../server/src/i18n/messages';
import { orders } from '../../server/src/db/schema';
import { DEMO_MEMBER, DEMO_USER, MEMBER_COUPON, RESTAURANT_PRODUCT as P, SHOP } from '../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../support/build-server';
import { failure, place, selfPickup, success, takeaway } from './orders/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(() => server.close());
beforeEach(() => server.reset());

const placeholders = (text: string, re: RegExp): string[] => [...text.matchAll(re)].map((m) => m[1]).sort();
const errorsOf = (tree: unknown): Record<string, string> => (tree as { errors: Record<string, string> }).errors;

describe('parameterised messages', () => {
  // the domain fills messages with the locale's parameter names; the server table must use the same
  test('every server message names the same parameters as the app locale of its code', () => {
    const mismatched: string[] = [];
    for (const code of Object.values(ErrorCode)) {
      const m = messages[code];
      if (!m) continue;
      for (const [text, locale] of [
        [m.zh, errorsOf(zhCN)[code]],
        [m.en, errorsOf(en)[code]],
      ] as const) {
        if (locale === undefined) continue;
        const server = placeholders(text, /\{(\w+)\}/g);
        const app = placeholders(locale, /\{\{(\w+)\}\}/g);
        if (server.join() !== app.join()) mismatched.push(`${code}: server {${server}} app {${app}}`);
      }
    }
    expect(mismatched).toEqual([]);
  });

  const noPlaceholder = (info: string) => expect(info).not.toMatch(/\{\w*\}/);

  test.each([
    ['zh', '每单限购 2 份'],
    ['en', 'limit 2 per order'],
  ])('a purchase limit answers with the limit filled in (%s)', async (language, text) => {
    const token = await server.login(SHOP.restaurant);
    const crayfish = { id: P.crayfish, quantity: 3, flag: 'x', tastes: [{ id: 12, quantity: 1 }] };
    const f = failure(await server.call(orderCalls.confirm, { ...takeaway({ products: [crayfish] }), expectedTotal: 1 }, { token, headers: { language } }));
    expect(f.code).toBe('purchaseLimit');
    noPlaceholder(f.info);
    expect(f.info).toContain(text);
  });

  test('a minimum quantity answers with the minimum filled in', async () => {
    const token = await server.login(SHOP.restaurant);
    const body = takeaway({ products: [{ id: P.dumplings, quantity: 1, flag: 'x' }, { id: P.braisedPork, quantity: 1, flag: 'y' }] });
    const f = failure(await server.call(orderCalls.confirm, { ...body, expectedTotal: 1 }, { token }));
    expect(f.code).toBe('minPurchaseQuantity');
    noPlaceholder(f.info);
    expect(f.info).toContain('最少购买 2 份');
  });

  test('a coupon below its minimum amount answers with the minimum filled in', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    // member price 42 + packaging 1 + dishware 1 = 44, below the coupon's minimum of 50
    const body = selfPickup({ couponId: MEMBER_COUPON.amount });
    const f = failure(await server.call(orderCalls.confirm, { ...body, expectedTotal: 44 }, { token }));
    expect(f.code).toBe('couponAmountBelowMin');
    noPlaceholder(f.info);
    expect(f.info).toBe('订单金额未满 50');
  });
});

describe('a wrong spec or taste', () => {
  test('an unknown spec id says the spec is invalid', async () => {
    const token = await server.login(SHOP.restaurant);
    const body = takeaway({ products: [{ id: P.boiledFish, specId: 999999, quantity: 1, flag: 'x' }] });
    const f = failure(await server.call(orderCalls.confirm, { ...body, expectedTotal: 1 }, { token, headers: { language: 'en' } }));
    expect(f.code).toBe('specInvalid');
    expect(f.info).toMatch(/^The spec chosen for .+ is invalid/);
  });

  test('an unknown taste id says the taste is invalid', async () => {
    const token = await server.login(SHOP.restaurant);
    const body = takeaway({ products: [{ id: P.braisedPork, quantity: 1, flag: 'x', tastes: [{ id: 999999, quantity: 1 }] }] });
    const f = failure(await server.call(orderCalls.confirm, { ...body, expectedTotal: 1 }, { token }));
    expect(f.code).toBe('tasteInvalid');
    expect(f.info).toContain('口味选项无效');
  });
});

describe('vip/doc', () => {
  test('a card payment names the order by its order number, not its internal id', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const o = await place(server, token, selfPickup({ payType: 'vip', payPassword: DEMO_MEMBER.payPassword }));
    const [row] = await server.db.select().from(orders).where(eq(orders.id, o.id));
    const doc = success(await server.call(vipCalls.doc, { id: DEMO_MEMBER.id }, { token }));
    const entry = doc.list.find((e) => e.type === 'consume');
    expect(entry?.orderNo).toBe(row.orderNo);
    expect(entry?.orderNo).not.toBe(String(o.id));
  });
});
