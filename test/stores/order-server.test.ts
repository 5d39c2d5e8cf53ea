/**
 * PRICE-10 end to end: the stores, talking to the real server (demo data on in-memory PGlite) through
 * `app.inject`, show a breakdown whose total the server accepts as `expectedTotal` — the app and the
 * server price the same cart alike.
 */
import { DEMO_MEMBER, RESTAURANT_PRODUCT as P, SHOP } from '../../server/src/demo/ids';
import { buildTestServer } from '../support/build-server';
import type { TestServer } from '../support/build-server';
import { buildStores } from '../support/store-factories';
import type { StoreFixture } from '../support/store-factories';
import { InjectTransport } from '../support/inject-transport';
import { eq } from 'drizzle-orm';
import { members, products } from '../../server/src/db/schema';
import { errorMessage } from '../../src/i18n';


let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  await server.reset();
});

/** The stores of a visitor of the demo restaurant, shop, menu and promotions loaded. */
async function visitor(orderType: 'dine' | 'takeaway'): Promise<StoreFixture> {
  const f = buildStores({ via: new InjectTransport(server), now: server.clock.now() });
  f.api.client.setToken(await server.login(SHOP.restaurant));
  f.session.setOrderType(orderType);
  expect(await f.shop.load(SHOP.restaurant)).toBe(true);
  await Promise.all([f.menu.load(SHOP.restaurant), f.member.load(), f.promotion.load()]);
  f.cart.open(SHOP.restaurant);
  return f;
}

/** The stores of the demo member (balance, points, coupons) in the demo restaurant. */
async function demoMember(orderType: 'dine' | 'takeaway'): Promise<StoreFixture> {
  const f = buildStores({ via: new InjectTransport(server), now: server.clock.now() });
  const token = await server.login(SHOP.restaurant);
  f.api.client.setToken(token);
  const session = await server.ctx.sessions.resolve(token);
  await server.db.update(members).set({ userId: session!.userId }).where(eq(members.id, DEMO_MEMBER.id));
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

/** A cart of a plain dish, a spec and a required taste. */
function fillCart(f: StoreFixture): void {
  const fish = f.menu.product(P.boiledFish)!;
  expect(f.cart.add(P.braisedPork, { quantity: 2 })).toBeNull();
  expect(f.cart.add(P.boiledFish, { specId: fish.specs![1].id, tastes: requiredTastes(f, P.boiledFish) })).toBeNull();
  expect(f.cart.add(P.mapoTofu, { tastes: requiredTastes(f, P.mapoTofu) })).toBeNull();
}

describe('the stores against the server (PRICE-10)', () => {
  it('places a dine-in order at the total the cart showed', async () => {
    const f = await visitor('dine');
    fillCart(f);
    f.checkout.setOrderInfo({ table: 'A1', people: 2 });
    const shown = f.checkout.breakdown!.amountToPay;
    f.orderConfirm.enterConfirm();
    const outcome = await f.orderConfirm.confirm();
    expect(outcome.status).toEqual('placed');
    expect(outcome.status === 'placed' ? outcome.order.total : null).toEqual(shown);
  });

  it('places a takeaway order at the total the cart showed, priced at the server distance', async () => {
    const f = await visitor('takeaway');
    const added = await f.addressEdit.add({
      name: 'Wang',
      phone: '13812345678',
      address: '1 Test Road',
      // about 1.1 km north of the restaurant: the first delivery tier
      addressGps: '31.2404,121.4737',
      isDefault: true,
    });
    expect(added.ok).toBe(true);
    fillCart(f);
    // the restaurant asks for name and phone on takeaway orders (nameAndPhoneRequiredByTakeaway)
    f.checkout.setOrderInfo({ username: 'Wang', userPhone: '13812345678' });
    const shown = f.checkout.breakdown!.amountToPay;
    f.orderConfirm.enterConfirm();
    const outcome = await f.orderConfirm.confirm();
    expect(outcome.status).toEqual('placed');
    expect(outcome.status === 'placed' ? outcome.order.total : null).toEqual(shown);
    expect(f.checkout.pricingInput?.distance).toEqual(1.112);
  });

  it('answers a replayed submission with the first order', async () => {
    const f = await visitor('dine');
    fillCart(f);
    f.checkout.setOrderInfo({ table: 'A1', people: 2 });
    f.orderConfirm.enterConfirm();
    const submission = f.orderConfirm.submission!;
    const key = f.orderConfirm.idempotencyKey!;
    const first = await f.api.order.confirm(submission, { idempotencyKey: key });
    const again = await f.api.order.confirm(submission, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
  });

  it('shows a server refusal with the values the server named (C§8): the sold-out dish by name', async () => {
    const f = await visitor('dine');
    expect(f.cart.add(P.braisedPork, { quantity: 1 })).toBeNull();
    f.checkout.setOrderInfo({ table: 'A1', people: 2 });
    // sold out after the menu was loaded: only the server knows
    await server.db.update(products).set({ stock: 0 }).where(eq(products.id, P.braisedPork));
    f.orderConfirm.enterConfirm();
    const outcome = await f.orderConfirm.confirm();
    expect(outcome.status).toBe('failed');
    const error = outcome.status === 'failed' ? outcome.error : null;
    const name = f.menu.product(P.braisedPork)!.name;
    expect(error).toEqual({ code: 'productSoldOut', params: { product: name } });
    expect(errorMessage(error!)).toBe(`商品${name}已售罄`);
  });

  it('places a dine-in order from an isAutoNumber link without a table (C§2, C§5)', async () => {
    const f = await visitor('dine');
    f.session.start({ id: String(SHOP.restaurant), isDine: '1', isAutoNumber: '1' });
    expect(f.session.isAutoNumber).toBe(true);
    expect(f.cart.add(P.braisedPork, { quantity: 1 })).toBeNull();
    f.orderConfirm.enterConfirm();
    expect(f.orderConfirm.validationErrors).toEqual([]);
    const outcome = await f.orderConfirm.confirm();
    expect(outcome.status).toBe('placed');
  });

  it('still asks for the table of a dine-in order without isAutoNumber', async () => {
    const f = await visitor('dine');
    expect(f.cart.add(P.braisedPork, { quantity: 1 })).toBeNull();
    f.orderConfirm.enterConfirm();
    const submission = { ...f.orderConfirm.submission! };
    const refused = await f.api.order.confirm(submission, { idempotencyKey: 'k-no-table' }).catch((e: { code: string }) => e.code);
    expect(refused).toBe('requiredTable');
  });

  it('places a second order in one session: the coupon the first one used is not picked again (P§4)', async () => {
    const f = await demoMember('dine');
    const order = async () => {
      fillCart(f);
      f.checkout.setOrderInfo({ table: 'A1', people: 2 });
      f.orderConfirm.enterConfirm();
      const coupon = f.checkout.selectedCouponId;
      const outcome = await f.orderConfirm.confirm();
      await f.order.accountRefresh;
      return { coupon, status: outcome.status, error: outcome.status === 'failed' ? outcome.error : null };
    };
    const first = await order();
    expect(first.coupon).not.toBeNull();
    const second = await order();
    expect(first.status).toEqual('placed');
    expect(second.status).toEqual('placed');
    expect(second.error).toEqual(null);
    expect(second.coupon).not.toEqual(first.coupon);
  });
});
