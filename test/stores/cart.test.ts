import { ErrorCode } from '../../src/domain/errors';
import { buildPricingInput, lineFlag, priceOrder } from '../../src/domain/pricing';
import { cartStorageKey } from '../../src/stores/cart';
import type { Product } from '../../src/domain/types';
import { MemoryStorage, ok } from '../support/fakes';
import { buildStores, loadMenu, loadShop, memberInfo, menuBody, product, readyToOrder } from '../support/store-factories';

const spicy = { id: 101, name: 'Spicy', price: 0 };
const mild = { id: 102, name: 'Mild', price: 0 };
const egg = { id: 201, name: 'Egg', price: 2 };
const noodles: Product = product({
  id: 1,
  name: 'Beef noodles',
  price: 18,
  specs: [
    { id: 11, name: 'Small', price: 18 },
    { id: 12, name: 'Large', price: 22 },
  ],
  tastes: [
    { id: 100, name: 'Spice', required: true, options: [spicy, mild] },
    { id: 200, name: 'Toppings', required: false, multiple: true, options: [egg] },
  ],
});
const dumplings = product({ id: 2, name: 'Dumplings', price: 12, typeid: 11 });
const combo = product({
  id: 3,
  name: 'Lunch set',
  price: 30,
  mealset: [{ id: 300, name: 'Drink', required: 1, items: [{ id: 31, name: 'Tea', price: 0 }] }],
});

describe('CartStore: line identity (CART-1)', () => {
  it('puts the same product, spec and tastes on one line', async () => {
    const f = buildStores();
    await readyToOrder(f, [noodles]);
    f.cart.add(1, { specId: 11, tastes: [{ id: 101 }] });
    f.cart.add(1, { specId: 11, tastes: [{ id: 101 }] });
    expect(f.cart.lines.map((l) => [l.flag, l.quantity])).toEqual([[lineFlag(1, 11, [{ id: 101 }]), 2]]);
  });

  it('puts different tastes on two lines', async () => {
    const f = buildStores();
    await readyToOrder(f, [noodles]);
    f.cart.add(1, { specId: 11, tastes: [{ id: 101 }] });
    f.cart.add(1, { specId: 11, tastes: [{ id: 102 }] });
    expect(f.cart.lines.map((l) => l.tastesName)).toEqual(['Spicy', 'Mild']);
  });

  it('treats the order the tastes were picked in as the same choice', async () => {
    const f = buildStores();
    await readyToOrder(f, [noodles]);
    f.cart.add(1, { specId: 11, tastes: [{ id: 101 }, { id: 201 }] });
    f.cart.add(1, { specId: 11, tastes: [{ id: 201 }, { id: 101 }] });
    expect(f.cart.lines).toHaveLength(1);
  });

  it('puts different specs on two lines with their own prices', async () => {
    const f = buildStores();
    await readyToOrder(f, [noodles]);
    f.cart.add(1, { specId: 11, tastes: [{ id: 101 }] });
    f.cart.add(1, { specId: 12, tastes: [{ id: 101 }] });
    expect(f.cart.lines.map((l) => [l.specName, l.price])).toEqual([
      ['Small', 18],
      ['Large', 22],
    ]);
  });

  it('counts the units of every line', async () => {
    const f = buildStores();
    await readyToOrder(f, [noodles, dumplings]);
    f.cart.add(1, { specId: 11, tastes: [{ id: 101 }], quantity: 2 });
    f.cart.add(2, { quantity: 3 });
    expect(f.cart.itemCount).toEqual(5);
    expect(f.cart.quantityOf(1)).toEqual(2);
    expect(f.cart.quantityInCategory(11)).toEqual(3);
  });
});

