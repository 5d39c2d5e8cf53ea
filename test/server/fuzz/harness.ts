/**
 * The contract fuzz (API-4): every call of src/api/contract gets request bodies generated from its
 * `req` schema (zod-arb.ts), near-valid ones and mutations, sent as raw JSON text to the server
 * in-process (memory database with the demo data, fixed clock). Each answer is checked:
 *
 * - never a 5xx, never a request that hangs (each one has a few seconds);
 * - a body the contract refuses answers `{result:false}` with the code the contract carries
 *   (`codeOfIssues`, else `badRequest`), a body the server cannot read (bad JSON, too large, text the
 *   database cannot store) answers `badRequest`;
 * - every refusal is a well-formed Failure with a message and no stack or database text, every
 *   success matches the call's `res` schema;
 * - customer A never gets at customer B's records (B's address, order, top-up, table session — running
 *   or ended —, coupons, member card) nor sees B's text in an answer; a table call with another table's
 *   code is answered like one with a code no table has (TABLE-7);
 * - a refused body changes nothing: a checksum of every table before and after (batched; a batch
 *   whose checksum moved is replayed one case at a time to name the culprit);
 * - the staff console's calls (src/api/contract/console.ts) are sent under CONSOLE_API_BASE with the
 *   session cookie of an owner of the beauty salon (a shop of no chain): the restaurant's orders are
 *   another shop's, answered like a missing order.
 *
 * FUZZ_RUNS (cases per call, default 20) and FUZZ_SEED (default 20261126) replay a run; FUZZ_CALL
 * narrows it to the calls whose path contains the text; FUZZ_REQUEST_MS sets each request's time
 * limit (default 5000). The flood limits are reset before every case, so they never answer for the
 * handlers (a case still answered tooManyRequests would be counted, and fails the file's last test).
 */
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { staff } from '../../../server/src/db/schema';
import { API_BASE, Failure, type CallDef } from '../../../src/api/contract/common';
import { addressCalls } from '../../../src/api/contract/address';
import { CONSOLE_API_BASE, consoleCalls } from '../../../src/api/contract/console';
import { orderCalls } from '../../../src/api/contract/order';
import { tableCalls } from '../../../src/api/contract/table';
import { vipCalls } from '../../../src/api/contract/vip';
import { codeOfIssues } from '../../../src/api/contract/shared-shapes';
import { findUnstorableText } from '../../../src/api/contract/text';
import { ErrorCode } from '../../../src/domain/errors';
import { rowsOf } from '../../../server/src/services/orders/holds';
import { addStaff } from '../../../server/src/services/console/accounts';
import {
  ACTIVITY,
  BEAUTY_PRODUCT,
  BEAUTY_USER,
  COUPON_TEMPLATE,
  DEMO_MEMBER,
  DEMO_MEMBER_EMPTY,
  DEMO_USER,
  MEMBER_COUPON,
  PROMOTION_CODE,
  RESTAURANT_PRODUCT,
  RETAIL_PRODUCT,
  SHOP,
  TABLE,
  TABLE_CODE,
} from '../../../server/src/demo/ids';
import { clearAtCounter } from '../../../server/src/services/console/floor';
import { buildTestServer, TestClock, type TestServer } from '../../support/build-server';
import { dine, place, quote } from '../orders/helpers';
import { signInAs } from '../console/support';
import { MUTATIONS, mutate, shorten, toJsonText, validArb, type Hint, type Mutation } from './zod-arb';

export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS) > 0 ? Math.floor(Number(process.env.FUZZ_RUNS)) : 20;
export const FUZZ_SEED = Number.isInteger(Number(process.env.FUZZ_SEED)) && process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20261126;
const ONLY = process.env.FUZZ_CALL ?? '';
/** Each request's time limit (FUZZ_REQUEST_MS on a slow machine). */
const REQUEST_MS = Number(process.env.FUZZ_REQUEST_MS) > 0 ? Number(process.env.FUZZ_REQUEST_MS) : 5000;
/** Refused cases checked with one checksum. */
const BATCH = 12;

/**
 * Tables a refused request may change, by name with the reason. None: every table must read the
 * same before and after a refusal (the counters of wrong attempts are columns, below).
 */
