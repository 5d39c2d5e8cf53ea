/**
 * Price parity (PRICE-10, PRICE-5): the app's stores — a real cart and order store wired as the app
 * wires them, their transport going to the real server through `app.inject` — and the server's
 * order/confirm price the same order alike, figure by figure and line by line, for visitors and a
 * member with balance, gift balance and points, for each pay type the platform offers, for takeaway,
 * self pickup and dine-in, with and without coupons, activities and accepted offers. The first
 * submit is never refused with amountError when nothing changed.
 */
import { sql } from 'drizzle-orm';
import type { OrderBreakdown, OrderDetail } from '../../../src/api/contract/order';
import type { Breakdown } from '../../../src/domain/pricing';
import type { OrderType, PayType } from '../../../src/domain/enums';
import { ACTIVITY, DEMO_MEMBER, DEMO_USER, RESTAURANT_PRODUCT as P, SHOP } from '../../../server/src/demo/ids';
import { giftFlag, toOrderBreakdown } from '../../../server/src/services/orders/breakdown';
import { serverPerFile, type TestServer } from '../../support/build-server';
import { buildStores, type StoreFixture } from '../../support/store-factories';
import { InjectTransport } from '../../support/inject-transport';


/** The demo restaurant's server, Monday 12:00 local (inside its hours), reset before each test. */
const serverOf = serverPerFile();
let server: TestServer;
beforeAll(() => {
  server = serverOf();
});

type Who = 'visitor' | 'member';

/** The stores of a customer of the demo restaurant on the chat-app mini program, everything loaded. */
async function customer(who: Who, orderType: OrderType): Promise<StoreFixture> {
  const f = buildStores({ via: new InjectTransport(server), now: server.clock.now(), platform: 'weapp' });
  f.api.client.setToken(
    who === 'member' ? await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant) : await server.login(SHOP.restaurant),
  );
  f.session.setOrderType(orderType);
  expect(await f.shop.load(SHOP.restaurant)).toBe(true);
  await Promise.all([f.menu.load(SHOP.restaurant), f.member.load(), f.promotion.load()]);
  f.cart.open(SHOP.restaurant);
  return f;
}

/** The first option of each required taste group of a product. */
function requiredTastes(f: StoreFixture, id: number): Array<{ id: number }> {
  return (f.menu.product(id)!.tastes ?? []).filter((g) => g.required).map((g) => ({ id: g.options[0].id }));
}

/**
 * A cart that meets the demo's activities: a member-price dish, a spec with a required taste, two
 * baskets of xiaolongbao (second item half price) and four beers (buy 3 get 1, a tax-included product).
 */
function fillCart(f: StoreFixture): void {
  const fish = f.menu.product(P.boiledFish)!;
  expect(f.cart.add(P.braisedPork, { quantity: 2 })).toBeNull();
  expect(f.cart.add(P.boiledFish, { specId: fish.specs![1].id, tastes: requiredTastes(f, P.boiledFish) })).toBeNull();
  expect(f.cart.add(P.xiaolongbao, { quantity: 2 })).toBeNull();
  expect(f.cart.add(P.beer, { quantity: 4 })).toBeNull();
}

/** What each order type asks the customer for (C§5 required fields). */
async function fillOrderForm(f: StoreFixture, orderType: OrderType): Promise<void> {
  if (orderType === 'takeaway') {
    const added = await f.addressEdit.add({
      name: 'Wang',
      phone: '13812345678',
      address: '1 Test Road',
      // about 1.1 km north of the restaurant: the first delivery tier
      addressGps: '31.2404,121.4737',
      isDefault: true,
    });
    expect(added.ok).toBe(true);
    f.checkout.setOrderInfo({ username: 'Wang', userPhone: '13812345678' });
  } else if (orderType === 'selfPickup') {
    f.checkout.setOrderInfo({ pickerName: 'Wang', pickerPhone: '13812345678' });
  } else {
    f.checkout.setOrderInfo({ table: 'A1', people: 2 });
  }
}

/**
 * Turns every activity of the demo off for the "without activities" rows: the status column (the
 * order service's filter) and the activity's own status (activity/list's) alike.
 */
async function withoutActivities(): Promise<void> {
  await server.db.execute(sql`UPDATE activities SET status = 0, data = jsonb_set(data, '{status}', '0')`);
  server.ctx.shopCache.clear();
}

/** The figures of the app's breakdown in the contract's shape, and its lines. */
function appFigures(f: StoreFixture): { breakdown: OrderBreakdown; lines: LineFigures[] } {
  const b = f.checkout.breakdown!;
  return { breakdown: toOrderBreakdown(b, f.promotion.activities), lines: linesOf(b) };
}

interface LineFigures {
  flag: string;
  productId: number;
  quantity: number;
  price: number;
  amount: number;
  discountAmount: number;
}

