import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ActivityType, OrderTypeLimit, ProductStatus, TaxMode } from '../../src/domain/enums';
import { isInSaleTime, isWithinBusinessHours } from '../../src/domain/hours';
import { buildLargeShop, demoData } from '../../server/src/demo';
import type { DemoProduct, DemoShop } from '../../server/src/demo';
import {
  ACTIVITY,
  AREA,
  BEAUTY_PRODUCT,
  BEAUTY_TAG,
  BEAUTY_USER,
  CHAIN_ID,
  COUPON_TEMPLATE,
  DEMO_MEMBER,
  DEMO_MEMBER_EMPTY,
  DEMO_PRODUCT_ROLE,
  DEMO_USER,
  LARGE_PRODUCT_BASE,
  MEMBER_COUPON,
  PROMOTION_CODE,
  RESTAURANT_CATEGORY,
  RESTAURANT_PRODUCT,
  RETAIL_CATEGORY,
  RETAIL_PRODUCT,
  PARIS_PRODUCT,
  RETAIL_PROMOTION_CODE,
  SHOP,
  TABLE,
} from '../../server/src/demo/ids';
import { imageFileOf, recordedImages, renderImageSvg } from '../../server/src/demo/images';

const IMAGES_DIR = join(__dirname, '..', '..', 'server', 'src', 'demo', 'images');
const large = buildLargeShop();
const allShops: DemoShop[] = [...demoData.shops, large];

const shopOf = (id: number): DemoShop => {
  const found = allShops.find((s) => s.shop.id === id);
  if (!found) throw new Error(`shop ${id} missing`);
  return found;
};
const restaurant = shopOf(SHOP.restaurant);
const retail = shopOf(SHOP.retail);
const beauty = shopOf(SHOP.beauty);
const productOf = (shop: DemoShop, id: number): DemoProduct => {
  const found = shop.products.find((p) => p.id === id);
  if (!found) throw new Error(`product ${id} missing in shop ${shop.shop.id}`);
  return found;
};

/** Every string anywhere in a value (deep walk). */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsIn(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => stringsIn(v, out));
  return out;
}

/** Decimal places of a number as written (12.35 → 2). */
const decimalsOf = (n: number): number => (String(n).split('.')[1] ?? '').length;

/** Every money figure of a product: price, member price, spec, taste and meal-set prices. */
function pricesOf(p: DemoProduct): number[] {
  return [
    p.price,
    ...(p.memberPrice === undefined ? [] : [p.memberPrice]),
    ...(p.specs ?? []).flatMap((s) => [s.price, ...(s.memberPrice === undefined ? [] : [s.memberPrice])]),
    ...(p.tastes ?? []).flatMap((g) => g.options.map((o) => o.price)),
    ...(p.mealset ?? []).flatMap((g) => g.items.map((i) => i.price)),
  ];
}

/** A Monday and a Saturday in Shanghai time (UTC+8), at a given hour. */
const mondayAt = (hour: number) => Date.UTC(2026, 10, 23, hour - 8, 0);
const saturdayAt = (hour: number) => Date.UTC(2026, 10, 28, hour - 8, 0);