export const CHANGE_ALLOWED: Record<string, string> = {};

/**
 * Columns a refused request may change, by table and name (the rest of the row is still checked):
 * the spec's counters of wrong attempts.
 */
export const COLUMNS_ALLOWED: Record<string, { columns: string[]; why: string }> = {
  members: {
    columns: ['pay_password_failed_tries', 'pay_password_locked_until'],
    why: 'a wrong pay password is counted and the fifth locks the card for 15 minutes (P§5)',
  },
  staff: {
    columns: ['failed_tries', 'locked_until'],
    why: 'a wrong console password is counted and the fifth locks the account, as the pay password (CONSOLE-1)',
  },
};

/** The console's calls: sent under their own base with the session cookie. */
const CONSOLE_DEFS = new Set<CallDef>(Object.values(consoleCalls));
/** The console account of the fuzz (an owner of a shop of no chain). */
const CONSOLE_USER = { username: 'fuzz-owner', shopId: SHOP.beauty };

/** A marker in customer B's records: no answer to customer A may carry it. */
const SECRET = 'FUZZB';

export interface Fixture {
  tokenA: string;
  tokenB: string;
  a: { addressId: number; orderId: number; orderNo: string; memberId: number };
  b: {
    addressId: number;
    orderId: number;
    orderNo: string;
    memberIds: number[];
    couponIds: number[];
    rechargeId: number | null;
    tableOrderId: number | null;
    /** B's table session that staff cleared (TABLE-7: ended). */
    endedTableOrderId: number | null;
  };
  /** A's own table session that staff cleared: A reads it, adds nothing. */
  aEndedTableOrderId: number | null;
  /** Ids that belong to B or to another shop: what a mutation swaps in. */
  foreignIds: number[];
  /** Valid bodies of some calls (A's own), to mutate from. */
  seeds: Record<string, unknown[]>;
  /** The console session of the beauty salon's owner (`renew` signs in again after a sign-out). */
  console: { cookie: string; renew(): Promise<void> };
}

const ok = <T>(r: { ok: boolean; info: unknown; code?: string }, what: string): T => {
  if (!r.ok) throw new Error(`fixture ${what} failed: ${r.code} ${String(r.info)}`);
  return r.info as T;
};

