import { ErrorCode } from '../../src/domain/errors';
import type { OrderBreakdown } from '../../src/api/contract/order';
import { fail, ok } from '../support/fakes';
import { buildStores, memberInfo, orderDetail, product, readyToOrder } from '../support/store-factories';
import type { StoreFixture } from '../support/store-factories';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const noodles = product({
  id: 1,
  name: 'Beef noodles',
  price: 18,
  memberPrice: 16,
  specs: [{ id: 11, name: 'Small', price: 18, memberPrice: 16 }],
  tastes: [{ id: 100, name: 'Spice', required: false, options: [{ id: 101, name: 'Spicy', price: 1 }] }],
});
const dumplings = product({ id: 2, name: 'Dumplings', price: 12, typeid: 11 });

const placed = (over: Record<string, unknown> = {}) =>
  ok({ id: 501, orderNo: 'N501', status: 'pending', payStatus: 1, total: 31, needPay: false, payDeadline: null, ...over });

/** A dine-in cart of 1 × noodles (18 + 1 spicy) and 1 × dumplings (12) = 31, paid in cash. */
async function dineCart(opts: Parameters<typeof buildStores>[0] = {}): Promise<StoreFixture> {
  const f = buildStores(opts);
  f.session.setOrderType('dine');
  await readyToOrder(f, [noodles, dumplings], { pay: ['cash', 'vip', 'weixin'] });
  f.cart.add(1, { specId: 11, tastes: [{ id: 101 }] });
  f.cart.add(2);
  f.checkout.setOrderInfo({ table: 'A3', people: 2 });
  f.orderConfirm.enterConfirm();
  return f;
}

const sentConfirm = (f: StoreFixture) => f.transport.requests.filter((r) => r.url.endsWith('/order/confirm'));

describe('OrderConfirmStore.confirm: the submission (PRICE-10)', () => {
  it('sends what was chosen and no price', async () => {
    const f = await dineCart();
    f.transport.on('order/confirm', placed());
    await f.orderConfirm.confirm();
    expect(sentConfirm(f)[0].data).toEqual({
      type: 'dine',
      payType: 'cash',
      products: [
        { id: 1, specId: 11, tastes: [{ id: 101, quantity: 1 }], quantity: 1, flag: '1_11_101x1_' },
        { id: 2, quantity: 1, flag: '2_0__' },
      ],
      couponId: null,
      table: 'A3',
      people: 2,
      isPickerPack: false,
      // 18 + 1 spicy + 12 = 31, the breakdown total the customer saw
      expectedTotal: 31,
    });
  });

  it('carries the breakdown total as expectedTotal', async () => {
    const f = await dineCart();
    f.transport.on('order/confirm', placed());
    const shown = f.checkout.breakdown?.amountToPay;
    await f.orderConfirm.confirm();
    expect((sentConfirm(f)[0].data as { expectedTotal: number }).expectedTotal).toBe(shown);
  });

  it('sends a UUID Idempotency-Key', async () => {
    const f = await dineCart({ uuids: ['3f2b8c1e-7d4a-4e5b-9c6d-0a1b2c3d4e5f'] });
    f.transport.on('order/confirm', placed());
    await f.orderConfirm.confirm();
    expect(sentConfirm(f)[0].headers['Idempotency-Key']).toBe('3f2b8c1e-7d4a-4e5b-9c6d-0a1b2c3d4e5f');
  });

  it('makes RFC 4122 version-4 keys by default', async () => {
    const f = await dineCart();
    const { OrderConfirmStore } = await import('../../src/stores/areas/order-confirm');
    const store = new OrderConfirmStore({ ...f });
    store.enterConfirm();
    expect(store.idempotencyKey).toMatch(UUID);
  });

  it('reuses the key when a network failure is retried', async () => {
    const f = await dineCart();
    f.transport.on('order/confirm', { fail: { errMsg: 'request:fail' } }, placed());
    await f.orderConfirm.confirm();
    await f.orderConfirm.confirm();
    const [a, b] = sentConfirm(f).map((r) => r.headers['Idempotency-Key']);
    expect(a).toBe(b);
  });

  it('takes a new key on the next visit of the confirm screen', async () => {
    const f = await dineCart();
    const first = f.orderConfirm.idempotencyKey;
    f.orderConfirm.enterConfirm();
    expect(f.orderConfirm.idempotencyKey).not.toBe(first);
  });

  it('submits once on a double tap', async () => {
    const f = await dineCart();
    f.transport.on('order/confirm', placed());
    const [a, b] = await Promise.all([f.orderConfirm.confirm(), f.orderConfirm.confirm()]);
    expect(a.status).toEqual('placed');
    expect(b.status).toEqual('busy');
    expect(sentConfirm(f).length).toEqual(1);
  });

  it('empties the cart once the order is placed', async () => {
    const f = await dineCart();
    f.transport.on('order/confirm', placed());
    await f.orderConfirm.confirm();
    expect(f.cart.lines).toEqual([]);
    expect(f.orderConfirm.lastOrder?.orderNo).toEqual('N501');
  });
});

