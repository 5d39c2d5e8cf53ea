/**
 * The console's availability store without a server (CONSOLE-5): the products searched and filtered,
 * a product marked sold out and back (its row replaced by the answer), a stock typed and checked before
 * sending (empty = untracked), a refusal kept on its row with the row unchanged, the pause panels
 * (minutes and reason checked, the running pause shown until its end on the server's clock, resume),
 * and a shop switch dropping an answer that arrives late.
 */
import type { AvailabilityProduct, PausesRes } from '../../src/api/contract/console-availability';
import { ConsoleApi } from '../../console/src/api';
import { AvailabilityStore, parsePauseMinutes, parseStock } from '../../console/src/stores/availability';
import { ClockStore } from '../../console/src/stores/clock';
import { T0, failure, flush, ok, scriptedFetch, type Reply } from './fixtures';

const MIN = 60_000;
const pork: AvailabilityProduct = { id: 10301, name: 'Braised Pork Belly', categoryId: 1103, category: 'Stir-fry', status: 0, stock: null, price: 48 };
const egg: AvailabilityProduct = { id: 10303, name: 'Tomato and Egg Stir-fry', categoryId: 1103, category: 'Stir-fry', status: 0, stock: 5, price: 22 };
const tea: AvailabilityProduct = { id: 10701, name: 'Iced Lemon Tea', categoryId: 1107, category: 'Drinks', status: 1, stock: null, price: 12 };
const categories = [
  { id: 1103, name: 'Stir-fry' },
  { id: 1107, name: 'Drinks' },
];
const noPauses: PausesRes = { pauses: [], types: ['takeaway', 'selfPickup', 'dine'], serverTime: T0 };
const takeawayPaused: PausesRes = {
  ...noPauses,
  pauses: [{ orderType: 'takeaway', until: T0 + 30 * MIN, reason: 'Kitchen full', untilText: '12:30', by: 'staff-1001', createdAt: T0 }],
};

function storeWith(replies: Record<string, Reply | Reply[]>, now: () => number = () => T0) {
  const fetch = scriptedFetch({ 'availability/products': ok({ products: [pork, egg, tea], categories }), 'availability/pauses': ok(noPauses), ...replies });
  const clock = new ClockStore(now);
  const a = new AvailabilityStore(new ConsoleApi({ fetch }), clock);
  a.setShop(1001);
  return { a, fetch, clock };
}