describe('demo ids', () => {
  it('names the demo shops (the Paris one last) and a separate large shop', () => {
    expect(demoData.shops.map((s) => s.shop.id)).toEqual([SHOP.restaurant, SHOP.retail, SHOP.beauty, SHOP.branch, SHOP.paris]);
    const paris = demoData.shops.find((s) => s.shop.id === SHOP.paris)!;
    for (const id of Object.values(PARIS_PRODUCT)) expect(productOf(paris, id).id).toBe(id);
    expect(paris.shop).toMatchObject({ timeZone: 'Europe/Paris', currencySymbol: '€', businessTimeRange: [{ start: '09:00', end: '22:00' }] });
    expect(large.shop.id).toBe(SHOP.large);
  });

  it('finds every restaurant, retail and beauty product id in its shop', () => {
    for (const id of Object.values(RESTAURANT_PRODUCT)) expect(productOf(restaurant, id).id).toBe(id);
    for (const id of Object.values(RETAIL_PRODUCT)) expect(productOf(retail, id).id).toBe(id);
    for (const id of Object.values(BEAUTY_PRODUCT)) expect(productOf(beauty, id).id).toBe(id);
  });

  it('finds every category id in its shop', () => {
    expect(restaurant.categories.map((c) => c.id).sort()).toEqual(Object.values(RESTAURANT_CATEGORY).sort());
    expect(retail.categories.map((c) => c.id).sort()).toEqual(Object.values(RETAIL_CATEGORY).sort());
  });

  it('finds every table id in the restaurant under its printed name', () => {
    for (const [name, id] of Object.entries(TABLE)) {
      expect(restaurant.tables?.find((t) => t.id === id)?.sName).toBe(name);
    }
  });

  it('finds every activity id in exactly one shop', () => {
    const ids = demoData.shops.flatMap((s) => s.activities.map((a) => a.id));
    for (const id of Object.values(ACTIVITY)) expect(ids.filter((x) => x === id)).toHaveLength(1);
  });

  it('finds every coupon template and member coupon id', () => {
    const templates = demoData.shops.flatMap((s) => s.couponTemplates.map((c) => c.id));
    expect(templates.sort()).toEqual(Object.values(COUPON_TEMPLATE).sort());
    expect(demoData.memberCoupons.map((c) => c.id).sort()).toEqual(Object.values(MEMBER_COUPON).sort());
  });

  it('finds the beauty service users and tags', () => {
    expect(beauty.beauty?.users.map((u) => u.id).sort()).toEqual(Object.values(BEAUTY_USER).sort());
    expect(beauty.beauty?.tags.map((t) => t.id).sort()).toEqual(Object.values(BEAUTY_TAG).sort());
  });

  it('finds the demo members and users', () => {
    const member = demoData.members.find((m) => m.id === DEMO_MEMBER.id);
    expect(member?.phone).toBe(DEMO_MEMBER.phone);
    expect(demoData.members.find((m) => m.id === DEMO_MEMBER.beautyId)?.shopId).toBe(SHOP.beauty);
    expect(demoData.members.find((m) => m.id === DEMO_MEMBER_EMPTY.id)?.phone).toBe(DEMO_MEMBER_EMPTY.phone);
    expect(demoData.users.map((u) => u.openid).sort()).toEqual(Object.values(DEMO_USER).map((u) => u.openid).sort());
  });

  it('ties each promotion code to a productDiscountWithCode activity', () => {
    const byCode = (code: string) =>
      demoData.shops.flatMap((s) => s.activities).find((a) => a.code === code);
    expect(byCode(PROMOTION_CODE)?.type).toBe(ActivityType.productDiscountWithCode);
    expect(byCode(RETAIL_PROMOTION_CODE)?.type).toBe(ActivityType.productDiscountWithCode);
  });

  it('uses every product, category, activity and coupon id only once across all shops', () => {
    const unique = (ids: number[]) => new Set(ids).size === ids.length;
    expect(unique(allShops.flatMap((s) => s.products.map((p) => p.id)))).toBe(true);
    expect(unique(allShops.flatMap((s) => s.categories.map((c) => c.id)))).toBe(true);
    expect(unique(allShops.flatMap((s) => s.activities.map((a) => a.id)))).toBe(true);
    expect(unique([...allShops.flatMap((s) => s.couponTemplates.map((c) => c.id)), ...demoData.memberCoupons.map((c) => c.id)])).toBe(true);
  });
});