/** Customer B's records (an address, an order, a top-up, a table order; B holds the demo coupons) and A's own. */
async function makeFixture(server: TestServer): Promise<Fixture> {
  // B is the demo member 张三 (card, balance, coupons); A is 李四, another member of the same shop
  const tokenB = await server.login(SHOP.restaurant, DEMO_USER.member.openid);
  const tokenA = await server.login(SHOP.restaurant, DEMO_USER.memberEmpty.openid);
  const home = (name: string, house: string) => ({
    name,
    phone: '13812345678',
    province: '上海市',
    city: '上海市',
    county: '黄浦区',
    address: '南京东路 100 号',
    addressGps: '31.2404,121.4737',
    houseNumber: house,
    gender: 1,
  });
  await server.call(addressCalls.add, home(`${SECRET} 张`, `${SECRET}-house`), { token: tokenB });
  await server.call(addressCalls.add, home('李四', '2 楼'), { token: tokenA });
  const listOf = async (token: string) => ok<{ list: Array<{ id: number }> }>(await server.call(addressCalls.list, {}, { token }), 'address/list').list;
  const [addrB] = await listOf(tokenB);
  const [addrA] = await listOf(tokenA);
  const orderB = await place(server, tokenB, dine({ note: `${SECRET} note`, table: 'A5' }));
  const orderA = await place(server, tokenA, dine({ note: 'a', table: 'A6' }));
  const recharge = await server.call(vipCalls.recharge, { amount: 100, payType: 'weixin' }, { token: tokenB });
  const table = await server.call(tableCalls.order, { person: 2, tableId: TABLE.A3, tableCode: TABLE_CODE.A3, openId: 'fuzz-b', nickName: 'B', avatarUrl: '' }, { token: tokenB });
  // TABLE-7: sessions that ended (staff cleared the table), B's and A's own
  const ended = async (token: string, tableId: number, code: string): Promise<number | null> => {
    const opened = await server.call(tableCalls.order, { person: 1, tableId, tableCode: code, openId: 'fuzz', nickName: 'x', avatarUrl: '' }, { token });
    if (!opened.ok) return null;
    await clearAtCounter(server.ctx, SHOP.restaurant, { tableId, tableOrderId: opened.info.id }, 'fuzz', 'zh');
    return opened.info.id;
  };
  const endedB = await ended(tokenB, TABLE.A8, TABLE_CODE.A8);
  const endedA = await ended(tokenA, TABLE.R3, TABLE_CODE.R3);
  const b = {
    addressId: addrB.id,
    orderId: orderB.id,
    orderNo: orderB.orderNo,
    memberIds: [DEMO_MEMBER.id, DEMO_MEMBER.beautyId],
    couponIds: Object.values(MEMBER_COUPON),
    rechargeId: recharge.ok ? recharge.info.rechargeId : null,
    tableOrderId: table.ok ? table.info.id : null,
    endedTableOrderId: endedB,
  };
  if (!recharge.ok) console.warn(`fuzz fixture: B's top-up was refused (${recharge.code}); its id is left out`);
  if (!table.ok) console.warn(`fuzz fixture: B's table order was refused (${table.code}); its id is left out`);
  const a = { addressId: addrA.id, orderId: orderA.id, orderNo: orderA.orderNo, memberId: DEMO_MEMBER_EMPTY.id };
  const foreignIds = [
    b.addressId,
    b.orderId,
    ...b.memberIds,
    ...b.couponIds,
    ...(b.rechargeId ? [b.rechargeId] : []),
    ...(b.tableOrderId ? [b.tableOrderId] : []),
    ...(b.endedTableOrderId ? [b.endedTableOrderId] : []),
    SHOP.retail,
    SHOP.beauty,
    SHOP.branch,
    RETAIL_PRODUCT.chickenBurger,
    RETAIL_PRODUCT.fries,
    BEAUTY_PRODUCT.haircut,
    ACTIVITY.retailPromotionCode,
    COUPON_TEMPLATE.retailAmount,
    2 ** 31,
    Number.MAX_SAFE_INTEGER,
  ];
  const dineA = dine({ note: 'fuzz', table: 'A7' });
  const seeds: Record<string, unknown[]> = {
    [addressCalls.add.path]: [home('王小明', '3 楼 301')],
    [addressCalls.update.path]: [{ ...home('王小明', '3 楼 302'), id: a.addressId }],
    [orderCalls.confirm.path]: [{ ...dineA, expectedTotal: await quote(server, tokenA, dineA) }],
    [orderCalls.detail.path]: [{ id: a.orderId }],
    [orderCalls.pay.path]: [{ id: a.orderId, payType: 'weixin' }],
    [vipCalls.updatePayPassword.path]: [{ id: a.memberId, payPassword: '246811', repeatPayPassword: '246811', originPayPassword: DEMO_MEMBER_EMPTY.payPassword }],
    // the console's owner of the beauty salon naming the restaurant's orders (another shop's)
    [consoleCalls.order.path]: [{ shopId: CONSOLE_USER.shopId, id: a.orderId }, { shopId: SHOP.restaurant, id: b.orderId }],
    [consoleCalls.act.path]: [{ shopId: CONSOLE_USER.shopId, id: b.orderId, action: 'accept', expectedStatus: 'pending' }],
    // CONSOLE-5: the restaurant's product is another shop's; a pause of a type the salon does not take
    [consoleCalls.productSet.path]: [
      { shopId: CONSOLE_USER.shopId, productId: RESTAURANT_PRODUCT.braisedPork, soldOut: true },
      { shopId: CONSOLE_USER.shopId, productId: BEAUTY_PRODUCT.haircut, stock: 3 },
    ],
    [consoleCalls.pause.path]: [{ shopId: CONSOLE_USER.shopId, orderType: 'takeaway', minutes: 30, reason: 'busy' }],
  };
  const { password } = await addStaff(server.ctx, CONSOLE_USER.shopId, CONSOLE_USER.username, 'owner');
  const consoleSession = {
    cookie: await signInAs(server, CONSOLE_USER.username, password),
    async renew() {
      // the cases may have locked the account with wrong passwords or changed its password: put both back
      await server.ctx.db
        .update(staff)
        .set({ passwordHash: await hash(password), failedTries: 0, lockedUntil: null })
        .where(eq(staff.username, CONSOLE_USER.username));
      consoleSession.cookie = await signInAs(server, CONSOLE_USER.username, password);
    },
  };
  return { tokenA, tokenB, a, b, aEndedTableOrderId: endedA, foreignIds, seeds, console: consoleSession };
}

