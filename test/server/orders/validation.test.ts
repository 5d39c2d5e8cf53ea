/**
 * Every rule of C§5 / P§5 enforced by order/confirm with the catalogue's code (ORDER-6). Each test
 * breaks one rule of an otherwise valid submission.
 */
import { eq } from 'drizzle-orm';
import { orderCalls } from '../../../src/api/contract/order';
import { orders, shops } from '../../../server/src/db/schema';
import { DEMO_MEMBER_EMPTY, DEMO_USER, RESTAURANT_PRODUCT as P, SHOP } from '../../../server/src/demo/ids';
import { buildTestServer, TestClock, type TestServer } from '../../support/build-server';
import { dine, failure, FAR_GPS, quote, selfPickup, takeaway } from './helpers';

let server: TestServer;
let visitor: string;
const NOON = Date.UTC(2026, 10, 23, 4, 0, 0); // Monday 12:00 in the shop's UTC+8

beforeAll(async () => {
  server = await buildTestServer({ clock: new TestClock(NOON) });
  visitor = await server.login(SHOP.restaurant);
}, 60000);
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.clock.set(NOON);
});

type Body = Parameters<typeof takeaway>[0];
/** The code order/confirm answers (any expected total: rules are checked before the amount). */
async function codeOf(
  body: ReturnType<typeof takeaway> | Body,
  token = visitor,
  headers: Record<string, string> = {},
): Promise<string | undefined> {
  return failure(
    await server.call(orderCalls.confirm, { expectedTotal: 0.0001, ...body }, { token, headers }),
  ).code;
}

describe('shop state', () => {
  test('takeaway outside business hours is refused as closed', async () => {
    server.clock.set(Date.UTC(2026, 10, 22, 19, 0, 0)); // 03:00 shop time, hours 06:00–02:00
    expect(await codeOf(takeaway())).toBe('storeClosed');
  });

  test('a stopped shop answers 403', async () => {
    await server.db.update(shops).set({ shopStatus: -1 }).where(eq(shops.id, SHOP.restaurant));
    server.ctx.shopCache.clear();
    try {
      const r = await server.call(
        orderCalls.confirm,
        { ...takeaway(), expectedTotal: 55 },
        { token: visitor },
      );
      expect(r.status).toBe(403);
    } finally {
      await server.db.update(shops).set({ shopStatus: 1 }).where(eq(shops.id, SHOP.restaurant));
      server.ctx.shopCache.clear();
    }
  });
});

describe('products', () => {
  test('a sold-out product blocks the order', async () => {
    expect(await codeOf(takeaway({ products: [{ id: P.lobster, quantity: 1, flag: 'x' }] }))).toBe(
      'productSoldOut',
    );
  });

  test('an offline product blocks the order', async () => {
    expect(await codeOf(takeaway({ products: [{ id: P.abalone, quantity: 1, flag: 'x' }] }))).toBe(
      'productOffline',
    );
  });

  test('a product outside its sale time blocks the order', async () => {
    // breakfast is sold on weekdays 06:00–10:00; it is noon
    expect(await codeOf(takeaway({ products: [{ id: P.youtiao, quantity: 8, flag: 'x' }] }))).toBe(
      'productNotInSaleTime',
    );
  });

  test('an unknown product id is refused', async () => {
    expect(await codeOf(takeaway({ products: [{ id: 999999, quantity: 1, flag: 'x' }] }))).toBe(
      'productDeleted',
    );
  });

  test('a product under its minimum quantity is refused', async () => {
    expect(
      await codeOf(
        takeaway({
          products: [
            { id: P.dumplings, quantity: 1, flag: 'x' },
            { id: P.braisedPork, quantity: 1, flag: 'y' },
          ],
        }),
      ),
    ).toBe('minPurchaseQuantity');
  });

  test('a product over its purchase limit is refused', async () => {
    const crayfish = { id: P.crayfish, quantity: 3, flag: 'x', tastes: [{ id: 12, quantity: 1 }] };
    expect(await codeOf(takeaway({ products: [crayfish] }))).toBe('purchaseLimit');
  });

  test('a required taste group left empty is refused', async () => {
    expect(await codeOf(takeaway({ products: [{ id: P.mapoTofu, quantity: 2, flag: 'x' }] }))).toBe(
      'requiredTasteGroup',
    );
  });

  test('a meal set without its contents is refused', async () => {
    expect(await codeOf(takeaway({ products: [{ id: P.comboSet, quantity: 1, flag: 'x' }] }))).toBe(
      'mealSetRequired',
    );
  });

  test('a product limited to member levels is refused to a visitor', async () => {
    expect(await codeOf(takeaway({ products: [{ id: P.wagyu, quantity: 1, flag: 'x' }] }))).toBe(
      'memberLevelRestricted',
    );
  });

  test('an order without products is refused', async () => {
    expect(await codeOf(takeaway({ products: [] }))).toBe('requiredProduct');
  });

  test('takeaway below the minimum amount is refused', async () => {
    // rice ¥2 < minSellStartAmount ¥20
    expect(await codeOf(takeaway({ products: [{ id: P.rice, quantity: 1, flag: 'x' }] }))).toBe(
      'belowMinimumAmount',
    );
  });
});

