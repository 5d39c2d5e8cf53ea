/**
 * C§7 "calls to a maps service for IP location": the Tencent Location Service adapter against a local
 * HTTP server that answers its documented shape (`GET /ws/location/v1/ip?ip=…&key=…`, status 0 with
 * result.location and result.ad_info; a non-zero status such as 311 "key format error"), the loopback
 * double of the demo, and delivery/ipLocation, which locates the connection's own address, never one
 * the client writes in a header unless a trusted proxy is configured.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_BASE } from '../../src/api/contract';
import { isLocalAddress, loopbackIpLocator, tencentIpLocator, type IpLocationError } from '../../server/src/services/geo-ip';
import { buildTestServer, type TestServer } from '../support/build-server';

/** Beijing's answer as Tencent's documentation shows it (GCJ-02). */
const BEIJING = {
  status: 0,
  message: 'Success',
  result: {
    ip: '111.206.145.41',
    location: { lat: 39.90469, lng: 116.40717 },
    ad_info: { nation: '中国', province: '北京市', city: '北京市', district: '', adcode: 110000 },
  },
};

/** A local stand-in for apis.map.qq.com: answers by the `ip` asked, records each request. */
class MapsDouble {
  readonly asked: URL[] = [];
  private server: Server | null = null;
  answer: (ip: string) => { status: number; body: unknown } = () => ({ status: 200, body: BEIJING });