/** Values for properties by name: the demo's records, A's and B's, other shops'. */
function hintFor(f: Fixture): Hint {
  const products = [...Object.values(RESTAURANT_PRODUCT), RETAIL_PRODUCT.fries, BEAUTY_PRODUCT.haircut];
  const shops = [SHOP.restaurant, SHOP.retail, SHOP.beauty, SHOP.branch];
  const orderIds = [f.a.orderId, f.b.orderId, ...[f.b.tableOrderId, f.b.endedTableOrderId, f.aEndedTableOrderId].filter((id): id is number => id !== null)];
  const activities = Object.values(ACTIVITY);
  const pools: Array<[RegExp, unknown[]]> = [
    [/^(productId|productIds|ids)$/, products],
    [/^addressId$/, [f.a.addressId, f.b.addressId]],
    [/^orderId$/, orderIds],
    [/^(shopId|brand|companyId|groupId)$/, shops],
    [/^couponId$/, [...f.b.couponIds, ...Object.values(COUPON_TEMPLATE)]],
    [/^(activityId|couponActivityId|fromRedBagID)$/, activities],
    [/^tableId$/, Object.values(TABLE)],
    [/^memberId$/, [f.a.memberId, ...f.b.memberIds]],
    [/^rechargeId$/, f.b.rechargeId ? [f.b.rechargeId, 1] : [1]],
    [/^(serviceUserId)$/, Object.values(BEAUTY_USER)],
    [/^id$/, [...products, ...shops, ...orderIds, f.a.addressId, f.b.addressId, f.a.memberId, ...f.b.memberIds, ...f.b.couponIds, ...activities]],
    [/^(openid|openId|code)$/, [DEMO_USER.member.openid, DEMO_USER.memberEmpty.openid, 'fuzz-b', PROMOTION_CODE]],
    [/^orderNo$/, [f.a.orderNo, f.b.orderNo]],
    [/^(table|tableNo)$/, ['A1', 'A3', 'R1', 'R4', 'Z9']],
    // TABLE-7: R4's own code (A may open R4), another table's code everywhere else, codes no table has
    [/^tableCode$/, [TABLE_CODE.R4, '', 'guess', TABLE_CODE.R4.toUpperCase(), 'x'.repeat(256)]],
    [/^phone$/, ['13800000000', '13900000000', '13812345678']],
    [/^token$/, [f.tokenA, 'expired-token']],
    [/^username$/, [CONSOLE_USER.username, 'owner-1003', 'staff-1001', 'nobody']],
    [/^(password|current|next)$/, ['demo-owner-1003', 'wrong-password', 'x']],
    [/^(addressGps|contact_address_gps)$/, ['31.2404,121.4737', '31.3304,121.4737', '0,0']],
    [/^(payPassword|repeatPayPassword|originPayPassword)$/, ['246810', '135790', '123456', '000000']],
  ];
  return (key) => {
    const hit = pools.find(([re]) => re.test(key));
    return hit ? fc.constantFrom(...hit[1]) : null;
  };
}

/** What the answer to a body must be, read the way the server reads it. */
type Expected = { refuse: ErrorCode; why: string } | { refuse: null };

export function expectedFor(def: CallDef, text: string): Expected {
  if (Buffer.byteLength(text) > 1024 * 1024) return { refuse: 'badRequest', why: 'body over 1 MB' };
  let parsed: unknown;
  try {
    // the server reads an empty body and `null` as {} (calls without a payload)
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return { refuse: 'badRequest', why: 'not JSON' };
  }
  if (parsed === null) parsed = {};
  if (findUnstorableText(parsed) !== null) return { refuse: 'badRequest', why: 'unstorable text' };
  const r = def.req.safeParse(parsed);
  if (!r.success) return { refuse: codeOfIssues(r.error.issues) ?? 'badRequest', why: `schema: ${r.error.issues[0]?.path.join('.')} ${r.error.issues[0]?.message}` };
  return { refuse: null };
}

