/**
 * store/publicList (SHOP-1, C§2 entry without a shop id): the shops a link's brand names, or every
 * shop, without a token; hours and open state at the server's clock; nearest first with a position.
 */
import { eq } from 'drizzle-orm';
import { storeCalls } from '../../src/api/contract/store';
import { shops } from '../../server/src/db/schema';
import { demoData } from '../../server/src/demo';
import { CHAIN_ID, SHOP } from '../../server/src/demo/ids';
import { PUBLIC_LIST_PER_MINUTE } from '../../server/src/routes/shops-public';
import { serverPerFile } from '../support/build-server';

const srv = serverPerFile();

// demo positions (GCJ-02, server/src/demo): restaurant 31.2304,121.4737; beauty 31.2286,121.448;
// the retail shop is in Singapore, 1.3048,103.8318
const AT_BEAUTY = { latitude: 31.2286, longitude: 121.448, coordType: 'gcj02' as const };

/** Every demo shop the test server holds (the seed's shops), and those of the demo chain. */
const DEMO_IDS = demoData.shops.map((d) => d.shop.id).sort();
const CHAIN_IDS = demoData.shops.filter((d) => d.chainId === CHAIN_ID).map((d) => d.shop.id).sort();
/** Where `id` stands in a list of shops. */
const at = (shops: Array<{ id: number }>, id: number) => shops.findIndex((s) => s.id === id);
const sortedBy = (names: string[], locale: string) => [...names].sort(new Intl.Collator(locale).compare);

async function list(body: unknown, headers?: Record<string, string>) {
  const res = await srv().call(storeCalls.publicList, body, { headers });
  if (!res.ok) throw new Error(`publicList refused: ${res.info}`);
  return res.info.list;
}

