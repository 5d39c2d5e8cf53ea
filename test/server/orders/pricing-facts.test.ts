/**
 * The facts pricing reads, the same on both sides (PRICE-10, PRICE-5): the member card's gift-balance
 * rules, the times red bag and the offers the customer accepts — the app's stores talking to the real
 * server through `app.inject`, and the server's own pricing of the submission.
 */
import { eq } from 'drizzle-orm';
import { orderCalls } from '../../../src/api/contract/order';
import { ActivityType } from '../../../src/domain/enums';
import { members, timesRedBagProgress } from '../../../server/src/db/schema';
import { ACTIVITY, DEMO_MEMBER, DEMO_USER, RESTAURANT_PRODUCT as P, SHOP } from '../../../server/src/demo/ids';
import { priceSubmission } from '../../../server/src/services/orders/create';
import { serverPerFile, type TestServer } from '../../support/build-server';
import { buildStores, type StoreFixture } from '../../support/store-factories';
import { failure, memberRow, orderRow, place, quote, selfPickup, stockOf, success, takeaway } from './helpers';
import { InjectTransport } from '../../support/inject-transport';


/** The demo restaurant's server, Monday 12:00 local (inside its hours), reset before each test. */
const serverOf = serverPerFile();
let server: TestServer;
beforeAll(() => {
  server = serverOf();
});

const memberToken = () => server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);

/** The demo member's stores on the chat-app mini program, ordering for pickup from the restaurant. */
async function memberStores(): Promise<StoreFixture> {
  const f = buildStores({ via: new InjectTransport(server), now: server.clock.now(), platform: 'weapp' });
  f.api.client.setToken(await memberToken());
  f.session.setOrderType('selfPickup');
  expect(await f.shop.load(SHOP.restaurant)).toBe(true);
  await Promise.all([f.menu.load(SHOP.restaurant), f.member.load(), f.promotion.load()]);
  f.cart.open(SHOP.restaurant);
  f.checkout.setOrderInfo({ pickerName: 'Zhang', pickerPhone: '13800000000' });
  return f;
}

const submitter = () => ({
  userId: DEMO_USER.member.id,
  shopId: SHOP.restaurant,
  lang: 'zh' as const,
  abroad: false,
  userAgentType: 51,
  idempotencyKey: null,
});

describe('the member card: gift balance (P§9)', () => {
  test('two braised pork for pickup by card: the app shows 60.00, what the server charges', async () => {
    // 2 × 48.00 = 96.00 → member price 42.00 × 2 = 84.00 (−12.00) → spend 50 less 5: 79.00 →
    // home-style dishes spend 60 less 8: 71.00 → auto coupon 10 off 50: 61.00; packaging 2 × 1.00
    // and dishware 2 × 1.00: total 65.00; the chain's gift rule "spend 50, use 5" takes 5.00 from
    // the gift balance: the card pays 60.00 (the app used to show 65.00 and be refused)
    const f = await memberStores();
    expect(f.cart.add(P.braisedPork, { quantity: 2 })).toBeNull();
    f.checkout.setPayType('vip');
    const b = f.checkout.breakdown!;
    expect(b.total).toEqual(65);
    expect(b.giftAmount).toEqual(5);
    expect(b.amountToPay).toEqual(60);
    f.orderConfirm.enterConfirm();
    const outcome = await f.orderConfirm.confirm({ payPassword: DEMO_MEMBER.payPassword });
    expect(outcome.status === 'placed' ? [outcome.order.total, outcome.order.needPay] : outcome).toEqual([60, false]);
    const card = await memberRow(server, DEMO_MEMBER.id);
    // the demo card held 500.00 balance and 50.00 gift: 500 − 60 = 440, 50 − 5 = 45
    expect(Number(card.balance)).toEqual(440);
    expect(Number(card.giftAmount)).toEqual(45);
  });

  test('a balance that covers the total after the gift deduction is enough', async () => {
    const f = await memberStores();
    expect(f.cart.add(P.braisedPork, { quantity: 2 })).toBeNull();
    f.checkout.setPayType('vip');
    const { total, amountToPay } = f.checkout.breakdown!;
    // a balance between what the card pays (total − 5.00 gift) and the total
    const balance = amountToPay + 1;
    expect(balance).toBeLessThan(total);
    await server.db.update(members).set({ balance: String(balance) }).where(eq(members.id, DEMO_MEMBER.id));
    await f.member.load();
    expect(f.orderConfirm.validationErrors).toEqual([]);
    f.orderConfirm.enterConfirm();
    const outcome = await f.orderConfirm.confirm({ payPassword: DEMO_MEMBER.payPassword });
    expect(outcome.status).toBe('placed');
  });
});