/** The answer of a request is not trusted to carry these: a stack, a source path, database text. */
const LEAK = /\n\s+at |\.(ts|js):\d+|node_modules|Failed query|syntax error|violates|relation "|duplicate key|SQLSTATE|pglite|drizzle|\binsert into\b|\bupdate \w+ set\b|\bselect\b[^"]{0,80}\bfrom\b/i;

/** One of B's records in a body: what it is and the property carrying it (null inside a list). */
interface ForeignRecord {
  what: string;
  field: string | null;
  /** What the field holds in its "does not exist" twin (default: an id no record has). */
  missing?: unknown;
}

/** The table calls that name a table session by its order id. */
const TABLE_SESSION_CALL = /^table\/(userAddProducts|refreshOrder|userOrders|canPay|confirm|cancelPay)$/;

/** A body carrying one of B's records where the call acts on the caller's own: what it must not reach. */
function foreignRecord(def: CallDef, body: unknown, f: Fixture): ForeignRecord | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const o = body as Record<string, unknown>;
  const path = def.path;
  // the console's owner of the beauty salon: the restaurant's orders are another shop's
  if (CONSOLE_DEFS.has(def)) {
    if (path === 'availability/productSet' && [...Object.values(RESTAURANT_PRODUCT), ...Object.values(RETAIL_PRODUCT)].includes(o.productId as never)) {
      return { what: "another shop's product", field: 'productId' };
    }
    return (path === 'order' || path === 'act') && (o.id === f.a.orderId || o.id === f.b.orderId) ? { what: "another shop's order", field: 'id' } : null;
  }
  if (/^address\/(detail|update|delete)$/.test(path) && o.id === f.b.addressId) return { what: "B's address", field: 'id' };
  if (path === 'delivery/getDistance' && o.addressId === f.b.addressId) return { what: "B's address", field: 'addressId' };
  if (/^order\/(detail|close|pay|payQuery|confirmDelivered|daySeq|updateTradeNo|payErrorCallback|sendProductOrderSuccess)$/.test(path) && o.id === f.b.orderId) {
    return { what: "B's order", field: 'id' };
  }
  if (path === 'order/deliveryInfo' && o.orderNo === f.b.orderNo) return { what: "B's order", field: null };
  if (path === 'vip/rechargeQuery' && f.b.rechargeId !== null && o.rechargeId === f.b.rechargeId) return { what: "B's top-up", field: 'rechargeId' };
  // TABLE-7: a table session is its seated diners' (A is never seated in B's, running or ended)
  if (TABLE_SESSION_CALL.test(path) && [f.b.tableOrderId, f.b.endedTableOrderId].includes(o.orderId as number)) {
    return { what: "B's table session", field: 'orderId' };
  }
  // another table's code: answered like a code no table has
  if ((path === 'table/order' || path === 'table/getTableInfo') && o.tableCode === TABLE_CODE.R4) {
    const named = typeof o.tableId === 'number' ? o.tableId : typeof o.tableNo === 'string' && o.tableId === undefined ? (TABLE as Record<string, number>)[o.tableNo] : undefined;
    if (named !== undefined && named !== TABLE.R4) return { what: "another table's code", field: 'tableCode', missing: 'no-table-has-this-code' };
  }
  if (/^vip\/(doc|pointDoc|updatePayPassword)$/.test(path) && f.b.memberIds.includes(o.id as number)) return { what: "B's member card", field: 'id' };
  if (path === 'activity/pointExchangeProduct' && f.b.memberIds.includes(o.memberId as number)) return { what: "B's member card", field: 'memberId' };
  if (path === 'order/confirm' || path === 'table/confirm') {
    const products = Array.isArray(o.products) ? (o.products as Array<Record<string, unknown>>) : [];
    const coupons = [o.couponId, ...products.map((p) => p?.couponId)];
    if (coupons.some((c) => f.b.couponIds.includes(c as number))) return { what: "B's coupon", field: null };
  }
  return null;
}

