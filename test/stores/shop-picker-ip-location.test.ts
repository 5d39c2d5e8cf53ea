/**
 * C§7 "IP location" in the app: the shop list of a launch without a shop sorts by distance from the
 * device position, and when the device gives none, from where the network address puts the customer
 * (delivery/ipLocation, city-level). Against the real server on in-memory PGlite through `app.inject`,
 * whose connections come from 127.0.0.1: the demo's loopback locator places them in Shanghai.
 */
import { ErrorCode } from '../../src/domain/errors';
import type { LocationAdapter } from '../../src/platform/types';
import { ShopPickerStore } from '../../src/stores/areas/shop-picker';
import { buildTestServer, type TestServer } from '../support/build-server';
import { InjectTransport } from '../support/inject-transport';
import { buildStores } from '../support/store-factories';

let server: TestServer;
const savedKey = process.env.MAP_KEY;
beforeAll(async () => {
  // no maps key: the loopback double answers, as in the demo
  delete process.env.MAP_KEY;
  server = await buildTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
  if (savedKey !== undefined) process.env.MAP_KEY = savedKey;
});

const refused: LocationAdapter = { getLocation: async () => ({ ok: false, code: ErrorCode.locationUnavailable }), mapTiles: false };
// Notre-Dame, Paris (WGS-84, as a browser gives it)
const paris: LocationAdapter = { getLocation: async () => ({ ok: true, value: { latitude: 48.853, longitude: 2.3499, coordType: 'wgs84' } }), mapTiles: false };

function picker(location: LocationAdapter) {
  const f = buildStores({ via: new InjectTransport(server), location });
  return { store: new ShopPickerStore({ api: f.api, platform: f.platform }) };
}

describe('the shop list without a device position (C§7 IP location)', () => {
  test('the network address places the customer in Shanghai: the Shanghai shops come first, with distances', async () => {
    const { store } = picker(refused);
    await store.load(null);
    expect(store.located).toBe('area');
    expect(store.area).toBe('上海市');
    const shops = store.shops ?? [];
    expect(shops.length).toBeGreaterThan(1);
    // every shop with a position has its distance from People's Square, nearest first
    const distances = shops.map((s) => s.distance).filter((d): d is number => d !== null);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(20);
    expect(shops[0].distance).not.toBeNull();
  });

  test('a device position wins: from Paris the Paris shop comes first and the list says "nearest"', async () => {
    const { store } = picker(paris);
    await store.load(null);
    expect(store.located).toBe('located');
    expect(store.area).toBeNull();
    expect(store.shops?.[0].name).toMatch(/Paris|巴黎/);
  });
});