const linesOf = (b: Breakdown): LineFigures[] => [
  ...b.lines
    .filter((l) => l.quantity > 0)
    .map((l) => ({
      flag: l.flag,
      productId: l.productId,
      quantity: l.quantity,
      price: l.unitPrice,
      amount: l.lineAmount,
      discountAmount: Math.round((l.lineAmount - l.finalAmount) * 100) / 100,
    })),
  // PRICE-11: the free products the engine gives are lines of the order at price 0
  ...b.gifts
    .filter((g) => g.kind === 'product' && g.productId !== undefined && g.quantity > 0)
    .map((g) => ({ flag: giftFlag(g.activityId, g.productId!), productId: g.productId!, quantity: g.quantity, price: 0, amount: 0, discountAmount: 0 })),
];

/** The server's figures of a placed order (order/detail): the breakdown and the priced lines. */
function serverFigures(d: OrderDetail): { breakdown: OrderBreakdown; lines: LineFigures[] } {
  const breakdown: OrderBreakdown = {
    goodsAmount: d.goodsAmount,
    deliveryFee: d.deliveryFee,
    packFee: d.packFee,
    dishwareAmount: d.dishwareAmount,
    serviceCharge: d.serviceCharge,
    tableFee: d.tableFee,
    taxAmount: d.taxAmount,
    roundingAmount: d.roundingAmount,
    couponAmount: d.couponAmount,
    pointsDeduction: d.pointsDeduction,
    pointsUsed: d.pointsUsed,
    vipDiscount: d.vipDiscount,
    discountAmount: d.discountAmount,
    total: d.total,
    adjustments: d.adjustments,
    ...(d.gifts ? { gifts: d.gifts } : {}),
  };
  const lines = d.lines.map((l) => ({
    flag: l.flag,
    productId: l.productId,
    quantity: l.quantity,
    price: l.price,
    amount: l.amount,
    discountAmount: l.discountAmount,
  }));
  return { breakdown, lines };
}

/** Adjustment rows without their display name (the app's activity list is in the customer's language). */
const unnamed = (b: OrderBreakdown) => ({
  ...b,
  adjustments: b.adjustments.map(({ name: _name, ...rest }) => rest),
  // the free products must match; coupons given are handed over when paid (earnedCoupons), not compared here
  gifts: (b.gifts ?? []).filter((g) => g.kind === 'product'),
});

interface Variant {
  name: string;
  activities: boolean;
  coupons: boolean;
  offers: boolean;
  points: boolean;
}

const VARIANTS: Variant[] = [
  { name: 'no activities, no coupon, no offer', activities: false, coupons: false, offers: false, points: false },
  { name: 'activities, no coupon, no offer', activities: true, coupons: false, offers: false, points: false },
  { name: 'activities, coupon, accepted offers and points', activities: true, coupons: true, offers: true, points: true },
];

/** Pay types the restaurant allows on the chat-app mini program; the card for its member only. */
const PAY_TYPES: Record<Who, PayType[]> = {
  visitor: ['cash', 'weixin', 'allinpay'],
  member: ['cash', 'weixin', 'allinpay', 'vip'],
};
const ORDER_TYPES: OrderType[] = ['takeaway', 'selfPickup', 'dine'];

const MATRIX: Array<[string, Who, PayType, OrderType, Variant]> = [];
for (const v of VARIANTS)
  for (const who of ['visitor', 'member'] as Who[])
    for (const pay of PAY_TYPES[who])
      for (const type of ORDER_TYPES) MATRIX.push([`${who} · ${pay} · ${type} · ${v.name}`, who, pay, type, v]);

describe('the app and the server price an order alike', () => {
  test.each(MATRIX)('%s', async (_name, who, payType, orderType, v) => {
    if (!v.activities) await withoutActivities();
    const f = await customer(who, orderType);
    fillCart(f);
    await fillOrderForm(f, orderType);
    f.checkout.setPayType(payType);
    if (!v.coupons) expect(f.checkout.chooseCoupon(null)).toBeNull();
    if (v.points) f.checkout.setUsePoints(true);
    if (v.offers) {
      const offers = f.checkout.breakdown!.offers;
      // the cart reaches the ¥60 markup threshold; the member's 2000 points reach the pudding's 500
      expect(offers.map((o) => o.activityId).sort()).toEqual(
        who === 'member' ? [ACTIVITY.markupRedemption, ACTIVITY.pointRedeem].sort() : [ACTIVITY.markupRedemption],
      );
      for (const o of offers) expect(f.checkout.acceptOffer(o, 1)).toBeNull();
    }
    const shown = appFigures(f);
    if (v.activities) expect(f.checkout.breakdown!.appliedActivityIds.length).toBeGreaterThan(0);
    if (v.coupons && who === 'member') expect(f.checkout.selectedCouponId).not.toBeNull();

    f.orderConfirm.enterConfirm();
    const outcome = await f.orderConfirm.confirm(payType === 'vip' ? { payPassword: DEMO_MEMBER.payPassword } : {});
    // the first submit is accepted at the total shown: never amountError when nothing changed
    expect(outcome.status === 'placed' ? outcome.order.total : outcome).toBe(shown.breakdown.total);
    if (outcome.status !== 'placed') return;

    const detail = await f.api.order.detail({ id: outcome.order.id });
    const placed = serverFigures(detail);
    expect(unnamed(placed.breakdown)).toEqual(unnamed(shown.breakdown));
    expect(placed.lines).toEqual(shown.lines);
  });
});
