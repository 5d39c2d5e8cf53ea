import { reaction } from 'mobx';
import { EMPTY_ORDER_INFO } from '../../src/stores/checkout';
import { NOON, buildStores, product, readyToOrder } from '../support/store-factories';

const dumplings = product({ id: 2, name: 'Dumplings', price: 12 });

/** A cart with lines and a checkout form the customer filled. */
async function filledCheckout() {
  const f = buildStores();
  await readyToOrder(f, [dumplings]);
  f.cart.add(2, { quantity: 2 });
  f.checkout.chooseCoupon(null);
  f.checkout.setUsePoints(true);
  f.checkout.setOrderInfo({ table: 'A3', people: 2, note: 'no onions' });
  f.checkout.setTableTiming({ orderTime: NOON, fee: 10 });
  return f;
}

describe('CheckoutStore follows the cart', () => {
  it('starts the form over when the cart of another shop opens, and keeps it for the same shop', async () => {
    const f = await filledCheckout();
    f.cart.open(1);
    expect(f.checkout.couponChoice).toEqual(null);
    expect(f.checkout.usePoints).toEqual(true);
    expect(f.checkout.orderInfo.table).toEqual('A3');
    f.cart.open(2);
    expect(f.checkout.couponChoice).toEqual('auto');
    expect(f.checkout.usePoints).toEqual(false);
    expect(f.checkout.acceptedOffers).toEqual([]);
    expect(f.checkout.orderInfo).toEqual(EMPTY_ORDER_INFO);
    expect(f.checkout.tableTiming).toEqual(null);
  });

  it('returns the coupon to automatic when the cart is cleared; points and the order form stay', async () => {
    const f = await filledCheckout();
    f.cart.clear();
    expect(f.checkout.couponChoice).toEqual('auto');
    expect(f.checkout.acceptedOffers).toEqual([]);
    expect(f.checkout.usePoints).toEqual(true);
    expect(f.checkout.orderInfo.note).toEqual('no onions');
  });

  it('after an order: coupon automatic, points off, note empty, the rest of the form kept', async () => {
    const f = await filledCheckout();
    f.cart.clearAfterOrder();
    expect(f.checkout.couponChoice).toEqual('auto');
    expect(f.checkout.usePoints).toEqual(false);
    expect(f.checkout.orderInfo.note).toEqual('');
    expect(f.checkout.orderInfo.table).toEqual('A3');
    expect(f.cart.lines).toEqual([]);
  });

  it('resets in the same step as the cart changes (one reaction run)', async () => {
    const f = await filledCheckout();
    const seen: Array<[number, string | null]> = [];
    const stop = reaction(
      () => [f.cart.shopId ?? 0, f.checkout.orderInfo.table] as [number, string | null],
      (v) => seen.push(v),
    );
    f.cart.open(2);
    stop();
    expect(seen).toEqual([[2, null]]);
  });

  it('moves its revision with the lines and with the choices; the cart’s with the lines only', async () => {
    const f = await filledCheckout();
    const [cart, checkout] = [f.cart.revision, f.checkout.revision];
    f.checkout.setPayType('cash');
    expect(f.cart.revision - cart).toEqual(0);
    expect(f.checkout.revision - checkout).toEqual(1);
    f.cart.add(2);
    expect(f.cart.revision - cart).toEqual(1);
    expect(f.checkout.revision - checkout).toEqual(2);
  });
});