describe('store/publicList without a token', () => {
  test('a link naming nothing lists every demo shop, by name in pinyin order', async () => {
    const all = await list({});
    expect(all.map((s) => s.id).sort()).toEqual(DEMO_IDS);
    expect(all.map((s) => s.name)).toEqual(sortedBy(all.map((s) => s.name), 'zh-CN'));
    // 好 hǎo < 沪 hù < 悦 yuè
    expect(at(all, SHOP.retail)).toBeLessThan(at(all, SHOP.restaurant));
    expect(at(all, SHOP.restaurant)).toBeLessThan(at(all, SHOP.beauty));
    expect(all.every((s) => s.distance === null)).toBe(true);
    const bistro = all.find((s) => s.id === SHOP.restaurant)!;
    expect(bistro).toMatchObject({ name: '沪味小馆（南京东路店）', address: '上海市黄浦区南京东路 300 号 2 楼', industry: 2, businessHours: '06:00-02:00', shopStatus: 1, chainId: CHAIN_ID });
    expect(bistro.image).toMatch(/^\/demo-images\//);
  });

  test('in English the names and their order are English', async () => {
    const all = await list({}, { language: 'en' });
    const names = all.map((s) => s.name);
    expect(names).toEqual(sortedBy(names, 'en'));
    expect(names).toEqual(expect.arrayContaining(['Good Taste Express (Orchard Road)', 'Serene Beauty Studio (Jing’an)', 'Shanghai Bistro (East Nanjing Rd)']));
  });

  test('a brand lists the shops of its chain only (as a number or as link text)', async () => {
    for (const brand of [CHAIN_ID, String(CHAIN_ID)]) {
      const chain = await list({ brand });
      expect(chain.map((s) => s.id).sort()).toEqual(CHAIN_IDS);
      expect(chain.every((s) => s.chainId === CHAIN_ID)).toBe(true);
      expect(at(chain, SHOP.beauty)).toBe(-1);
    }
    expect(CHAIN_IDS).toEqual(expect.arrayContaining([SHOP.restaurant, SHOP.retail]));
  });

  test('a brand that names no chain lists nothing', async () => {
    expect(await list({ brand: 4242 })).toEqual([]);
  });

  test('with a position the shops come nearest first, with their distance', async () => {
    const near = await list({ position: AT_BEAUTY });
    expect(near.map((s) => s.id).sort()).toEqual(DEMO_IDS);
    expect(near[0]).toMatchObject({ id: SHOP.beauty, distance: 0 });
    const distances = near.map((s) => s.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const bistro = near.find((s) => s.id === SHOP.restaurant)!;
    const singapore = near.find((s) => s.id === SHOP.retail)!;
    // restaurant from the salon: Δlat 0.0018°, Δlng 0.0257° × cos 31.23° = 0.02198°;
    // √(0.0018² + 0.02198²) = 0.02205° × 111.195 km/° ≈ 2.452 km
    expect(bistro.distance).toBeCloseTo(2.452, 1);
    // Shanghai to Singapore is about 3,800 km
    expect(singapore.distance!).toBeGreaterThan(3700);
    expect(singapore.distance!).toBeLessThan(3900);
    expect(at(near, SHOP.restaurant)).toBeLessThan(at(near, SHOP.retail));
  });

  test('a browser position (WGS-84) is converted to the shops’ map system before measuring', async () => {
    // the same place in WGS-84 lies about 0.0020° south and 0.0045° west of its GCJ-02 reading;
    // after conversion the salon is within a few metres, not half a kilometre away
    const near = await list({ position: { latitude: 31.2306, longitude: 121.4435, coordType: 'wgs84' } });
    expect(near[0].id).toBe(SHOP.beauty);
    expect(near[0].distance!).toBeLessThan(0.1);
  });

  test('a shop without a GPS position comes after those with one', async () => {
    const [row] = await srv().db.select().from(shops).where(eq(shops.id, SHOP.beauty));
    const { gpsAddress: _dropped, ...settings } = row.settings;
    await srv().db.update(shops).set({ settings }).where(eq(shops.id, SHOP.beauty));
    srv().ctx.shopCache.clear();
    const near = await list({ position: AT_BEAUTY });
    expect(near[near.length - 1]).toMatchObject({ id: SHOP.beauty, distance: null });
    expect(near.slice(0, -1).every((s) => s.distance !== null)).toBe(true);
  });

  test('open now follows the server clock: Monday noon all open, 03:00 only the all-day shop', async () => {
    const openOf = async () => {
      const all = await list({});
      return [SHOP.retail, SHOP.restaurant, SHOP.beauty].map((id) => [id, all.find((s) => s.id === id)!.isOpen]);
    };
    // 2026-11-23 12:00 shop time (UTC+8), the test clock's start
    expect(await openOf()).toEqual([
      [SHOP.retail, true],
      [SHOP.restaurant, true],
      [SHOP.beauty, true],
    ]);
    // 03:00 shop time: the restaurant closed at 02:00, the salon opens at 10:00, the retail shop runs 00:00–23:59
    srv().clock.set(Date.UTC(2026, 10, 22, 19, 0, 0));
    expect(await openOf()).toEqual([
      [SHOP.retail, true],
      [SHOP.restaurant, false],
      [SHOP.beauty, false],
    ]);
  });

  test('a token is not needed, and one sent changes nothing', async () => {
    const token = await srv().login(SHOP.beauty);
    const res = await srv().call(storeCalls.publicList, {}, { token });
    expect(res.ok && res.info.list).toEqual(await list({}));
  });
});

describe('store/publicList refuses bad input with a clear error', () => {
  test.each([
    ['a brand that is not a number', { brand: 'good-taste' }, 'brand'],
    ['a latitude out of range', { position: { latitude: 123, longitude: 121.4, coordType: 'gcj02' } }, 'position.latitude'],
    ['an unknown coordinate system', { position: { latitude: 31.2, longitude: 121.4, coordType: 'bd09' } }, 'position.coordType'],
    ['a position without longitude', { position: { latitude: 31.2, coordType: 'gcj02' } }, 'position.longitude'],
    ['a field the call does not take', { shopId: SHOP.restaurant }, 'body'],
  ])('%s', async (_name, body, field) => {
    const res = await srv().call(storeCalls.publicList, body);
    expect(res.ok).toBe(false);
    expect(res.status).toBe(200);
    expect(res.code).toBe('badRequest');
    expect(res.info).toContain(field);
  });

  test(`more than ${PUBLIC_LIST_PER_MINUTE} calls a minute from one address are refused, then allowed again`, async () => {
    const calls = await Promise.all(Array.from({ length: PUBLIC_LIST_PER_MINUTE + 1 }, () => srv().call(storeCalls.publicList, {})));
    expect(calls.filter((r) => r.ok)).toHaveLength(PUBLIC_LIST_PER_MINUTE);
    const refused = calls.filter((r) => !r.ok);
    expect(refused.map((r) => r.code)).toEqual(['tooManyRequests']);
    srv().clock.advance(60_000);
    expect((await srv().call(storeCalls.publicList, {})).ok).toBe(true);
  });
});