describe('demo activities', () => {
  const activities = demoData.shops.flatMap((s) => s.activities);

  it('include every activity kind of P§3', () => {
    const kinds = new Set(activities.map((a) => a.type));
    for (const type of Object.values(ActivityType)) expect(kinds).toContain(type);
  });

  it('give the restaurant one activity of every kind', () => {
    expect(new Set(restaurant.activities.map((a) => a.type)).size).toBe(Object.values(ActivityType).length);
  });

  it('are enabled from 2025-01-01 to 2030-12-31', () => {
    for (const a of activities) {
      expect(a.status).toBe(1);
      expect(String(a.startDate).slice(0, 10)).toBe('2025-01-01');
      expect(String(a.endDate).slice(0, 10)).toBe('2030-12-31');
    }
  });

  it('carry order-type bitmasks within the four flags', () => {
    const all = OrderTypeLimit.takeaway | OrderTypeLimit.pick | OrderTypeLimit.dine | OrderTypeLimit.appointment;
    for (const a of activities) {
      expect(a.orderType).toBeGreaterThan(0);
      expect((a.orderType ?? 0) & ~all).toBe(0);
    }
  });

  it('has a full reduction with gears and a cyclic one', () => {
    const reductions = activities.filter((a) => a.type === ActivityType.fullReduction);
    expect(reductions.some((a) => (a.gears?.length ?? 0) >= 3 && !a.cyclicCalc)).toBe(true);
    expect(reductions.some((a) => a.cyclicCalc === true)).toBe(true);
  });

  it('only name products of their own shop', () => {
    for (const shop of demoData.shops) {
      const ids = new Set(shop.products.map((p) => p.id));
      for (const a of shop.activities) {
        const named = [
          ...(a.productList ?? []).map((e) => e.id),
          ...(a.product ? [a.product.id] : []),
          ...(a.productId ? [a.productId] : []),
          ...(a.productIds ?? []),
        ];
        for (const id of named) expect({ activity: a.id, id, known: ids.has(id) }).toEqual({ activity: a.id, id, known: true });
      }
    }
  });

  it('give every gift and coupon activity something to hand out', () => {
    const giving: number[] = [
      ActivityType.discountCoupon,
      ActivityType.expandCoupon,
      ActivityType.overSendProduct,
      ActivityType.overSendCoupon,
      ActivityType.timesRedBag,
      ActivityType.couponSend,
      ActivityType.firstMemberPayGift,
      ActivityType.productCoupon,
      ActivityType.pointRedeem,
      ActivityType.memberChargePresentCoupon,
    ];
    for (const a of activities.filter((x) => giving.includes(x.type))) {
      expect({ id: a.id, gives: (a.coupons?.length ?? 0) > 0 || a.product !== undefined }).toEqual({ id: a.id, gives: true });
    }
  });

  it('only give coupon templates that exist', () => {
    const templates = new Set(demoData.shops.flatMap((s) => s.couponTemplates.map((c) => c.id)));
    for (const a of activities) for (const c of a.coupons ?? []) expect(templates).toContain(c.id);
  });
});

