/**
 * The cart's side of three ordering breaks: set meals checked with store/comboCheck before confirm
 * (ORDER-12), gifts and offers in the cart's breakdown and submission (PRICE-11, PRICE-5), and the
 * fast-food shop closed for takeaway that offers dine-in (C§4).
 */
import { ErrorCode } from '../../src/domain/errors';
import { ok } from '../support/fakes';
import { NOON, buildStores, product, readyToOrder } from '../support/store-factories';

const HOUR = 60 * 60 * 1000;
const inStock = ok({ id: null, name: null, stock: null });
const cola = product({ id: 5, name: 'Cola', price: 6 });
const tea = product({ id: 6, name: 'Lemon tea', price: 12 });
const noodles = product({ id: 1, name: 'Beef noodles', price: 20 });
const set = product({
  id: 9,
  name: 'Noodle set',
  price: 30,
  mealset: [{ id: 70, name: 'Drink', required: 1, items: [{ id: 5, name: 'Cola', price: 0 }, { id: 6, name: 'Lemon tea', price: 0 }] }],
});
const drink = (id: number) => ({ mealset: [{ groupId: 70, id }] });

describe('ORDER-12: set meals before confirm', () => {
  it('asks store/comboCheck, names the sold-out item and takes the set out of the cart', async () => {
    const f = buildStores();
    f.session.setOrderType('dine');
    await readyToOrder(f, [noodles, set, cola, tea]);
    f.cart.add(1);
    expect(f.cart.add(9, drink(5))).toBeNull();
    f.transport.on('store/comboCheck', ok({ id: 9, offline: false, saleOut: true, deleted: false, items: [{ id: 5, offline: false, saleOut: true, deleted: false }] }));
    const step = await f.checkout.checkout();
    const asked = f.transport.requests.filter((r) => r.url.endsWith('/store/comboCheck')).map((r) => r.data);
    expect(step).toEqual({ step: 'stockShortage', product: 'Cola', error: { code: ErrorCode.productSoldOut, params: { product: 'Cola' } } });
    expect(asked).toEqual([{ productId: 9, isNewVersion: true }]);
    expect(f.cart.lines.map((l) => l.id)).toEqual([1]);
  });

  it('names an offline item with the offline message', async () => {
    const f = buildStores();
    f.session.setOrderType('dine');
    await readyToOrder(f, [set, cola, tea]);
    f.cart.add(9, drink(6));
    f.transport.on('store/comboCheck', ok({ id: 9, offline: true, saleOut: false, deleted: false, items: [{ id: 6, offline: true, saleOut: false, deleted: false }] }));
    const step = await f.checkout.checkout();
    expect(step).toMatchObject({ step: 'stockShortage', error: { code: ErrorCode.productOffline, params: { product: 'Lemon tea' } } });
  });

  it('keeps a set whose unavailable item is not the one chosen, and checks the chosen item’s stock', async () => {
    const f = buildStores();
    f.session.setOrderType('dine');
    await readyToOrder(f, [set, cola, tea]);
    f.cart.add(9, { ...drink(6), quantity: 2 });
    f.transport.on('store/comboCheck', ok({ id: 9, offline: false, saleOut: true, deleted: false, items: [{ id: 5, offline: false, saleOut: true, deleted: false }] }));
    f.transport.on('store/checkStock', inStock);
    const step = await f.checkout.checkout();
    // two sets take two lemon teas besides the two sets themselves
    expect(step.step).toEqual('confirm');
    expect(f.transport.last?.data).toEqual({ products: [{ id: 9, quantity: 2 }, { id: 6, quantity: 2 }] });
  });

  it('keeps only the whole sets the item’s stock covers after a shortfall', async () => {
    const f = buildStores();
    f.session.setOrderType('dine');
    await readyToOrder(f, [set, cola, tea]);
    f.cart.add(9, { ...drink(5), quantity: 3 });
    f.transport.on('store/comboCheck', ok({ id: 9, offline: false, saleOut: false, deleted: false, items: [] }));
    f.transport.on('store/checkStock', ok({ id: 5, name: 'Cola', stock: 2 }));
    const step = await f.checkout.checkout();
    expect(step.step).toEqual('stockShortage');
    expect(f.cart.lines.map((l) => l.quantity)).toEqual([2]);
  });
});