describe('OrderConfirmStore.confirm: amountError (PRICE-10)', () => {
  const serverBreakdown: OrderBreakdown = {
    ...orderDetail({ goodsAmount: 31, total: 29, discountAmount: 2 }),
  };
  const amountError = () =>
    fail('Amount error', ErrorCode.amountError, { expectedTotal: 31, total: 29, breakdown: serverBreakdown });

  it('shows the breakdown the server sent', async () => {
    const f = await dineCart();
    f.transport.on('order/confirm', amountError());
    const outcome = await f.orderConfirm.confirm();
    expect(outcome.status).toEqual('amountChanged');
    expect(f.orderConfirm.serverBreakdown?.total).toEqual(29);
    expect(f.orderConfirm.expectedTotal).toEqual(29);
  });

  it('submits the refreshed total under a new key', async () => {
    const f = await dineCart();
    f.transport.on('order/confirm', amountError(), placed({ total: 29 }));
    await f.orderConfirm.confirm();
    await f.orderConfirm.confirm();
    const [first, second] = sentConfirm(f);
    expect((second.data as { expectedTotal: number }).expectedTotal).toEqual(29);
    expect(second.headers['Idempotency-Key'] !== first.headers['Idempotency-Key']).toEqual(true);
  });

  it('drops the server breakdown when the cart changes', async () => {
    const f = await dineCart();
    f.transport.on('order/confirm', amountError());
    await f.orderConfirm.confirm();
    f.cart.add(2);
    // 31 + 12 = 43 from the cart again
    expect(f.orderConfirm.serverBreakdown).toEqual(null);
    expect(f.orderConfirm.expectedTotal).toEqual(43);
  });
});

describe('OrderConfirmStore.confirm: validation (ORDER-6)', () => {
  it('asks for the table of a dine-in order', async () => {
    const f = await dineCart();
    f.checkout.setOrderInfo({ table: null });
    expect(await f.orderConfirm.confirm()).toEqual({ status: 'invalid', error: { code: ErrorCode.requiredTable } });
  });

  it('asks for a correct number of diners', async () => {
    const f = await dineCart();
    f.checkout.setOrderInfo({ people: 0 });
    expect((await f.orderConfirm.confirm()).status).toBe('invalid');
  });

  it('asks for the delivery address of a takeaway order', async () => {
    const f = await dineCart();
    f.session.setOrderType('takeaway');
    expect(await f.orderConfirm.confirm()).toEqual({ status: 'invalid', error: { code: ErrorCode.requiredAddress } });
  });

  it('refuses a delivery out of range', async () => {
    const f = await dineCart();
    f.session.setOrderType('takeaway');
    f.transport.on('address/list', ok({ list: [{ id: 9, name: 'Li', phone: '13800000000', address: 'Far road', addressGps: '32.5,121.4', isDefault: true }] }));
    f.transport.on('delivery/getDistance', ok({ addressId: 9, distance: 140, deliveryDistance: 5, inRange: false }));
    await f.address.load();
    const errors = f.orderConfirm.validationErrors.map((e) => e.code);
    expect(errors).toContain(ErrorCode.outOfBusinessScope);
  });

  it('sends the takeaway contact and address of the selected address', async () => {
    const f = await dineCart();
    f.session.setOrderType('takeaway');
    f.transport.on('address/list', ok({ list: [{ id: 9, name: 'Li', phone: '138 0000 0000', address: 'Road 1', houseNumber: '5F', addressGps: '31.24,121.48', isDefault: true }] }));
    f.transport.on('delivery/getDistance', ok({ addressId: 9, distance: 1.2, deliveryDistance: 5, inRange: true }));
    await f.address.load();
    expect(f.orderConfirm.submission).toMatchObject({
      type: 'takeaway',
      contact_address: 'Road 1 5F',
      contact_address_gps: '31.24,121.48',
      contact_phone: '13800000000',
      contact_name: 'Li',
      deliveryTime: 'ASAP',
    });
  });
});