describe('demo shops', () => {
  it('all have business hours and a GPS position', () => {
    for (const { shop } of allShops) {
      expect(shop.businessTimeRange?.length).toBeGreaterThan(0);
      expect(shop.businessHours).toMatch(/^\d\d:\d\d-\d\d:\d\d/);
      expect(shop.gpsAddress).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });
    }
  });

  it('place the restaurant in Shanghai at 31.2304, 121.4737', () => {
    expect(restaurant.shop.gpsAddress).toEqual({ lat: 31.2304, lng: 121.4737 });
  });

  it('keep every product in a category of its own shop', () => {
    for (const shop of allShops) {
      const categories = new Set(shop.categories.map((c) => c.id));
      for (const p of shop.products) expect(categories.has(p.typeid)).toBe(true);
    }
  });

  it('give every shop, category, product and activity an English name', () => {
    for (const shop of allShops) {
      expect(shop.shop.nameEn).toBeTruthy();
      for (const named of [...shop.categories, ...shop.products, ...shop.activities, ...shop.couponTemplates]) {
        expect(named.nameEn).toMatch(/[A-Za-z]/);
      }
    }
  });

  it('put the restaurant and the overseas shop in one chain mini program', () => {
    for (const shop of [restaurant, retail]) {
      expect(shop.chainId).toBe(CHAIN_ID);
      expect(shop.shop.chainId).toBe(CHAIN_ID);
      expect(shop.shop.isChainMiniProgram).toBe(true);
    }
    expect(beauty.chainId).toBeUndefined();
  });

  it('open the restaurant across midnight for takeaway and around the clock for scan orders', () => {
    expect(isWithinBusinessHours(restaurant.shop, mondayAt(1), 'takeaway')).toBe(true); // 01:00 < 02:00
    expect(isWithinBusinessHours(restaurant.shop, mondayAt(4), 'takeaway')).toBe(false); // closed 02:00–06:00
    expect(isWithinBusinessHours(restaurant.shop, mondayAt(4), 'openTable')).toBe(true);
  });

  it('make the restaurant takeaway tiers ¥5 / ¥8 / ¥12 up to 3 / 5 / 8 km, free from ¥88', () => {
    expect(restaurant.shop.deliverAmount).toEqual([
      { distance: 3, amount: 5 },
      { distance: 5, amount: 8 },
      { distance: 8, amount: 12 },
    ]);
    expect(restaurant.shop.isFreeDeliveryFee).toBe(true);
    expect(restaurant.shop.freeDeliveryMinAmount).toBe(88);
  });

  it('set the overseas shop to S$, two decimals, 0.05 rounding and 9 % GST on top', () => {
    expect(retail.shop.currencySymbol).toBe('S$');
    expect(retail.shop.numberDecimals).toBe(2);
    expect(retail.shop.isRounding05).toBe(true);
    expect(retail.shop.pickerPackFee).toBeGreaterThan(0);
    for (const p of retail.products) expect(p.taxes).toEqual([expect.objectContaining({ taxType: TaxMode.TAX_OUT, taxValue: 9 })]);
  });

  it('make the beauty salon an appointment shop with durations and a deposit', () => {
    expect(beauty.shop.industry).toBe(4);
    expect(beauty.shop.appointmentTimeLimit).toBeGreaterThan(0);
    expect(beauty.beauty?.set.depositSet).toEqual({ allowDeposit: true, payMode: 1, rate: 30 });
    for (const p of beauty.products) expect(p.serviceTime).toBeGreaterThan(0);
    for (const u of beauty.beauty?.users ?? []) {
      expect(beauty.beauty?.tags.map((t) => t.id)).toContain(u.tagId);
      expect(u.jobNo).toBeTruthy();
      expect(u.headImage).toMatch(/^\/demo-images\//);
    }
  });
});