describe('PRICE-11 gifts and PRICE-5 offers in the cart', () => {
  const giftActivity = { id: 91, name: 'Free tea from 30', type: 9, status: 1, validType: 1, minAmount: 30, freeQuantity: 1, productId: 6, productName: 'Lemon tea', product: { id: 6, name: 'Lemon tea', price: 12 } };
  const markup = { id: 92, name: 'Cola for 1 from 30', type: 15, status: 1, validType: 1, minAmount: 30, productList: [{ id: 5, name: 'Cola', discountPrice: 1, quantity: 2 }] };

  async function cartWith(activities: unknown[]) {
    const f = buildStores();
    f.session.setOrderType('dine');
    await readyToOrder(f, [noodles, cola, tea]);
    f.transport.on('activity/list', ok({ list: activities }));
    f.transport.on('activity/couponList', ok({ list: [] }));
    await f.promotion.load();
    return f;
  }

  it('lists the free lemon tea once the cart reaches 30 and leaves the total alone', async () => {
    const f = await cartWith([giftActivity]);
    f.cart.add(1, { quantity: 2 });
    // 2 × 20 = 40 ≥ 30: one lemon tea free; the customer pays the 40 of the noodles only
    expect(f.checkout.breakdown?.gifts).toEqual([{ kind: 'product', activityId: 91, activityType: 9, productId: 6, name: 'Lemon tea', quantity: 1, price: 0 }]);
    expect(f.checkout.breakdown?.amountToPay).toEqual(40);
  });

  it('charges an accepted markup offer at its price and sends it with the order', async () => {
    const f = await cartWith([markup]);
    f.cart.add(1, { quantity: 2 });
    expect(f.checkout.breakdown?.offers.map((o) => [o.productId, o.price, o.maxQuantity])).toEqual([[5, 1, 2]]);
    expect(f.checkout.acceptOffer({ activityId: 92, productId: 5 }, 2)).toBeNull();
    f.checkout.setOrderInfo({ table: 'A1', people: 1 });
    // 2 × 20 + 2 colas × ¥1 = 42
    expect(f.checkout.breakdown?.amountToPay).toEqual(42);
    expect(f.orderConfirm.submission?.acceptedOffers).toEqual([{ activityId: 92, productId: 5, quantity: 2 }]);
  });

  it('drops an accepted offer from the order once the cart no longer reaches it', async () => {
    const f = await cartWith([markup]);
    f.cart.add(1, { quantity: 2 });
    expect(f.checkout.acceptOffer({ activityId: 92, productId: 5 }, 1)).toBeNull();
    f.checkout.setOrderInfo({ table: 'A1', people: 1 });
    // one noodles: 20 < 30, the cola offer is no longer offered and not sent; the customer pays 20
    f.cart.decrement(f.cart.lines[0].flag);
    expect(f.checkout.breakdown?.offers).toEqual([]);
    expect(f.checkout.breakdown?.amountToPay).toEqual(20);
    expect(f.orderConfirm.submission?.acceptedOffers).toEqual(undefined);
  });

  it('refuses more units than the offer allows', async () => {
    const f = await cartWith([markup]);
    f.cart.add(1, { quantity: 2 });
    expect(f.checkout.acceptOffer({ activityId: 92, productId: 5 }, 3)).toEqual({ code: ErrorCode.exchangeSoldOut });
  });
});

describe('C§4: a fast-food shop closed for takeaway that still seats diners', () => {
  // the test shop: fast food (industry 2), takeaway 09:00–21:00, dine-in (scan ordering) around the clock
  const scanAllDay = { scanOrderBusinessHours: { businessMode: 'routine' as const, businessScanOrderHours: [{ start: '00:00', end: '23:59' }] } };

  it('offers dine-in on entry at 22:00 and switches the order type when confirmed', async () => {
    const f = buildStores({ now: NOON + 10 * HOUR });
    f.session.setOrderType('takeaway');
    await readyToOrder(f, [noodles], { shop: scanAllDay });
    expect(f.shop.dialogs).toEqual([{ kind: 'status', status: 0, code: ErrorCode.storeClosed, confirm: 'switchToDine', cancel: 'callShop' }]);
    expect(f.shop.answerStatusDialog('switchToDine')).toBe('switchToDine');
    expect(f.session.orderType).toEqual('dine');
    expect(f.shop.canOrderError).toEqual(null);
    expect(f.shop.dialogs).toEqual([]);
  });

  it('checkout from a takeaway cart shows the same choice', async () => {
    const f = buildStores({ now: NOON + 10 * HOUR });
    f.session.setOrderType('takeaway');
    await readyToOrder(f, [noodles], { shop: scanAllDay });
    f.cart.add(1);
    expect(await f.checkout.checkout()).toEqual({
      step: 'expiredNotice',
      dialog: { status: 0, code: ErrorCode.storeClosed, confirm: 'switchToDine', cancel: 'callShop' },
    });
  });

  it('a retail shop closed at 22:00 keeps the plain closed notice', async () => {
    const f = buildStores({ now: NOON + 10 * HOUR });
    f.session.setOrderType('takeaway');
    await readyToOrder(f, [noodles], { shop: { ...scanAllDay, industry: 1 } });
    expect(f.shop.dialogs.map((d) => d.kind)).toEqual(['closed']);
  });

  it('a stopped fast-food shop shows the stopped dialog for takeaway and none for dine-in', async () => {
    const f = buildStores();
    f.session.setOrderType('takeaway');
    await readyToOrder(f, [noodles], { shop: { shopStatus: -1 } });
    const takeaway = f.shop.dialogs;
    f.session.setOrderType('dine');
    expect(takeaway).toEqual([{ kind: 'status', status: -1, code: ErrorCode.storeStoppedNotice, confirm: 'switchToDine', cancel: 'callShop' }]);
    expect(f.shop.dialogs).toEqual([]);
  });
});
