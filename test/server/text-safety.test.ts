/**
 * Text the database cannot store (a NUL character, an unpaired UTF-16 surrogate) is refused at the
 * contract for every string of every call: a clear `{result:false, code:'badRequest'}` naming the
 * field, never an HTTP 500, and no error answer carries a stack trace.
 */
import { z } from 'zod';
import { addressCalls, allCalls, API_BASE, orderCalls, userCalls, type CallDef } from '../../src/api/contract';
import { findUnstorableText } from '../../src/api/contract/text';
import { SHOP } from '../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../support/build-server';
import { dine, quote } from './orders/helpers';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await buildTestServer({
    extraRoutes: [
      async (app) => {
        app.post('/test/crash', async () => {
          throw new TypeError("Cannot read properties of undefined (reading 'id')");
        });
        app.post('/test/bad', async () => {
          const e = new Error('bad input\n    at handler (/srv/server/src/routes/x.ts:10:5)') as Error & { statusCode: number };
          e.statusCode = 400;
          throw e;
        });
      },
    ],
  });
  token = await server.login(SHOP.restaurant, 'text-safety');
}, 60000);
afterAll(async () => {
  await server.close();
});

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: Json[];
  const?: Json;
  minimum?: number;
}

/** One sample body holding every field a request schema names (optional ones too). */
function sample(s: JsonSchema, depth = 0): Json {
  if (depth > 8) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const branches = s.anyOf ?? s.oneOf ?? s.allOf;
  if (branches) {
    // the branch with the most text in it, so that every string position is reached
    const rank = (b: JsonSchema) => (b.type === 'object' ? 3 : b.type === 'array' ? 2 : b.type === 'string' ? 1 : 0);
    return sample([...branches].sort((a, b) => rank(b) - rank(a))[0], depth + 1);
  }
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v, depth + 1);
      if (!s.properties && typeof s.additionalProperties === 'object') out.k = sample(s.additionalProperties, depth + 1);
      return out;
    }
    case 'array':
      if (s.prefixItems) return s.prefixItems.map((p) => sample(p, depth + 1));
      return s.items ? [sample(s.items, depth + 1)] : [];
    case 'string':
      return 'a';
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return 'a';
  }
}

/** Dotted paths of every string in a sample. */
function stringPaths(v: Json, at: string[] = []): string[][] {
  if (typeof v === 'string') return [at];
  if (Array.isArray(v)) return v.flatMap((x, i) => stringPaths(x, [...at, String(i)]));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => stringPaths(x, [...at, k]));
  return [];
}

function withText(v: Json, path: string[], text: string): Json {
  if (path.length === 0) return text;
  const [head, ...rest] = path;
  if (Array.isArray(v)) return v.map((x, i) => (String(i) === head ? withText(x, rest, text) : x));
  const o = v as Record<string, Json>;
  return { ...o, [head]: withText(o[head], rest, text) };
}

const post = (def: CallDef, body: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: API_BASE + def.path,
    headers: { 'content-type': 'application/json', token, language: 'en', ...headers },
    payload: JSON.stringify(body),
  });

const expectRefused = (res: { statusCode: number; body: string }, field: string) => {
  expect(res.statusCode).toBe(200);
  const body = JSON.parse(res.body) as { result: boolean; code: string; info: string };
  expect(body).toEqual({ result: false, code: 'badRequest', info: expect.stringContaining(field) });
  expect(res.body).not.toMatch(/\bat .+:\d+:\d+|stack/);
};

/** The calls this server answers (the message-centre calls are served by the realtime service). */
const served = () => allCalls.filter((def) => server.app.hasRoute({ method: 'POST', url: API_BASE + def.path }));