describe('CartStore: add rules (C§5)', () => {
  it('refuses a product without its required taste group, naming the group', async () => {
    const f = buildStores();
    await readyToOrder(f, [noodles]);
    expect(f.cart.add(1, { specId: 11 })).toEqual({
      code: ErrorCode.requiredTasteGroup,
      params: { product: 'Beef noodles', group: 'Spice' },
    });
  });

  it('refuses a meal set whose contents are not chosen', async () => {
    const f = buildStores();
    await readyToOrder(f, [combo]);
    expect(f.cart.add(3)?.code).toBe(ErrorCode.mealSetRequired);
  });

  it('adds a meal set with its contents', async () => {
    const f = buildStores();
    await readyToOrder(f, [combo]);
    f.cart.add(3, { mealset: [{ groupId: 300, id: 31 }] });
    expect(f.cart.lines.map((l) => l.mealsetNames)).toEqual(['Tea']);
  });

  it('adds the minimum purchase quantity at the first add', async () => {
    const f = buildStores();
    await readyToOrder(f, [{ ...dumplings, minQuantity: 3 }]);
    f.cart.add(2);
    expect(f.cart.quantityOf(2)).toBe(3);
  });

  it('refuses going past the purchase limit per order', async () => {
    const f = buildStores();
    await readyToOrder(f, [{ ...dumplings, purchaseLimit: 2 }]);
    f.cart.add(2, { quantity: 2 });
    expect(f.cart.add(2)).toEqual({ code: ErrorCode.purchaseLimit, params: { product: 'Dumplings', count: 2 } });
    expect(f.cart.quantityOf(2)).toEqual(2);
  });

  it('refuses more units than the stock left', async () => {
    const f = buildStores();
    await readyToOrder(f, [dumplings], { stock: { '2': 1 } });
    f.cart.add(2);
    expect(f.cart.add(2)).toEqual({ code: ErrorCode.insufficientInventory, params: { product: 'Dumplings' } });
  });

  it('refuses a sold-out product', async () => {
    const f = buildStores();
    await readyToOrder(f, [{ ...dumplings, status: 1 }]);
    expect(f.cart.add(2)?.code).toBe(ErrorCode.productSoldOut);
  });

  it('refuses editing a quantity below the minimum purchase quantity', async () => {
    const f = buildStores();
    await readyToOrder(f, [{ ...dumplings, minQuantity: 3 }]);
    f.cart.add(2);
    expect(f.cart.setQuantity(f.cart.lines[0].flag, 2)).toEqual({
      code: ErrorCode.minPurchaseQuantity,
      params: { product: 'Dumplings', count: 3 },
    });
  });

  it('removes the line when "−" would go below the minimum', async () => {
    const f = buildStores();
    await readyToOrder(f, [{ ...dumplings, minQuantity: 3 }]);
    f.cart.add(2);
    f.cart.decrement(f.cart.lines[0].flag);
    expect(f.cart.lines).toEqual([]);
  });

  it('deletes a line edited to quantity 0', async () => {
    const f = buildStores();
    await readyToOrder(f, [dumplings]);
    f.cart.add(2);
    f.cart.setQuantity(f.cart.lines[0].flag, 0);
    expect(f.cart.isEmpty).toBe(true);
  });

  it('clears every line', async () => {
    const f = buildStores();
    await readyToOrder(f, [dumplings, noodles]);
    f.cart.add(2);
    f.cart.add(1, { tastes: [{ id: 101 }] });
    f.cart.clear();
    expect(f.cart.lines).toEqual([]);
    expect(f.storage.get(cartStorageKey(1))).toEqual({ lines: [] });
  });
});