describe('takeaway fields', () => {
  test('an address without GPS is refused', async () => {
    expect(await codeOf(takeaway({ contact_address_gps: undefined }))).toBe('addressNoGps');
  });

  test('an address beyond the delivery range is refused by the server distance', async () => {
    expect(await codeOf(takeaway({ contact_address_gps: FAR_GPS }))).toBe('outOfBusinessScope');
  });

  test('a missing address is refused', async () => {
    expect(await codeOf(takeaway({ contact_address: undefined, contact_address_gps: undefined }))).toBe(
      'requiredAddress',
    );
  });

  test('a missing delivery time is refused', async () => {
    expect(await codeOf(takeaway({ deliveryTime: undefined }))).toBe('requiredDeliveryTime');
  });

  test('a missing name is refused when the shop requires name and phone', async () => {
    expect(await codeOf(takeaway({ contact_name: undefined }))).toBe('requiredName');
  });

  test('a malformed phone is refused', async () => {
    expect(await codeOf(takeaway({ contact_phone: '12' }))).toBe('inputCorrectPhone');
  });
});

describe('pickup and dine-in fields', () => {
  test('a pickup order without a pickup time is refused', async () => {
    expect(await codeOf(selfPickup({ pickupTime: undefined }))).toBe('requiredPickupTime');
  });

  test('a chosen time the shop does not offer is refused; one it offers passes the rules (C§3 deliveryTimeRange)', async () => {
    // now 12:00 (UTC+8); the restaurant delivers 10:00–21:30 and is open 06:00–02:00
    const at = (hh: number, mm: number) => Date.UTC(2026, 10, 23, hh - 8, mm);
    // 12:15: under 30 minutes ahead and no half hour
    expect(await codeOf(selfPickup({ pickupTime: at(12, 15) }))).toBe('orderTimeUnavailable');
    // 22:00: the shop is open, but delivers no later than 21:30
    expect(await codeOf(takeaway({ deliveryTime: at(22, 0) }))).toBe('orderTimeUnavailable');
    // 22:00 for pickup and 13:00 for delivery are offered: the rules pass and only the amount is left
    expect(await codeOf(selfPickup({ pickupTime: at(22, 0) }))).toBe('amountError');
    expect(await codeOf(takeaway({ deliveryTime: at(13, 0) }))).toBe('amountError');
  });

  test('a dine-in order without a table is refused', async () => {
    expect(await codeOf(dine({ table: undefined }))).toBe('requiredTable');
  });

  test('a table the shop does not have is refused', async () => {
    expect(await codeOf(dine({ table: 'Z9' }))).toBe('tableNotFound');
  });

  test('an impossible number of people is refused', async () => {
    expect(await codeOf(dine({ people: 0 }))).toBe('incorrectPeopleCount');
  });

  test('more people than the table seats is refused', async () => {
    expect(await codeOf(dine({ people: 40 }))).toBe('incorrectPeopleCount');
  });
});

describe('payment', () => {
  test('a pay type the shop does not offer is refused', async () => {
    expect(await codeOf(takeaway({ payType: 'stripe' }))).toBe('noValidPayType');
  });

  test('a member card payment from a browser page is refused', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    expect(await codeOf(takeaway({ payType: 'vip' }), token, { useragenttype: '3' })).toBe(
      'browserCannotPayByCard',
    );
  });

  test('a member card payment without a card asks to register', async () => {
    expect(await codeOf(takeaway({ payType: 'vip' }))).toBe('pleaseRegisterFirst');
  });

  test('a member card payment beyond the balance is refused', async () => {
    const token = await server.tokenFor(DEMO_USER.memberEmpty.id, SHOP.restaurant);
    const body = takeaway({ payType: 'vip', payPassword: DEMO_MEMBER_EMPTY.payPassword });
    // 李四's card holds nothing; the total is the server's own (member price applies)
    const total = await quote(server, token, body);
    expect(
      failure(await server.call(orderCalls.confirm, { ...body, expectedTotal: total }, { token })).code,
    ).toBe('balanceInsufficient');
  });

  test('a coupon the user does not hold is refused', async () => {
    expect(await codeOf(takeaway({ couponId: 8501 }))).toBe('invalidCoupon');
  });

  test('an unknown promotion code is refused', async () => {
    expect(await codeOf(takeaway({ promotionCode: 'NOPE' }))).toBe('couponActivityNotExist');
  });

  test('no refused submission leaves an order behind', async () => {
    expect(await server.db.select().from(orders)).toHaveLength(0);
  });
});