describe('text the database cannot store', () => {
  const all = allCalls.flatMap((def) => {
    const body = sample(z.toJSONSchema(def.req, { unrepresentable: 'any', io: 'input' }) as JsonSchema);
    return stringPaths(body).map((path) => ({ def, body, path }));
  });
  /** `tableCode` is compared, never stored: any text in it is a wrong code, not a malformed body (docs/decisions.md "Table codes and sessions"). */
  const isTableCode = (path: string[]) => path.length === 1 && path[0] === 'tableCode';
  const cases = all.filter((c) => !isTableCode(c.path));

  test('a table code is the one field spared: a NUL or a lone surrogate in it is not a malformed body', () => {
    const codes = all.filter((c) => isTableCode(c.path));
    expect(codes.map((c) => c.def.path).sort()).toEqual(['table/getTableInfo', 'table/order']);
    for (const { body, path } of codes) {
      expect(findUnstorableText(withText(body, path, 'a\u0000b'))).toBeNull();
      expect(findUnstorableText(withText(body, path, 'a\ud800b'))).toBeNull();
    }
  });

  test('the walk reaches the string fields of the contract', () => {
    const fields = cases.map((c) => `${c.def.path} ${c.path.join('.')}`);
    expect(fields).toEqual(expect.arrayContaining(['address/add name', 'order/confirm note', 'user/putLogs log.0']));
    expect(cases.length).toBeGreaterThan(100);
  });

  test('the check finds a NUL in every string field of every call, served here or not', () => {
    for (const { body, path } of cases) expect(findUnstorableText(withText(body, path, 'a\u0000b'))).toBe(path.join('.'));
    expect(findUnstorableText({ ['k\u0000']: 1 })).toBe('"k\\u0000"');
  });

  test('a NUL character in any string of any call is refused with badRequest naming the field', async () => {
    const answered = new Set(served());
    expect(answered.size).toBeGreaterThan(50);
    for (const { def, body, path } of cases.filter((c) => answered.has(c.def))) {
      const res = await post(def, withText(body, path, 'a\u0000b'));
      expectRefused(res, path.join('.') || 'body');
    }
  }, 120000);

  test('an unpaired surrogate in any string of any call is refused with badRequest naming the field', async () => {
    const answered = new Set(served());
    for (const { def, body, path } of cases.filter((c) => answered.has(c.def))) {
      const res = await post(def, withText(body, path, 'a\ud800b'));
      expectRefused(res, path.join('.') || 'body');
    }
  }, 120000);

  const home = {
    name: '王小明',
    phone: '13812345678',
    province: '上海市',
    city: '上海市',
    county: '黄浦区',
    address: '南京东路 100 号',
    addressGps: '31.2404,121.4737',
    houseNumber: '3 楼 301',
    gender: 1,
  };

  test('address/add with a NUL in the house number stores nothing', async () => {
    expectRefused(await post(addressCalls.add, { ...home, houseNumber: '3\u0000' }), 'houseNumber');
    const list = await server.call(addressCalls.list, {}, { token });
    expect(list.ok && list.info).toEqual({ list: [] });
  });

  test('order/confirm with a NUL in the note is refused', async () => {
    const body = dine({ note: 'no chili' });
    const total = await quote(server, token, body);
    expectRefused(await post(orderCalls.confirm, { ...body, note: 'no\u0000chili', expectedTotal: total }), 'note');
  });

  test('the unauthenticated user/putLogs and user/h5entry refuse a NUL', async () => {
    expectRefused(await post(userCalls.putLogs, { log: 'boot\u0000' }, { token: '' }), 'log');
    expectRefused(await post(userCalls.h5entry, { id: SHOP.restaurant, openid: 'x\u0000' }, { token: '' }), 'openid');
  });

  test('a well-formed pair of surrogates (an emoji) is still accepted', async () => {
    const res = await server.call(addressCalls.add, { ...home, houseNumber: '3 楼 🏠' }, { token });
    expect(res.ok).toBe(true);
  });
});

describe('error answers', () => {
  test('an unexpected failure answers the plain serverError body, no stack and no message', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/test/crash', headers: { language: 'en' }, payload: {} });
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body)).toEqual({ result: false, code: 'serverError', info: 'Server Error, retry please' });
  });

  test('a request failure answers the first line of its message only', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/test/bad', headers: { language: 'en' }, payload: {} });
    expect(JSON.parse(res.body)).toEqual({ result: false, code: 'badRequest', info: 'Invalid request: bad input' });
  });
});