describe('products', () => {
  test('loads the shop’s products and pauses; search by name (any case) and filter by category', async () => {
    const { a, fetch } = storeWith({});
    await a.load();
    expect(fetch.calls.map((c) => [c.path, c.body])).toEqual([
      ['availability/products', { shopId: 1001 }],
      ['availability/pauses', { shopId: 1001 }],
    ]);
    expect(a.visible.map((p) => p.id)).toEqual([10301, 10303, 10701]);
    a.setQuery('  STIR ');
    expect(a.visible.map((p) => p.id)).toEqual([10303]);
    a.setQuery('');
    a.setCategory(1107);
    expect(a.visible.map((p) => p.id)).toEqual([10701]);
    a.setQuery('pork');
    expect(a.visible).toEqual([]);
    expect(a.types).toEqual(['takeaway', 'selfPickup', 'dine']);
  });

  test('sold out and back: the request names the shop and the product, the row becomes the answer', async () => {
    const { a, fetch } = storeWith({
      'availability/productSet': [ok({ product: { ...pork, status: 1 } }), ok({ product: pork })],
    });
    await a.load();
    expect(await a.setSoldOut(10301, true)).toBe(true);
    expect(fetch.calls[2]).toEqual({ path: 'availability/productSet', body: { shopId: 1001, productId: 10301, soldOut: true } });
    expect(a.products.find((p) => p.id === 10301)?.status).toBe(1);
    expect(await a.setSoldOut(10301, false)).toBe(true);
    expect(a.products.find((p) => p.id === 10301)?.status).toBe(0);
  });

  test('stock: "12" sends 12, empty sends null (untracked); "-1", "2.5" and "abc" are refused on the row and not sent', async () => {
    const { a, fetch } = storeWith({
      'availability/productSet': (body) => {
        const b = body as { stock: number | null };
        return ok({ product: { ...egg, stock: b.stock } });
      },
    });
    await a.load();
    expect(await a.setStock(10303, ' 12 ')).toBe(true);
    expect(a.products.find((p) => p.id === 10303)?.stock).toBe(12);
    expect(await a.setStock(10303, '')).toBe(true);
    expect(a.products.find((p) => p.id === 10303)?.stock).toBeNull();
    const sent = fetch.calls.length;
    for (const bad of ['-1', '2.5', 'abc', '1000000']) {
      expect(await a.setStock(10303, bad)).toBe(false);
      expect(a.rowErrors.get(10303)?.code).toBe('stockInvalid');
    }
    expect(fetch.calls.length).toBe(sent);
    expect(a.products.find((p) => p.id === 10303)?.stock).toBeNull();
    expect(fetch.calls.slice(2).map((c) => (c.body as { stock: unknown }).stock)).toEqual([12, null]);
  });

  test('a refusal (a product gone from the menu) stays on its row and the row is unchanged; the next success clears it', async () => {
    const { a } = storeWith({ 'availability/productSet': [failure('notFound'), ok({ product: { ...tea, status: 0 } })] });
    await a.load();
    expect(await a.setSoldOut(10701, false)).toBe(false);
    expect(a.rowErrors.get(10701)?.code).toBe('notFound');
    expect(a.products.find((p) => p.id === 10701)?.status).toBe(1);
    expect(await a.setSoldOut(10701, false)).toBe(true);
    expect(a.rowErrors.has(10701)).toBe(false);
  });

  test('parsing: stock and minutes as typed', () => {
    expect([parseStock(''), parseStock('0'), parseStock('999999'), parseStock('1e3'), parseStock('-0')]).toEqual([null, 0, 999999, undefined, undefined]);
    expect([parsePauseMinutes('1'), parsePauseMinutes('720'), parsePauseMinutes('0'), parsePauseMinutes('721'), parsePauseMinutes('1.5'), parsePauseMinutes('')]).toEqual([
      1,
      720,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('pauses', () => {
  test('pause takeaway 30 min with a reason: the request, the running pause, and after its end on the server clock none', async () => {
    let now = T0 + 5000; // the tablet's clock runs 5 s ahead of the server's
    const { a, fetch, clock } = storeWith({ 'availability/pause': ok(takeawayPaused) }, () => now);
    await a.load();
    expect(await a.pause('takeaway', 30, '  Kitchen full ')).toBe(true);
    expect(fetch.calls[2]).toEqual({ path: 'availability/pause', body: { shopId: 1001, orderType: 'takeaway', minutes: 30, reason: 'Kitchen full' } });
    expect(a.pauseOf('takeaway')).toMatchObject({ untilText: '12:30', reason: 'Kitchen full' });
    expect(a.pauseOf('dine')).toBeNull();
    // 29 min 59 s on the server's clock: still paused; at 30 min: gone
    now += 30 * MIN - 1000;
    clock.tick();
    expect(a.pauseOf('takeaway')).not.toBeNull();
    now += 1000;
    clock.tick();
    expect(a.pauseOf('takeaway')).toBeNull();
  });

  test('minutes 0 or 721 and an empty or 61-character reason are refused on the panel and not sent', async () => {
    const { a, fetch } = storeWith({});
    await a.load();
    expect(await a.pause('takeaway', 0, 'busy')).toBe(false);
    expect(a.pauseErrors.get('takeaway')?.code).toBe('minutesInvalid');
    expect(await a.pause('takeaway', 721, 'busy')).toBe(false);
    expect(await a.pause('takeaway', undefined, 'busy')).toBe(false);
    expect(a.pauseErrors.get('takeaway')?.code).toBe('minutesInvalid');
    expect(await a.pause('dine', 15, '   ')).toBe(false);
    expect(a.pauseErrors.get('dine')?.code).toBe('reasonInvalid');
    expect(await a.pause('dine', 15, 'x'.repeat(61))).toBe(false);
    expect(fetch.calls.map((c) => c.path)).toEqual(['availability/products', 'availability/pauses']);
  });

  test('resume ends the pause; a refused resume keeps it and says why', async () => {
    const { a, fetch } = storeWith({ 'availability/pauses': ok(takeawayPaused), 'availability/resume': [failure('staffForbidden', {}, 403), ok(noPauses)] });
    await a.load();
    expect(a.pauseOf('takeaway')).not.toBeNull();
    expect(await a.resume('takeaway')).toBe(false);
    expect(a.pauseErrors.get('takeaway')?.code).toBe('staffForbidden');
    expect(a.pauseOf('takeaway')).not.toBeNull();
    expect(await a.resume('takeaway')).toBe(true);
    expect(a.pauseOf('takeaway')).toBeNull();
    expect(a.pauseErrors.has('takeaway')).toBe(false);
    expect(fetch.calls[3]).toEqual({ path: 'availability/resume', body: { shopId: 1001, orderType: 'takeaway' } });
  });
});

test('another shop opened while an answer is on its way: the late answer is dropped, the new shop starts empty', async () => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  const fetch = scriptedFetch({ 'availability/products': ok({ products: [pork], categories }), 'availability/pauses': ok(takeawayPaused) });
  const slow = (async (url: string, init: { body: string }) => {
    await held;
    return fetch(url, init as never);
  }) as unknown as typeof fetch;
  const a = new AvailabilityStore(new ConsoleApi({ fetch: slow }), new ClockStore(() => T0));
  a.setShop(1001);
  const loading = a.load();
  a.setShop(1004);
  release();
  await loading;
  await flush();
  expect(a.shopId).toBe(1004);
  expect(a.products).toEqual([]);
  expect(a.pauses).toEqual([]);
  a.clear();
  expect(a.shopId).toBeNull();
});