/** An id no record has (inside the database's integer range). */
const MISSING_ID = 2_000_000_000;

export interface FuzzCase {
  body: unknown;
  mutation: Mutation;
  text: string;
}

/** The cases of one call: near-valid bodies and mutations of them, from a seed of their own. */
export function casesFor(def: CallDef, f: Fixture, runs = FUZZ_RUNS, seed = FUZZ_SEED): FuzzCase[] {
  const hint = hintFor(f);
  const seeds = f.seeds[def.path] ?? [];
  const valid = validArb(def.req, { hint });
  const base = seeds.length > 0 ? fc.oneof({ arbitrary: valid, weight: 2 }, { arbitrary: fc.constantFrom(...seeds), weight: 1 }) : valid;
  const arb = fc.oneof(
    { arbitrary: base.map((body) => ({ body, mutation: 'none' as Mutation })), weight: 1 },
    {
      arbitrary: fc
        .tuple(base, fc.constantFrom(...MUTATIONS), fc.nat(), fc.nat())
        .map(([body, mutation, a, b]) => ({ body: mutate(body, mutation, a, b, f.foreignIds), mutation })),
      weight: 1,
    },
  );
  // one seed per call, from the run's seed and the call's path, so a call replays on its own
  let h = seed;
  for (const ch of def.path) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return fc.sample(arb, { numRuns: runs, seed: h }).map((c) => ({ ...c, text: toJsonText(c.body) }));
}

/** A checksum of every table, per table. */
export async function checksum(server: TestServer): Promise<Map<string, string>> {
  const names = rowsOf<{ table_name: string }>(
    await server.db.execute(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`),
  ).map((r) => r.table_name);
  const query = names
    .filter((n) => !(n in CHANGE_ALLOWED))
    .map((n) => {
      const row = n in COLUMNS_ALLOWED ? `(to_jsonb(x) ${COLUMNS_ALLOWED[n].columns.map((c) => `- '${c}'`).join(' ')})::text` : 'x::text';
      return `SELECT '${n}' AS t, md5(coalesce(string_agg(${row}, '|' ORDER BY ${row}), '')) AS h FROM "${n}" x`;
    })
    .join(' UNION ALL ');
  const rows = rowsOf<{ t: string; h: string }>(await server.db.execute(sql.raw(query)));
  return new Map(rows.map((r) => [r.t, r.h]));
}

const moved = (before: Map<string, string>, after: Map<string, string>): string[] =>
  [...after.keys()].filter((t) => before.get(t) !== after.get(t));

/**
 * The next transaction id the database will hand out. Every statement that writes a row takes a
 * transaction id, so while this reads the same nothing was written and the checksum cannot have
 * moved: the (slower) checksum is computed only after a write.
 */
async function nextXid(server: TestServer): Promise<string> {
  return rowsOf<{ x: string }>(await server.db.execute(sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x`))[0].x;
}

/** The database's state: the next transaction id and the checksum of every table at that point. */
interface DbState {
  xid: string;
  sums: Map<string, string>;
}

async function dbState(server: TestServer, known?: DbState): Promise<DbState> {
  const xid = await nextXid(server);
  if (known && known.xid === xid) return known;
  return { xid, sums: await checksum(server) };
}

interface Answer {
  status: number;
  body: { result?: boolean; info?: unknown; code?: string } | null;
  raw: string;
  timedOut: boolean;
}

async function send(server: TestServer, def: CallDef, c: FuzzCase, token: string, f: Fixture): Promise<Answer> {
  // the fuzz measures the handlers, not the flood limits: every case starts with fresh counters
  server.app.rateLimits.reset();
  const staff = CONSOLE_DEFS.has(def);
  const request = server.app.inject({
    method: 'POST',
    url: (staff ? CONSOLE_API_BASE : API_BASE) + def.path,
    headers: {
      'content-type': 'application/json',
      ...(staff ? { cookie: f.console.cookie } : { token }),
      language: c.text.length % 2 ? 'en' : 'zh-CN',
    },
    payload: c.text,
  });
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), REQUEST_MS);
  });
  const res = await Promise.race([request, limit]);
  clearTimeout(timer);
  if (res === 'timeout') return { status: 0, body: null, raw: '', timedOut: true };
  let body: Answer['body'] = null;
  try {
    body = JSON.parse(res.body) as Answer['body'];
  } catch {
    body = null;
  }
  return { status: res.statusCode, body, raw: res.body, timedOut: false };
}