describe('OrderConfirmStore.confirm: member card (ORDER-7)', () => {
  async function memberCart(platform: 'weapp' | 'h5') {
    const f = await dineCart({ platform });
    f.transport.on('store/vipInfo', ok({ version: 1, unchanged: false, vipInfo: memberInfo({ amount: 100 }), memberSetting: { discountMode: 1 }, levels: [] }));
    await f.member.load();
    f.checkout.setPayType('vip');
    return f;
  }

  it('sends the 6-digit pay password with the submission on weapp', async () => {
    const f = await memberCart('weapp');
    f.transport.on('order/confirm', placed({ payStatus: 1 }));
    const outcome = await f.orderConfirm.confirm({ payPassword: '135790' });
    expect(outcome).toEqual({ status: 'placed', order: expect.objectContaining({ id: 501 }), payment: { status: 'paid', orderId: 501 } });
    expect((sentConfirm(f)[0].data as { payPassword: string }).payPassword).toEqual('135790');
  });

  it('keeps the pay password out of the store once sent', async () => {
    const f = await memberCart('weapp');
    f.transport.on('order/confirm', fail('Pay password is wrong', ErrorCode.payPasswordWrong));
    await f.orderConfirm.confirm({ payPassword: '135790' });
    expect(JSON.stringify([f.orderConfirm.submission, f.orderConfirm.lastOrder, f.storage.data])).not.toContain('135790');
  });

  it('prices with the member price when paying by card', async () => {
    const f = await memberCart('weapp');
    // member price 16 + 1 spicy + 12 = 29
    expect(f.orderConfirm.expectedTotal).toBe(29);
  });

  it('asks for the pay password before sending anything', async () => {
    const f = await memberCart('weapp');
    expect(await f.orderConfirm.confirm({ payPassword: '12345' })).toEqual({ status: 'invalid', error: { code: ErrorCode.payPasswordSixDigits } });
    expect(sentConfirm(f).length).toEqual(0);
  });

  it('refuses the member card in a browser page', async () => {
    const f = await memberCart('h5');
    expect(await f.orderConfirm.confirm({ payPassword: '135790' })).toEqual({ status: 'invalid', error: { code: ErrorCode.browserCannotPayByCard } });
    expect(sentConfirm(f).length).toEqual(0);
  });

  it('refuses a balance that does not cover the total', async () => {
    const f = await dineCart({ platform: 'weapp' });
    f.transport.on('store/vipInfo', ok({ version: 1, unchanged: false, vipInfo: memberInfo({ amount: 5 }), memberSetting: {}, levels: [] }));
    await f.member.load();
    f.checkout.setPayType('vip');
    expect(await f.orderConfirm.confirm({ payPassword: '135790' })).toEqual({
      status: 'invalid',
      error: { code: ErrorCode.balanceInsufficient },
    });
  });
});