describe('CartStore: persistence and revalidation (CART-2)', () => {
  async function storedCart(products: Product[]) {
    const storage = new MemoryStorage();
    const first = buildStores({ storage });
    await readyToOrder(first, products);
    first.cart.add(2, { quantity: 2 });
    first.cart.add(1, { specId: 11, tastes: [{ id: 101 }] });
    return storage;
  }

  it('keeps the cart of a shop across restarts', async () => {
    const storage = await storedCart([noodles, dumplings]);
    const f = buildStores({ storage });
    f.cart.open(1);
    expect(f.cart.lines.map((l) => [l.id, l.quantity])).toEqual([
      [2, 2],
      [1, 1],
    ]);
  });

  it('keeps one cart per shop', async () => {
    const storage = await storedCart([noodles, dumplings]);
    const f = buildStores({ storage });
    f.cart.open(2);
    expect(f.cart.lines).toEqual([]);
  });

  it('drops a product that sold out since, with a notice naming it', async () => {
    const storage = await storedCart([noodles, dumplings]);
    const f = buildStores({ storage });
    await loadShop(f);
    f.transport.on('store/products', ok(menuBody(2, [noodles, { ...dumplings, status: 1 }])));
    await f.menu.load(1);
    const notices = f.cart.open(1);
    expect(f.cart.lines.map((l) => l.id)).toEqual([1]);
    expect(notices.map((n) => [n.kind, n.error])).toEqual([['removed', { code: ErrorCode.productSoldOut, params: { product: 'Dumplings' } }]]);
  });

  it('drops a product no longer on the menu', async () => {
    const storage = await storedCart([noodles, dumplings]);
    const f = buildStores({ storage });
    await loadMenu(f, [noodles], { version: 2 });
    f.cart.open(1);
    expect(f.cart.notices.map((n) => [n.productId, n.error.code])).toEqual([[2, ErrorCode.productDeleted]]);
  });

  it('refreshes prices from the live menu and says so', async () => {
    const storage = await storedCart([noodles, dumplings]);
    const f = buildStores({ storage });
    await loadMenu(f, [noodles, { ...dumplings, price: 13 }], { version: 2 });
    f.cart.open(1);
    expect(f.cart.line(lineFlag(2))?.price).toEqual(13);
    expect(f.cart.notices.map((n) => n.kind)).toEqual(['priceChanged']);
  });

  it('raises "New menu has been updated" for a line whose product changed in a newer menu', async () => {
    const storage = await storedCart([noodles, dumplings]);
    const f = buildStores({ storage });
    await loadMenu(f, [noodles, { ...dumplings, price: 13 }], { version: 2 });
    f.menu.acknowledgeNewMenu();
    f.cart.open(1);
    expect(f.menu.newMenuUpdated).toBe(true);
  });

  it('keeps a product outside its sale time, flagged', async () => {
    const storage = await storedCart([noodles, dumplings]);
    const f = buildStores({ storage });
    const evening = [{ weekdays: [], timeRanges: [{ start: '17:00', end: '21:00' }] }];
    await loadMenu(f, [noodles, { ...dumplings, saleTime: evening }], { version: 2 });
    f.cart.open(1);
    expect(f.cart.lines.length).toEqual(2);
    expect(f.cart.notices.map((n) => [n.kind, n.error.code])).toEqual([['flagged', ErrorCode.productNotInSaleTime]]);
  });

  it('drops a line whose spec left the menu', async () => {
    const storage = await storedCart([noodles, dumplings]);
    const f = buildStores({ storage });
    await loadMenu(f, [{ ...noodles, specs: [{ id: 12, name: 'Large', price: 22 }] }, dumplings], { version: 2 });
    f.cart.open(1);
    expect(f.cart.lines.map((l) => l.id)).toEqual([2]);
  });
});

