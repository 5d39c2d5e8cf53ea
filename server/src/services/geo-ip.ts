/**
 * IP location (C§7 "calls to a maps service for IP location"): where a network address puts a
 * customer whose device gives no position. Behind one interface: Tencent Location Service's
 * documented `GET /ws/location/v1/ip?ip=…&key=…` when a key is configured (MAP_KEY or MAP_KEY_FILE),
 * else the loopback double the demo and the tests use, which answers without any network.
 *
 * The answer is city-level: Tencent gives the seat of the district or city the address belongs to, in
 * GCJ-02 (mainland China maps), with its administrative names (`ad_info`).
 */
import { isIP } from 'node:net';
import { perServer } from '../context';
import { secretEntry, type Env } from '../payments/config';
import type { Position } from './geo';

/** A located address: a position in GCJ-02 and the area it names. */
export interface IpLocation extends Position {
  coordType: 'gcj02';
  nation: string;
  province: string;
  city: string;
  district: string;
}

export interface IpLocator {
  /** Which locator answers (the readiness and the logs name it). */
  readonly name: 'tencent' | 'loopback';
  /** The place of `ip`, or null when the service cannot place it (a private address, an error, no answer in time). */
  locate(ip: string): Promise<IpLocation | null>;
}

/** A failed call to the maps service: the locator answers null and the server logs this. */
export class IpLocationError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'IpLocationError';
  }
}

/** Tencent's documented answer (lbs.qq.com, WebService API "IP定位"): status 0 is success. */
interface TencentIpAnswer {
  status: number;
  message?: string;
  result?: {
    ip?: string;
    location?: { lat?: unknown; lng?: unknown };
    ad_info?: { nation?: unknown; province?: unknown; city?: unknown; district?: unknown; adcode?: unknown };
  };
}

const text = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 64) : '');
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export interface TencentIpLocatorOptions {
  key: string;
  /** https://apis.map.qq.com unless set (tests point it at a local server). */
  baseUrl?: string;
  /** Gives up after this long (ms); the app then goes on without a position. */
  timeoutMs?: number;
  /** Told of each failed call (the server's log). */
  onError?: (error: IpLocationError) => void;
}

/**
 * Tencent Location Service's IP location. A non-zero `status` (310 bad parameters, 311 bad key, 110
 * source not authorised, 375 an address it cannot place…), an HTTP error, an answer without a usable
 * position or no answer within the timeout all mean "not located".
 */
export function tencentIpLocator(opts: TencentIpLocatorOptions): IpLocator {
  const base = (opts.baseUrl ?? 'https://apis.map.qq.com').replace(/\/$/, '');
  const timeoutMs = opts.timeoutMs ?? 3000;
  const failed = (message: string, status: number | null): null => {
    opts.onError?.(new IpLocationError(message, status));
    return null;
  };
  return {
    name: 'tencent',
    async locate(ip) {
      if (!isIP(ip)) return null;
      const url = `${base}/ws/location/v1/ip?${new URLSearchParams({ ip, key: opts.key, output: 'json' }).toString()}`;
      let answer: TencentIpAnswer;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
        if (!res.ok) return failed(`IP location answered HTTP ${res.status}`, res.status);
        answer = (await res.json()) as TencentIpAnswer;
      } catch (e) {
        return failed(`IP location did not answer: ${(e as Error).message}`, null);
      }
      if (answer.status !== 0) return failed(`IP location status ${answer.status}: ${answer.message ?? ''}`, answer.status);
      const at = answer.result?.location;
      const lat = at?.lat;
      const lng = at?.lng;
      if (!finite(lat) || !finite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return failed('IP location answered no position', 0);
      const ad = answer.result?.ad_info ?? {};
      return {
        latitude: lat,
        longitude: lng,
        coordType: 'gcj02',
        nation: text(ad.nation),
        province: text(ad.province),
        city: text(ad.city),
        district: text(ad.district),
      };
    },
  };
}

/** The demo's city: People's Square, Shanghai (GCJ-02), where the demo shops are. */
export const LOOPBACK_PLACE: IpLocation = {
  latitude: 31.2304,
  longitude: 121.4737,
  coordType: 'gcj02',
  nation: '中国',
  province: '上海市',
  city: '上海市',
  district: '黄浦区',
};

/** Loopback, private, link-local and unique-local addresses: a machine on the demo's own network. */
export function isLocalAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number);
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  if (isIP(ip) === 6) {
    const low = ip.toLowerCase();
    return low === '::1' || low.startsWith('fc') || low.startsWith('fd') || low.startsWith('fe80:');
  }
  return false;
}

/**
 * The double without a maps service: an address of the local network is in the demo's city, any
 * other address is not located. Used when no key is configured (the demo, the tests).
 */
export const loopbackIpLocator: IpLocator = {
  name: 'loopback',
  async locate(ip) {
    return isLocalAddress(ip) ? { ...LOOPBACK_PLACE } : null;
  },
};

/** The locator the environment configures: Tencent with MAP_KEY (or MAP_KEY_FILE), else the loopback double. */
export function ipLocatorFrom(env: Env, onError?: (error: IpLocationError) => void): IpLocator {
  const key = secretEntry(env, 'MAP_KEY');
  if (!key) return loopbackIpLocator;
  return tencentIpLocator({
    key,
    ...(env.MAP_API_BASE_URL ? { baseUrl: env.MAP_API_BASE_URL } : {}),
    ...(onError ? { onError } : {}),
  });
}

/** Answers kept per address for ten minutes (a customer's page asks again; the service is metered). */
const CACHE_MS = 10 * 60_000;
const CACHE_MAX = 5000;

/** The server's locator, from its environment, with a short per-address cache. */
export const ipLocatorOf = perServer((ctx): IpLocator => {
  const inner = ipLocatorFrom(process.env, (e) => ctx.log.warn({ status: e.status }, e.message));
  const cache = new Map<string, { at: number; place: IpLocation | null }>();
  return {
    name: inner.name,
    async locate(ip) {
      const now = ctx.clock.now();
      const hit = cache.get(ip);
      if (hit && now - hit.at < CACHE_MS) return hit.place;
      const place = await inner.locate(ip);
      if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
      cache.set(ip, { at: now, place });
      return place;
    },
  };
});