describe('demo restaurant tables', () => {
  const tables = restaurant.tables ?? [];

  it('seat the hall at A1–A8 and the private rooms at R1–R4', () => {
    expect(tables.filter((t) => t.nAreaID === AREA.hall).map((t) => t.sName)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8']);
    expect(tables.filter((t) => t.nAreaID === AREA.room).map((t) => t.sName)).toEqual(['R1', 'R2', 'R3', 'R4']);
    expect(restaurant.areas?.map((a) => a.id)).toEqual([AREA.hall, AREA.room]);
  });

  it('give every table a seat count, an hourly fee and a fee type, with open-table timing on', () => {
    expect(restaurant.shop.isOpenTiming).toBe(true);
    for (const t of tables) {
      expect(t.nMaxPerson).toBeGreaterThan(0);
      expect(t.fEachFee).toBeGreaterThan(0);
      expect([0, 1]).toContain(t.nFeeType);
      expect(t.nStatus).toBe(0);
    }
  });
});

describe('demo restaurant menu', () => {
  const P = RESTAURANT_PRODUCT;

  it('has about forty products in eight categories', () => {
    expect(restaurant.categories).toHaveLength(8);
    expect(restaurant.products.length).toBeGreaterThanOrEqual(40);
  });

  it('has a sold-out and an offline product', () => {
    expect(productOf(restaurant, P.lobster).status).toBe(ProductStatus.SALE_OUT);
    expect(productOf(restaurant, P.abalone).status).toBe(ProductStatus.OFFLINE);
  });

  it('limits the stock of Peking duck and mango pudding to 5', () => {
    expect(productOf(restaurant, P.peking).stock).toBe(5);
    expect(productOf(restaurant, P.mangoPudding).stock).toBe(5);
  });

  it('sizes the boiled fish small, medium and large at ¥58, ¥78 and ¥98', () => {
    expect(productOf(restaurant, P.boiledFish).specs?.map((s) => [s.name, s.price])).toEqual([
      ['小份', 58],
      ['中份', 78],
      ['大份', 98],
    ]);
  });

  it('asks a required spice level and optional paid toppings for mapo tofu', () => {
    const [spice, toppings] = productOf(restaurant, P.mapoTofu).tastes ?? [];
    expect(spice.required).toBe(true);
    expect(toppings.required).toBe(false);
    expect(toppings.options.every((o) => o.price > 0 && (o.maxQuantity ?? 0) > 1)).toBe(true);
  });

  it('builds the value set from a main, a side and a drink of the menu', () => {
    const set = productOf(restaurant, P.comboSet).mealset ?? [];
    expect(set.map((g) => [g.nameEn, g.required])).toEqual([
      ['Main', 1],
      ['Side', 1],
      ['Drink', 1],
    ]);
    for (const item of set.flatMap((g) => g.items)) expect(productOf(restaurant, item.id).name).toBe(item.name);
  });

  it('sells breakfast on weekday mornings only', () => {
    const breakfast = restaurant.categories.find((c) => c.id === RESTAURANT_CATEGORY.breakfast)!;
    expect(isInSaleTime(breakfast.saleDateRange, mondayAt(8))).toBe(true);
    expect(isInSaleTime(breakfast.saleDateRange, mondayAt(11))).toBe(false);
    expect(isInSaleTime(breakfast.saleDateRange, saturdayAt(8))).toBe(false);
  });

  it('sells the skewer platter from 21:00 to 02:00 only', () => {
    const { saleTime } = productOf(restaurant, P.nightSkewers);
    expect(isInSaleTime(saleTime, mondayAt(12))).toBe(false);
    expect(isInSaleTime(saleTime, mondayAt(23))).toBe(true);
  });

  it('has a minimum quantity, a purchase limit, member prices and a member-level product', () => {
    expect(productOf(restaurant, P.dumplings).minQuantity).toBe(2);
    expect(productOf(restaurant, P.crayfish).purchaseLimit).toBe(2);
    const braised = productOf(restaurant, P.braisedPork);
    expect(braised.memberPrice).toBeLessThan(braised.price);
    expect(productOf(restaurant, P.wagyu).memberLevels?.length).toBeGreaterThan(0);
  });

  it('names products by role that really have the role', () => {
    const R = DEMO_PRODUCT_ROLE;
    expect(productOf(restaurant, R.soldOut).status).toBe(ProductStatus.SALE_OUT);
    expect(productOf(restaurant, R.offline).status).toBe(ProductStatus.OFFLINE);
    expect(productOf(restaurant, R.stock5).stock).toBe(5);
    expect(productOf(restaurant, R.spec).specs?.length).toBe(3);
    expect(productOf(restaurant, R.taste).tastes?.some((g) => g.required)).toBe(true);
    expect(productOf(restaurant, R.mealSet).mealset?.length).toBe(3);
    expect(productOf(restaurant, R.outOfSaleTime).saleTime?.length).toBe(1);
    expect(productOf(restaurant, R.minQuantity).minQuantity).toBe(2);
    expect(productOf(restaurant, R.purchaseLimit).purchaseLimit).toBe(2);
    expect(productOf(restaurant, R.memberPrice).memberPrice).toBeDefined();
    expect(productOf(restaurant, R.memberLevelOnly).memberLevels).toBeDefined();
    const plain = productOf(restaurant, R.plain);
    expect(plain.status ?? ProductStatus.NORMAL).toEqual(ProductStatus.NORMAL);
    expect(plain.stock).toEqual(undefined);
    expect(plain.specs).toEqual(undefined);
    expect(plain.mealset).toEqual(undefined);
  });

  it('limits the wagyu steak to levels the chain shops list', () => {
    const levels = restaurant.memberLevels.map((l) => l.level);
    for (const level of productOf(restaurant, RESTAURANT_PRODUCT.wagyu).memberLevels ?? []) expect(levels).toContain(level);
  });

  it('has a product of each tax mode', () => {
    const modes = new Set(restaurant.products.flatMap((p) => (p.taxes ?? []).map((t) => t.taxType)));
    expect([...modes].sort()).toEqual(Object.values(TaxMode).sort());
  });
});

describe('demo members', () => {
  const member = demoData.members.find((m) => m.id === DEMO_MEMBER.id)!;

  it('give 张三 balance 500, gift amount 50, 2000 points and pay password 135790', () => {
    expect(member).toEqual(
      expect.objectContaining({ name: '张三', phone: '13800000000', amount: 500, giftAmount: 50, points: 2000, payPassword: '135790' }),
    );
  });

  it('give 张三 a level the chain shops list', () => {
    for (const shop of [restaurant, retail]) expect(shop.memberLevels.map((l) => l.level)).toContain(member.level);
  });

  it('give every pay password six digits other than 123456', () => {
    for (const m of demoData.members) expect(m.payPassword).toMatch(/^(?!123456$)\d{6}$/);
  });

  it('hand the demo member usable coupons and one expired coupon', () => {
    const held = demoData.memberCoupons.filter((c) => c.memberId === DEMO_MEMBER.id);
    expect(held.filter((c) => c.status === 1).length).toBeGreaterThanOrEqual(4);
    expect(held.find((c) => c.id === MEMBER_COUPON.expired)?.status).toBe(0);
  });

  it('offer recharge of 100 get 10 and a first charge of 200 get 40', () => {
    expect(restaurant.payRules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ chargeAmount: 100, presentAmount: 10, isFirst: false }),
        expect.objectContaining({ chargeAmount: 200, presentAmount: 40, isFirst: true }),
      ]),
    );
  });
});