/** The problems of one answer (empty when it is right). */
function judge(def: CallDef, c: FuzzCase, ans: Answer, f: Fixture): string[] {
  const problems: string[] = [];
  if (ans.timedOut) return [`no answer within ${REQUEST_MS} ms`];
  if (ans.status >= 500) problems.push(`HTTP ${ans.status}: ${ans.raw.slice(0, 200)}`);
  if (!ans.body || typeof ans.body.result !== 'boolean') return [...problems, `not an envelope: ${ans.raw.slice(0, 200)}`];
  const expected = expectedFor(def, c.text);
  if (ans.body.result) {
    if (expected.refuse) problems.push(`accepted a body the contract refuses (${expected.why})`);
    const res = def.res.safeParse(ans.body.info);
    if (!res.success) problems.push(`answer outside the contract: ${JSON.stringify(res.error.issues.slice(0, 2))}`);
    const foreign = foreignRecord(def, c.body, f);
    if (foreign) problems.push(`accepted a request on ${foreign.what}`);
  } else {
    const shape = Failure.safeParse(ans.body);
    if (!shape.success) problems.push(`refusal outside the Failure shape: ${ans.raw.slice(0, 200)}`);
    if (!ans.body.info || typeof ans.body.info !== 'string') problems.push('refusal without a message');
    if (ans.status !== 200 && ans.status !== 401 && ans.status !== 403) problems.push(`refusal with HTTP ${ans.status}`);
    if (expected.refuse && ans.body.code !== expected.refuse) {
      problems.push(`answered ${ans.body.code} (${String(ans.body.info).slice(0, 120)}) where ${expected.refuse} was due (${expected.why})`);
    }
    // user/token answers 401 for the token in its body; every other call is sent A's valid token
    // a refusal names the field and the rule, it does not repeat the text it refused
    if (/OR 1=1|DROP TABLE|pg_sleep|<script>|onerror=/i.test(String(ans.body.info))) problems.push(`the refusal repeats the sent text: ${String(ans.body.info).slice(0, 200)}`);
    if (!expected.refuse && ans.status === 401 && def.path !== 'user/token') problems.push('the signed-in customer was answered 401');
  }
  if (LEAK.test(ans.raw)) problems.push(`the answer carries internals: ${ans.raw.slice(0, 300)}`);
  if (ans.raw.includes(SECRET)) problems.push(`the answer carries B's data: ${ans.raw.slice(0, 300)}`);
  return problems;
}

export interface FuzzOutcome {
  cases: number;
  accepted: number;
  refused: number;
  /** Refusals that came from the handler (the body passed the contract). */
  handlerRefusals: number;
  tooMany: number;
  /** Cases carrying one of B's records where the call acts on A's own. */
  foreign: number;
  problems: string[];
}