describe('CheckoutStore: breakdown (PRICE-10)', () => {
  const fullReduction = { id: 61, name: 'Spend 40 save 5', type: 1, status: 1, validType: 1, gears: [{ full: 40, less: 5 }] };
  const coupon = { id: 71, activityID: 9, name: '3 off', type: 4, status: 1, reductionAmount: 3, minAmount: 30 };

  async function pricedCart() {
    const f = buildStores();
    f.session.setOrderType('takeaway');
    await readyToOrder(f, [noodles, dumplings], { shop: { deliverAmount: [{ amount: 5, distance: 3 }] } });
    f.transport.on('activity/list', ok({ list: [fullReduction] }));
    f.transport.on('activity/couponList', ok({ list: [coupon] }));
    await f.promotion.load();
    f.transport.on('address/list', ok({ list: [{ id: 9, name: 'Li', phone: '13800000000', address: 'Road 1', addressGps: '31.24,121.48', isDefault: true }] }));
    f.transport.on('delivery/getDistance', ok({ addressId: 9, distance: 2, deliveryDistance: 0, inRange: true }));
    await f.address.load();
    f.cart.add(1, { specId: 11, tastes: [{ id: 101 }], quantity: 2 });
    f.cart.add(2, { quantity: 1 });
    f.cart.add(1, { specId: 11, tastes: [{ id: 101 }, { id: 201 }] });
    return f;
  }

  it('equals priceOrder on the same input', async () => {
    const f = await pricedCart();
    const expected = priceOrder(
      buildPricingInput({
        shop: f.shop.shop!,
        cart: f.cart.lines,
        products: f.menu.productList,
        orderType: 'takeaway',
        userAgent: f.session.userAgent ?? undefined,
        payType: 'cash',
        member: null,
        activities: [fullReduction],
        coupons: [coupon],
        couponId: 'auto',
        distance: 2,
        now: f.shop.now,
      }),
    );
    expect(f.checkout.breakdown).toEqual(expected);
  });

  it('comes to the hand-computed total', async () => {
    const f = await pricedCart();
    // goods: 2 × 18 + 12 + (18 + 2 egg) = 68; spend 40 save 5 → 63; coupon 3 off (min 30) → 60;
    // delivery at 2 km: first tier 5 → total 65
    expect(f.checkout.breakdown?.originalAmount).toEqual(68);
    expect(f.checkout.breakdown?.goodsAfterDiscount).toEqual(60);
    expect(f.checkout.breakdown?.fees.delivery).toEqual(5);
    expect(f.checkout.breakdown?.amountToPay).toEqual(65);
  });

  it('auto-selects the coupon unless the customer picked none', async () => {
    const f = await pricedCart();
    const auto = f.checkout.selectedCouponId;
    f.checkout.chooseCoupon(null);
    // 68 − 5 + 5 delivery = 68 without the coupon
    expect(auto).toEqual(71);
    expect(f.checkout.selectedCouponId).toEqual(null);
    expect(f.checkout.breakdown?.amountToPay).toEqual(68);
  });

  it('refuses a second coupon while one is chosen (P§5)', async () => {
    const f = await pricedCart();
    f.checkout.chooseCoupon(71);
    expect(f.checkout.chooseCoupon(72)).toEqual({ code: ErrorCode.couponAlreadySelected });
  });

  it('prices with the points switch on', async () => {
    const f = await pricedCart();
    f.transport.on('store/vipInfo', ok({ version: 1, unchanged: false, vipInfo: memberInfo({ points: 500 }), memberSetting: { isPointDeductionOpen: true, pointDeductionRate: 100, pointDeductionRule: 1, pointDeductionMaxLimit: 4 }, levels: [] }));
    await f.member.load();
    f.checkout.setUsePoints(true);
    // 65 − 4 (cap 4.00, 400 points at 100 per unit) = 61
    expect(f.checkout.breakdown?.points.amount).toEqual(4);
    expect(f.checkout.breakdown?.amountToPay).toEqual(61);
  });

  it('uses the delivery distance the server measured', async () => {
    const f = await pricedCart();
    expect(f.checkout.pricingInput?.distance).toBe(2);
  });

  it('tells the amount missing to the minimum order', async () => {
    const f = buildStores();
    f.session.setOrderType('takeaway');
    await readyToOrder(f, [dumplings], { shop: { minSellStartAmount: 20 } });
    f.cart.add(2);
    // 20 − 12 = 8 more to order
    expect(f.checkout.missingAmount).toBe(8);
  });

  it('has no missing amount for dine-in', async () => {
    const f = buildStores();
    f.session.setOrderType('dine');
    await readyToOrder(f, [dumplings], { shop: { minSellStartAmount: 20 } });
    f.cart.add(2);
    expect(f.checkout.missingAmount).toBe(0);
  });
});