describe('large shop', () => {
  it('has 1,000 products in 40 categories of 25', () => {
    expect(large.products).toHaveLength(1000);
    expect(large.categories).toHaveLength(40);
    for (const c of large.categories) expect(large.products.filter((p) => p.typeid === c.id)).toHaveLength(25);
  });

  it('is the same on every build', () => {
    expect(buildLargeShop()).toEqual(large);
  });

  it('numbers its products from LARGE_PRODUCT_BASE + 1', () => {
    expect(large.products[0].id).toBe(LARGE_PRODUCT_BASE + 1);
    expect(large.products[999].id).toBe(LARGE_PRODUCT_BASE + 1000);
  });
});

describe('demo images and prices', () => {
  const paths = [...new Set(stringsIn([demoData, large]).filter((s) => s.startsWith('/demo-images/')))];

  it('refer to pictures only under /demo-images/, never an external URL', () => {
    expect(paths.length).toBeGreaterThan(50);
    // the one address that leaves the app by nature: where the shop's Android app is downloaded (USER-4)
    const external = stringsIn([demoData, large]).filter((s) => /^https?:\/\//.test(s));
    const downloads = demoData.shops.map((s) => (s.shop as { appDownloadUrl?: string }).appDownloadUrl).filter(Boolean);
    expect(external.filter((s) => !downloads.includes(s))).toEqual([]);
    expect(downloads.every((u) => /^https:\/\//.test(u!))).toBe(true);
  });

  it('find every referenced picture on disk', () => {
    const missing = paths.filter((p) => !existsSync(join(IMAGES_DIR, imageFileOf(p)!)));
    expect(missing).toEqual([]);
  });

  it('keep the picture files in step with what the data draws', () => {
    const stale = recordedImages().filter((spec) => readFileSync(join(IMAGES_DIR, spec.file), 'utf8') !== renderImageSvg(spec));
    expect(stale.map((s) => s.file)).toEqual([]);
  });

  it('write no price with more places than the shop’s numberDecimals', () => {
    for (const shop of allShops) {
      const places = shop.shop.numberDecimals ?? 2;
      const tooLong = shop.products.flatMap(pricesOf).filter((n) => decimalsOf(n) > places);
      expect(tooLong).toEqual([]);
    }
  });
});