  async start(): Promise<string> {
    this.server = createServer((req: IncomingMessage, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      this.asked.push(url);
      const { status, body } = url.pathname === '/ws/location/v1/ip' ? this.answer(url.searchParams.get('ip') ?? '') : { status: 404, body: {} };
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const maps = new MapsDouble();
let mapsBase: string;
beforeAll(async () => {
  mapsBase = await maps.start();
});
afterAll(() => maps.close());
beforeEach(() => {
  maps.asked.length = 0;
  maps.answer = () => ({ status: 200, body: BEIJING });
});

describe('the Tencent IP location adapter', () => {
  test('asks GET /ws/location/v1/ip with the address and the key, and reads the position and the area', async () => {
    const locator = tencentIpLocator({ key: 'OB4BZ-TEST-KEY', baseUrl: mapsBase });
    await expect(locator.locate('111.206.145.41')).resolves.toEqual({
      latitude: 39.90469,
      longitude: 116.40717,
      coordType: 'gcj02',
      nation: '中国',
      province: '北京市',
      city: '北京市',
      district: '',
    });
    expect(maps.asked).toHaveLength(1);
    expect(maps.asked[0].searchParams.get('ip')).toBe('111.206.145.41');
    expect(maps.asked[0].searchParams.get('key')).toBe('OB4BZ-TEST-KEY');
  });

  test('a documented error status (311, key format error) is "not located", and is reported', async () => {
    maps.answer = () => ({ status: 200, body: { status: 311, message: 'key格式错误' } });
    const errors: IpLocationError[] = [];
    const locator = tencentIpLocator({ key: 'bad', baseUrl: mapsBase, onError: (e) => errors.push(e) });
    await expect(locator.locate('111.206.145.41')).resolves.toBeNull();
    expect(errors.map((e) => e.status)).toEqual([311]);
  });

  test('an HTTP error and an answer without a position are "not located"; a malformed address is not sent', async () => {
    const errors: IpLocationError[] = [];
    const locator = tencentIpLocator({ key: 'k', baseUrl: mapsBase, onError: (e) => errors.push(e) });
    maps.answer = () => ({ status: 502, body: {} });
    await expect(locator.locate('111.206.145.41')).resolves.toBeNull();
    maps.answer = () => ({ status: 200, body: { status: 0, message: 'ok', result: { ip: '1.1.1.1', ad_info: {} } } });
    await expect(locator.locate('111.206.145.41')).resolves.toBeNull();
    expect(errors.map((e) => e.status)).toEqual([502, 0]);
    await expect(locator.locate('not-an-address&key=other')).resolves.toBeNull();
    expect(maps.asked).toHaveLength(2);
  });
});

describe('the loopback double (demo, tests)', () => {
  test('places the local network in the demo city and nothing else', async () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3', '172.16.0.9', '192.168.1.20', 'fd12::1']) expect(isLocalAddress(ip)).toBe(true);
    for (const ip of ['172.32.0.1', '8.8.8.8', '2001:db8::1']) expect(isLocalAddress(ip)).toBe(false);
    await expect(loopbackIpLocator.locate('127.0.0.1')).resolves.toMatchObject({ city: '上海市', coordType: 'gcj02' });
    await expect(loopbackIpLocator.locate('8.8.8.8')).resolves.toBeNull();
  });
});

/** delivery/ipLocation from `remoteAddress`, with extra headers. */
async function ipLocation(server: TestServer, remoteAddress: string, headers: Record<string, string> = {}) {
  const res = await server.app.inject({
    method: 'POST',
    url: `${API_BASE}delivery/ipLocation`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: '{}',
    remoteAddress,
  });
  return res.json() as { result: boolean; info: Record<string, unknown> };
}

describe('delivery/ipLocation', () => {
  const saved = { key: process.env.MAP_KEY, base: process.env.MAP_API_BASE_URL };
  afterEach(() => {
    for (const [name, value] of [
      ['MAP_KEY', saved.key],
      ['MAP_API_BASE_URL', saved.base],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  test('with a key: locates the socket address through the maps service, whatever X-Forwarded-For says', async () => {
    process.env.MAP_KEY = 'OB4BZ-TEST-KEY';
    process.env.MAP_API_BASE_URL = mapsBase;
    const server = await buildTestServer();
    try {
      const res = await ipLocation(server, '111.206.145.41', { 'x-forwarded-for': '8.8.8.8' });
      // no token needed; mainland: GCJ-02 as Tencent answers it
      expect(res).toEqual({
        result: true,
        info: { located: true, latitude: 39.90469, longitude: 116.40717, coordType: 'gcj02', nation: '中国', province: '北京市', city: '北京市', district: '' },
      });
      expect(maps.asked.map((u) => u.searchParams.get('ip'))).toEqual(['111.206.145.41']);
      // asked again within ten minutes: answered from the cache, the metered service is not asked
      await ipLocation(server, '111.206.145.41');
      expect(maps.asked).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  test('behind a trusted proxy (TRUST_PROXY=1) the address is the one the proxy reports', async () => {
    process.env.MAP_KEY = 'OB4BZ-TEST-KEY';
    process.env.MAP_API_BASE_URL = mapsBase;
    const server = await buildTestServer({ config: { trustProxy: true } });
    try {
      await ipLocation(server, '127.0.0.1', { 'x-forwarded-for': '111.206.145.41' });
      expect(maps.asked.map((u) => u.searchParams.get('ip'))).toEqual(['111.206.145.41']);
    } finally {
      await server.close();
    }
  });

  test('an overseas entry gets the place in WGS-84; the maps service failing answers "not located"', async () => {
    process.env.MAP_KEY = 'OB4BZ-TEST-KEY';
    process.env.MAP_API_BASE_URL = mapsBase;
    const server = await buildTestServer();
    try {
      const abroad = await ipLocation(server, '111.206.145.41', { 'abroad-env': '1' });
      expect(abroad.info).toMatchObject({ located: true, coordType: 'wgs84', city: '北京市' });
      // GCJ-02 lies about 0.001–0.002° east and north of WGS-84 in Beijing
      expect(39.90469 - (abroad.info.latitude as number)).toBeGreaterThan(0.0005);
      expect(116.40717 - (abroad.info.longitude as number)).toBeGreaterThan(0.0005);
      maps.answer = () => ({ status: 200, body: { status: 375, message: '局域网IP无法定位' } });
      expect(await ipLocation(server, '203.0.113.7')).toEqual({ result: true, info: { located: false } });
    } finally {
      await server.close();
    }
  });

  test('without a key the demo double answers: the local network is in Shanghai, another address is not located', async () => {
    delete process.env.MAP_KEY;
    const server = await buildTestServer();
    try {
      expect((await ipLocation(server, '127.0.0.1')).info).toMatchObject({ located: true, city: '上海市', coordType: 'gcj02' });
      expect((await ipLocation(server, '203.0.113.7')).info).toEqual({ located: false });
      expect(maps.asked).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});