describe('CheckoutStore: pay types', () => {
  it('hides the member card in a browser page and the wallets of other hosts', async () => {
    const f = buildStores({ platform: 'h5' });
    await loadShop(f, {}, ['weixin', 'alipay', 'vip', 'cash', 'stripe']);
    expect(f.checkout.payTypes).toEqual(['cash', 'stripe']);
  });

  it('offers the chat-app wallet and the member card to a member on weapp', async () => {
    const f = buildStores({ platform: 'weapp' });
    await loadShop(f, {}, ['weixin', 'alipay', 'vip', 'cash']);
    f.transport.on('store/vipInfo', ok({ version: 1, unchanged: false, vipInfo: memberInfo(), memberSetting: {}, levels: [] }));
    await f.member.load();
    expect(f.checkout.payTypes).toEqual(['weixin', 'vip', 'cash']);
  });

  it('hides the member card from a visitor unless web registration is allowed', async () => {
    const f = buildStores({ platform: 'weapp' });
    await loadShop(f, {}, ['vip', 'cash']);
    expect(f.checkout.payTypes).toEqual(['cash']);
  });
});

describe('CartStore: revalidation on a chunked menu (CART-2, MENU-5)', () => {
  const many = Array.from({ length: 320 }, (_, i) => product({ id: i + 1, name: `dish ${i + 1}`, typeid: i < 200 ? 10 : 11 }));

  async function chunkedMenu(f: ReturnType<typeof buildStores>, answer: Product[]) {
    f.transport.on('store/productTypes', ok({ version: 5, unchanged: false, types: [
      { id: 10, name: 'a', productIds: many.filter((p) => p.typeid === 10).map((p) => p.id) },
      { id: 11, name: 'b', productIds: many.filter((p) => p.typeid === 11).map((p) => p.id) },
    ] }));
    f.transport.on('store/stockQuery', ok({ list: [] }));
    f.transport.on(
      'store/productsChunk',
      ok({ version: 5, stale: false, list: many.filter((p) => p.typeid === 10).slice(0, 100), total: 200, page: 1, pageLimit: 100 }),
      ok({ version: 5, stale: false, list: many.filter((p) => p.typeid === 10).slice(100), total: 200, page: 2, pageLimit: 100 }),
      ok({ version: 5, stale: false, list: answer, total: answer.length, page: 1, pageLimit: 100 }),
    );
    await f.menu.load(1);
  }

  it('keeps a line whose category is not loaded yet', async () => {
    const storage = new MemoryStorage();
    storage.set(cartStorageKey(1), { lines: [{ id: 300, name: 'dish 300', price: 10, quantity: 1, flag: '300_0__', typeid: 11 }] });
    const f = buildStores({ storage });
    await chunkedMenu(f, []);
    f.cart.open(1);
    expect(f.cart.lines.map((l) => l.id)).toEqual([300]);
  });

  it('loads the products of the lines and drops the ones the menu no longer has', async () => {
    const storage = new MemoryStorage();
    storage.set(cartStorageKey(1), {
      lines: [
        { id: 300, name: 'dish 300', price: 10, quantity: 1, flag: '300_0__', typeid: 11 },
        { id: 999, name: 'gone', price: 10, quantity: 1, flag: '999_0__', typeid: 11 },
      ],
    });
    const f = buildStores({ storage });
    await chunkedMenu(f, [many[299]]);
    f.cart.open(1);
    const notices = await f.cart.revalidateAll();
    expect(f.cart.lines.map((l) => l.id)).toEqual([300]);
    expect(notices.map((n) => [n.productId, n.error.code])).toEqual([[999, ErrorCode.productDeleted]]);
  });
});