/** Runs the cases of one call; returns what went wrong, one line per case. */
export async function fuzzCall(server: TestServer, def: CallDef, f: Fixture, cases: FuzzCase[]): Promise<FuzzOutcome> {
  const out: FuzzOutcome = { cases: cases.length, accepted: 0, refused: 0, handlerRefusals: 0, tooMany: 0, foreign: 0, problems: [] };
  const token = f.tokenA;
  const label = (c: FuzzCase) => `[${c.mutation}] ${shorten(c.text)}`;
  let baseline = await dbState(server);
  let pending: FuzzCase[] = [];

  const flush = async () => {
    if (pending.length === 0) return;
    const now = await dbState(server, baseline);
    const tables = moved(baseline.sums, now.sums);
    if (tables.length > 0) {
      // replay the batch one case at a time to name the refusal that changed the database
      let named = false;
      for (const c of pending) {
        const before = await checksum(server);
        await send(server, def, c, token, f);
        const changed = moved(before, await checksum(server));
        if (changed.length > 0) {
          out.problems.push(`${def.path} ${label(c)}: refused but changed ${changed.join(', ')}`);
          named = true;
        }
      }
      if (!named) out.problems.push(`${def.path}: a batch of refusals changed ${tables.join(', ')} (not reproduced one by one): ${pending.map(label).join(' || ')}`);
      baseline = await dbState(server);
    } else {
      baseline = now;
    }
    pending = [];
  };

  for (const c of cases) {
    const mayPass = expectedFor(def, c.text).refuse === null;
    // a body the contract accepts may change the database: the refusals before it are checked first
    if (mayPass) await flush();
    const ans = await send(server, def, c, token, f);
    for (const p of judge(def, c, ans, f)) out.problems.push(`${def.path} ${label(c)}: ${p}`);
    if (mayPass && foreignRecord(def, c.body, f)) out.foreign += 1;
    const foreign = mayPass && ans.body?.result === false ? foreignRecord(def, c.body, f) : null;
    if (foreign?.field) {
      // B's record answers what a record that does not exist answers: nothing tells A it is there
      const twin = { ...(c.body as Record<string, unknown>), [foreign.field]: 'missing' in foreign ? foreign.missing : MISSING_ID };
      const missing = await send(server, def, { ...c, body: twin, text: toJsonText(twin) }, token, f);
      if (missing.body?.code !== ans.body?.code) {
        out.problems.push(`${def.path} ${label(c)}: ${foreign.what} answered ${ans.body?.code}, a missing record ${missing.body?.code}`);
      }
    }
    if (ans.body?.result === true) {
      out.accepted += 1;
      // a sign-out ended the fuzz's console session: a new one for the next cases
      if (def === consoleCalls.signOut) await f.console.renew();
      baseline = await dbState(server, baseline);
    } else {
      out.refused += 1;
      if (mayPass) out.handlerRefusals += 1;
      if (ans.body?.code === 'tooManyRequests') out.tooMany += 1;
      pending.push(c);
      if (pending.length >= BATCH || mayPass) await flush();
    }
  }
  await flush();
  return out;
}

/** Declares the fuzz tests of some calls in a test file: one server, B's records, one test per call. */
export function fuzzCalls(title: string, defs: CallDef[]): void {
  let server: TestServer;
  let fixture: Fixture;
  const chosen = defs.filter((d) => d.path.includes(ONLY));
  const totals = { cases: 0, accepted: 0, handlerRefusals: 0, tooMany: 0, foreign: 0 };

  beforeAll(async () => {
    console.info(`contract fuzz ${title}: FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${FUZZ_RUNS}${ONLY ? ` FUZZ_CALL=${ONLY}` : ''}`);
    server = await buildTestServer({ clock: new TestClock() });
    fixture = await makeFixture(server);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    console.info(`contract fuzz ${title}: ${totals.cases} cases, ${totals.accepted} accepted, ${totals.handlerRefusals} refused by a handler (${Math.round(((totals.accepted + totals.handlerRefusals) / Math.max(1, totals.cases)) * 100)} % reached a handler), ${totals.foreign} on B's records, ${totals.tooMany} rate-limited`);
  });

  describe(title, () => {
    test.each(chosen.map((d) => [d.path, d] as const))('%s', async (_path, def) => {
      const cases = casesFor(def, fixture);
      const out = await fuzzCall(server, def, fixture, cases);
      totals.cases += out.cases;
      totals.accepted += out.accepted;
      totals.handlerRefusals += out.handlerRefusals;
      totals.tooMany += out.tooMany;
      totals.foreign += out.foreign;
      expect(out.problems.slice(0, 20)).toEqual([]);
      // the flood limits must not mask the handlers
      expect(out.tooMany).toBeLessThanOrEqual(Math.ceil(out.cases / 10));
    }, 60_000 + FUZZ_RUNS * 2_000);

    test('most cases get past the contract and the flood limits to the handlers', () => {
      const reached = totals.accepted + totals.handlerRefusals;
      expect(totals.tooMany).toBe(0);
      if (totals.cases >= 100) expect(reached / totals.cases).toBeGreaterThan(0.4);
    });
  });
}