describe('accepted offers (PRICE-5)', () => {
  /** Enough goods to reach the ¥60 markup threshold: two braised pork. */
  const goods = [{ id: P.braisedPork, quantity: 2, flag: 'a' }];
  const markup = { activityId: ACTIVITY.markupRedemption, productId: P.cola, quantity: 1 };
  const pudding = { activityId: ACTIVITY.pointRedeem, productId: P.mangoPudding, quantity: 1 };

  test('the cola at ¥1 and the pudding for 500 points join the order, and the points leave the card', async () => {
    const token = await memberToken();
    const body = selfPickup({ products: goods, acceptedOffers: [markup, pudding] });
    const without = await quote(server, token, selfPickup({ products: goods }));
    const puddings = await stockOf(server, P.mangoPudding);
    const o = await place(server, token, body);
    // the cola adds its markup price 1.00; the pudding costs its points only (initPrice none)
    expect(o.total).toBe(without + 1);
    const row = await orderRow(server, o.id);
    expect(row.lines.filter((l) => l.flag.startsWith('offer_')).map((l) => [l.productId, l.quantity, l.price])).toEqual([
      [P.cola, 1, 1],
      [P.mangoPudding, 1, 0],
    ]);
    // 2000 points − 500 for the pudding; the pudding's stock (5 in the demo) gives one
    expect(Number((await memberRow(server, DEMO_MEMBER.id)).points)).toBe(1500);
    expect(puddings).toEqual(5);
    expect(await stockOf(server, P.mangoPudding)).toEqual(4);
  });

  test('an offer the order does not earn is refused', async () => {
    const token = await memberToken();
    // one braised pork (42.00 member price) stays under the ¥60 markup threshold
    const body = selfPickup({ acceptedOffers: [markup], expectedTotal: 100 });
    expect(failure(await server.call(orderCalls.confirm, body, { token })).code).toBe('couponActivityNotExist');
  });

  test('a visitor cannot take the points offer', async () => {
    const token = await server.login(SHOP.restaurant);
    const body = selfPickup({ products: goods, acceptedOffers: [pudding], expectedTotal: 100 });
    expect(failure(await server.call(orderCalls.confirm, body, { token })).code).toBe('couponActivityNotExist');
  });

  test('more units than the offer allows are refused', async () => {
    const token = await memberToken();
    const body = selfPickup({ products: goods, acceptedOffers: [{ ...markup, quantity: 2 }], expectedTotal: 100 });
    expect(failure(await server.call(orderCalls.confirm, body, { token })).code).toBe('exchangeSoldOut');
  });

  test('the app sends the offers it priced, and the server places the order at that total', async () => {
    const f = await memberStores();
    expect(f.cart.add(P.braisedPork, { quantity: 2 })).toBeNull();
    for (const o of f.checkout.breakdown!.offers) expect(f.checkout.acceptOffer(o, 1)).toBeNull();
    const shown = f.checkout.breakdown!.amountToPay;
    expect(f.orderConfirm.submission?.acceptedOffers).toEqual([markup, pudding].sort((a, b) => a.activityId - b.activityId));
    f.orderConfirm.enterConfirm();
    const outcome = await f.orderConfirm.confirm();
    expect(outcome.status === 'placed' ? outcome.order.total : outcome).toBe(shown);
  });
});

describe('times red bag through the engine (P§3 13)', () => {
  test('the order completing the round shows the red bag coupon on the app and on the server alike', async () => {
    // two counted orders of the three the demo red bag asks for: this one completes the round
    await server.db
      .insert(timesRedBagProgress)
      .values({ memberId: DEMO_MEMBER.id, activityId: ACTIVITY.timesRedBag, cumulativeQuantity: 2 });
    const f = await memberStores();
    expect(f.cart.add(P.braisedPork, { quantity: 1 })).toBeNull();
    f.checkout.setPayType('cash');
    const app = f.checkout.breakdown!;
    const s = f.orderConfirm.submission!;
    const priced = await priceSubmission(server.ctx, submitter(), s);
    const redBag = (gifts: typeof app.gifts) => gifts.filter((g) => g.activityType === ActivityType.timesRedBag);
    expect(redBag(app.gifts)).toHaveLength(1);
    expect(redBag(priced.breakdown.gifts)).toEqual(redBag(app.gifts));
    expect(priced.breakdown.appliedActivityIds).toEqual(app.appliedActivityIds);
  });

  test('an order under the red bag minimum (goods spent) is not counted when paid', async () => {
    const token = await memberToken();
    // four colas delivered: 4 × 6.00 = 24.00 of goods, under the activity's minAmount 30 (the
    // delivery minimum 20 is reached); with the fees the order's total passes 30, which is not spending
    const body = takeaway({ products: [{ id: P.cola, quantity: 4, flag: 'a' }] });
    const o = success(await server.call(orderCalls.confirm, { ...body, expectedTotal: await quote(server, token, body) }, { token }));
    expect(o.status).toBe('pending');
    expect(o.total).toBeGreaterThanOrEqual(30);
    const rows = await server.db.select().from(timesRedBagProgress).where(eq(timesRedBagProgress.memberId, DEMO_MEMBER.id));
    expect(rows).toEqual([]);
  });
});
