import { deliveryCalls } from '../../src/api/contract/delivery';
import { HeaderNames } from '../../src/api/contract/common';
import { distanceKm } from '../../src/domain/validation';
import { SHOP } from '../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../support/build-server';

/**
 * USER-6: browser positions (WGS-84) are converted on the server into the shops' map system (GCJ-02
 * in mainland China, WGS-84 overseas) before they meet a shop's position.
 *
 * The expected figures come from the published WGS-84 → GCJ-02 transform, written out here on its own
 * (Krasovsky 1940 ellipsoid a = 6378245 m, e² = 0.00669342162296594323), not from the library the
 * server uses.
 */
const A = 6378245.0;
const EE = 0.006693421622965943;
function tLat(x: number, y: number): number {
  let r = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  r += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  r += ((20.0 * Math.sin(y * Math.PI) + 40.0 * Math.sin((y / 3.0) * Math.PI)) * 2.0) / 3.0;
  r += ((160.0 * Math.sin((y / 12.0) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30.0)) * 2.0) / 3.0;
  return r;
}
function tLng(x: number, y: number): number {
  let r = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  r += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  r += ((20.0 * Math.sin(x * Math.PI) + 40.0 * Math.sin((x / 3.0) * Math.PI)) * 2.0) / 3.0;
  r += ((150.0 * Math.sin((x / 12.0) * Math.PI) + 300.0 * Math.sin((x / 30.0) * Math.PI)) * 2.0) / 3.0;
  return r;
}
function wgsToGcj(lat: number, lng: number): { lat: number; lng: number } {
  let dLat = tLat(lng - 105.0, lat - 35.0);
  let dLng = tLng(lng - 105.0, lat - 35.0);
  const radLat = (lat / 180.0) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  dLat = (dLat * 180.0) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  dLng = (dLng * 180.0) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return { lat: lat + dLat, lng: lng + dLng };
}

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await buildTestServer();
  token = await server.login(SHOP.restaurant, 'alice');
}, 60_000);
afterAll(() => server.close());

describe('delivery/convertGps (USER-6)', () => {
  test('a browser position in Shanghai becomes GCJ-02, as the published transform gives it', async () => {
    const res = await server.call(deliveryCalls.convertGps, { latitude: 31.2304, longitude: 121.4737, from: 'wgs84' }, { token });
    if (!res.ok) throw new Error(res.info);
    const want = wgsToGcj(31.2304, 121.4737);
    expect(res.info.coordType).toBe('gcj02');
    // stored to 6 decimals (about 0.1 m)
    expect(Math.abs(res.info.latitude - want.lat)).toBeLessThan(1e-6);
    expect(Math.abs(res.info.longitude - want.lng)).toBeLessThan(1e-6);
  });

  test('standing at the shop, the converted position is at the shop; the raw one is about half a km off', async () => {
    // the demo restaurant's stored position is 31.2304,121.4737 in GCJ-02. The WGS-84 point a phone
    // reports there is found by inverting the transform (fixed-point iteration: wgs = gcj − (T(wgs) − wgs)).
    const shop = { lat: 31.2304, lng: 121.4737 };
    let wgs = { ...shop };
    for (let i = 0; i < 10; i += 1) {
      const g = wgsToGcj(wgs.lat, wgs.lng);
      wgs = { lat: wgs.lat - (g.lat - shop.lat), lng: wgs.lng - (g.lng - shop.lng) };
    }
    const raw = distanceKm(shop, wgs);
    expect(raw).toBeGreaterThan(0.4);
    const res = await server.call(deliveryCalls.convertGps, { latitude: wgs.lat, longitude: wgs.lng, from: 'wgs84' }, { token });
    if (!res.ok) throw new Error(res.info);
    expect(distanceKm(shop, { lat: res.info.latitude, lng: res.info.longitude })).toBeLessThan(0.001);
  });

  test('a position outside China stays as it is', async () => {
    const res = await server.call(deliveryCalls.convertGps, { latitude: 48.8566, longitude: 2.3522, from: 'wgs84' }, { token });
    expect(res.ok && res.info).toEqual({ latitude: 48.8566, longitude: 2.3522, coordType: 'gcj02' });
  });

  test('overseas the map system is WGS-84: nothing is converted', async () => {
    const res = await server.call(
      deliveryCalls.convertGps,
      { latitude: 31.2304, longitude: 121.4737, from: 'wgs84' },
      { token, headers: { [HeaderNames.abroadEnv]: '1' } },
    );
    expect(res.ok && res.info).toEqual({ latitude: 31.2304, longitude: 121.4737, coordType: 'wgs84' });
  });

  test('back for a browser map: GCJ-02 to WGS-84 lands where the forward transform started', async () => {
    const g = wgsToGcj(31.2304, 121.4737);
    const res = await server.call(deliveryCalls.convertGps, { latitude: g.lat, longitude: g.lng, from: 'gcj02', to: 'wgs84' }, { token });
    if (!res.ok) throw new Error(res.info);
    expect(distanceKm({ lat: 31.2304, lng: 121.4737 }, { lat: res.info.latitude, lng: res.info.longitude })).toBeLessThan(0.002);
  });

  test('bad input is refused', async () => {
    const bad = await server.call(deliveryCalls.convertGps, { latitude: 95, longitude: 121, from: 'wgs84' }, { token });
    expect(bad.ok).toBe(false);
    const system = await server.call(deliveryCalls.convertGps, { latitude: 31, longitude: 121, from: 'bd09' }, { token });
    expect(system.ok).toBe(false);
    const anon = await server.call(deliveryCalls.convertGps, { latitude: 31, longitude: 121, from: 'wgs84' }, {});
    expect(anon.code).toBe('loginExpired');
  });
});
