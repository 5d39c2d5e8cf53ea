/**
 * Table codes and sessions (TABLE-7): only the people at the table order on it.
 *
 * - without the code, or with a wrong one of any shape, or a rotated one: no opening, joining, adding,
 *   confirming or paying, the clear `tableCodeInvalid` answer, and nothing written (the table rows,
 *   rooms, rounds, seats and orders checksummed before and after);
 * - getTableInfo without the code: the table's name and state only;
 * - 200 parallel guesses: rate-limited per customer (the right code too), while another customer at
 *   the same address still gets in;
 * - a rotated code: the seated diners stay seated, the old code admits nobody new;
 * - two parties in a row get two sessions and never see each other's rounds; an ended session takes
 *   nothing more, its diners still read their own past order;
 * - the room channel (socket and HTTP) admits only the session's diners;
 * - a shop that holds the first round: the diners see it held, staff release it in the console;
 * - a shop whose staff open the tables: a diner's scan of a free table is `tableNotOpened`.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { consoleCalls } from '../../../src/api/contract/console';
import { messageCalls } from '../../../src/api/contract/message';
import { tableCalls } from '../../../src/api/contract/table';
import { CartOperation } from '../../../src/domain/enums';
import { lineFlag } from '../../../src/domain/pricing';
import { SHOP, TABLE, TABLE_CODE, codeOfTable } from '../../../server/src/demo/ids';
import { rowsOf } from '../../../server/src/services/orders/holds';
import { TABLE_CODE_LIMITS } from '../../../server/src/services/tables/sessions';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { connectRoom, isSnapshot } from '../../support/room-client';
import { consoleCall, ok, owner, staffOf } from '../console/support';
import { success } from '../orders/helpers';

const TOMATO_EGG = 10303; // ¥22, no options
const R = SHOP.restaurant;

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await buildTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => server.close());
beforeEach(() => server.reset());

const who = (name: string) => ({ openId: `o-${name}`, nickName: name, avatarUrl: '' });
let seq = 0;
const login = (name: string) => server.login(R, `session-${name}-${(seq += 1)}`);

const open = (token: string, tableId: number, tableCode: string | undefined, person = 2) =>
  server.call(tableCalls.order, { person, tableId, ...(tableCode === undefined ? {} : { tableCode }), ...who('d') }, { token });

const line = { id: TOMATO_EGG, name: 'ignored', price: 0.01, quantity: 1, flag: lineFlag(TOMATO_EGG), typeid: 1 };

/** Puts a tomato and egg in the session's cart over HTTP and sends the cart as a round. */
async function sendRound(token: string, order: { id: number; roomId: string }) {
  success(await server.call(messageCalls.cartOperate, { room: order.roomId, nickname: 'd', avatar: '', type: 'add', operation: CartOperation.Add, message: line }, { token }));
  return server.call(tableCalls.userAddProducts, { orderId: order.id, products: [{ id: TOMATO_EGG, quantity: 1, flag: line.flag }], ...who('d') }, { token });
}

/** A checksum of the rows every table call could touch. */
async function checksum(): Promise<string> {
  const names = ['tables', 'table_orders', 'table_order_batches', 'rooms', 'table_session_diners', 'orders', 'table_counter_acts'];
  const parts: string[] = [];
  for (const n of names) {
    const [r] = rowsOf<{ sum: string | null }>(await server.db.execute(sql.raw(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS sum FROM "${n}" t`)));
    parts.push(`${n}:${r?.sum ?? 'empty'}`);
  }
  return parts.join(' ');
}

/** The settle figure the console shows, then the settlement at the counter (the session ends). */
async function settleAtCounter(tableId: number, tableOrderId: number) {
  const cookie = await staffOf(server, R);
  const detail = ok(await consoleCall(server, consoleCalls.table, { shopId: R, tableId }, cookie));
  ok(await consoleCall(server, consoleCalls.tableSettle, { shopId: R, tableId, tableOrderId, method: 'cash', expectedTotal: detail.settleTotal!.toFixed(2) }, cookie));
}

describe('a table call without the current code', () => {
  test('cannot open, join, add to, confirm or pay a table order: "scan the code on your table", nothing written', async () => {
    const seated = await login('seated');
    const order = success(await open(seated, TABLE.A3, TABLE_CODE.A3));
    success(await sendRound(seated, order));
    const intruder = await login('intruder');
    const before = await checksum();

    // a wrong code of any shape is a wrong table code, never a malformed request
    const wrong = ['', 'x', TABLE_CODE.A4, TABLE_CODE.A3.toUpperCase(), `${TABLE_CODE.A3} `, TABLE_CODE.A3.slice(0, 31), 'é'.repeat(256), 'nul\u0000byte', '\ud800'];
    for (const code of wrong) {
      const r = await open(intruder, TABLE.A3, code);
      expect([code, r.ok ? 'ok' : r.code]).toEqual([code, 'tableCodeInvalid']);
      server.app.rateLimits.reset();
    }
    const none = await open(intruder, TABLE.A3, undefined);
    expect(none.ok ? 'ok' : [none.code, none.info]).toEqual(['tableCodeInvalid', '请扫描您餐桌上的二维码']);
    const en = await server.call(tableCalls.order, { person: 2, tableId: TABLE.A3, ...who('d') }, { token: intruder, headers: { language: 'en' } });
    expect(en.ok ? 'ok' : en.info).toBe('Scan the code on your table');

    // the order's own calls, named by its id, for someone not seated in its session
    const byId = { orderId: order.id, openId: 'x' };
    const calls = [
      server.call(tableCalls.userAddProducts, { orderId: order.id, products: [{ id: TOMATO_EGG, quantity: 1, flag: line.flag }], ...who('i') }, { token: intruder }),
      server.call(tableCalls.refreshOrder, byId, { token: intruder }),
      server.call(tableCalls.userOrders, { orderId: order.id }, { token: intruder }),
      server.call(tableCalls.canPay, byId, { token: intruder }),
      server.call(tableCalls.cancelPay, byId, { token: intruder }),
      server.call(tableCalls.confirm, { ...byId, payType: 'cash', expectedTotal: 1 }, { token: intruder }),
    ];
    for (const r of await Promise.all(calls)) expect(r.ok ? 'ok' : r.code).toBe('tableCodeInvalid');
    // its room: answered like a missing one
    const sync = await server.call(messageCalls.cartSync, { room: order.roomId }, { token: intruder });
    expect(sync.ok ? 'ok' : sync.code).toBe('tableNotFound');
    const op = await server.call(messageCalls.cartOperate, { room: order.roomId, nickname: 'i', avatar: '', type: 'add', operation: CartOperation.Add, message: line }, { token: intruder });
    expect(op.ok ? 'ok' : op.code).toBe('tableNotFound');
    const socket = await connectRoom(base, order.roomId, intruder);
    expect(await socket.closed).toBe(4004);

    expect(await checksum()).toBe(before);
  });

  test('getTableInfo without the code names the table and its state only; with it, the session', async () => {
    const seated = await login('seated');
    const order = success(await open(seated, TABLE.A4, TABLE_CODE.A4));
    success(await sendRound(seated, order));
    const visitor = await login('visitor');
    const bare = success(await server.call(tableCalls.getTableInfo, { tableNo: 'A4' }, { token: visitor }));
    expect(bare).toMatchObject({ admitted: false, order: null, userOrders: [], allTableOrders: [] });
    expect(bare.tableInfo).toEqual({ id: TABLE.A4, nAreaID: expect.any(Number), nMaxPerson: 4, nStatus: 1, sName: 'A4', areaName: '大厅', nTableStatus: 1 });
    const wrong = await server.call(tableCalls.getTableInfo, { tableNo: 'A4', tableCode: TABLE_CODE.A5 }, { token: visitor });
    expect(wrong.ok ? 'ok' : wrong.code).toBe('tableCodeInvalid');
    const withCode = success(await server.call(tableCalls.getTableInfo, { tableNo: 'A4', tableCode: TABLE_CODE.A4 }, { token: visitor }));
    expect(withCode.admitted).toBe(true);
    expect(withCode.allTableOrders.map((o) => o.id)).toEqual([order.id]);
    expect(withCode.order?.lines).toHaveLength(1);
    // the seated diner needs no code to see their running session (a relaunch without the link)
    expect(success(await server.call(tableCalls.getTableInfo, { tableNo: 'A4' }, { token: seated })).order?.id).toBe(order.id);
  });
});

describe('guessing', () => {
  test('200 parallel guesses are rate-limited per customer (the right code too); another customer at the address gets in', async () => {
    const guesser = await login('guesser');
    const before = await checksum();
    const guesses = Array.from({ length: 200 }, (_, i) => open(guesser, TABLE.A5, `guess-${i}`));
    const codes = (await Promise.all(guesses)).map((r) => (r.ok ? 'ok' : r.code));
    expect(codes.filter((c) => c === 'tableCodeInvalid')).toHaveLength(TABLE_CODE_LIMITS.perCustomer);
    expect(codes.filter((c) => c === 'tooManyRequests')).toHaveLength(200 - TABLE_CODE_LIMITS.perCustomer);
    // over the limit, the right code is refused as well: a guess cannot be confirmed
    const right = await open(guesser, TABLE.A5, TABLE_CODE.A5);
    expect(right.ok ? 'ok' : right.code).toBe('tooManyRequests');
    expect(await checksum()).toBe(before);

    // the restaurant's other guests share the address: its limit is generous
    const neighbour = await login('neighbour');
    expect((await open(neighbour, TABLE.A5, 'typo')).code).toBe('tableCodeInvalid');
    expect(success(await open(neighbour, TABLE.A5, TABLE_CODE.A5)).nTableID).toBe(TABLE.A5);

    // the window ends: the guesser's right code opens the table again
    server.clock.advance(TABLE_CODE_LIMITS.windowMs + 1);
    expect(success(await open(guesser, TABLE.A5, TABLE_CODE.A5)).nTableID).toBe(TABLE.A5);
  });
});

describe('rotating the code', () => {
  test('the old code is dead at once for joining; the seated diners stay seated', async () => {
    const seated = await login('seated');
    const order = success(await open(seated, TABLE.A6, TABLE_CODE.A6));
    const cookie = await staffOf(server, R);
    const rotated = ok(await consoleCall(server, consoleCalls.tableRotateCode, { shopId: R, tableId: TABLE.A6 }, cookie));
    const code = rotated.session!.code;
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    expect(code).not.toBe(TABLE_CODE.A6);
    expect(rotated.session!.link).toContain(`source_type=6&shop_id=${R}&table_no=A6&tableCode=${code}`);
    expect(rotated.session!.seated).toBe(1);

    const late = await login('late');
    const before = await checksum();
    expect((await open(late, TABLE.A6, TABLE_CODE.A6)).code).toBe('tableCodeInvalid');
    expect(await checksum()).toBe(before);

    // the seated diner still orders (with the old link's code or none) and joins the room
    expect(success(await open(seated, TABLE.A6, TABLE_CODE.A6)).id).toBe(order.id);
    expect(success(await sendRound(seated, order)).lines).toHaveLength(1);
    const c = await connectRoom(base, order.roomId, seated);
    c.send({ type: 'join', nickname: 'seated', avatar: '' });
    await c.next(isSnapshot);
    c.close();
    // the new code seats the next diner in the same session
    expect(success(await open(late, TABLE.A6, code)).id).toBe(order.id);
  });
});

describe('sessions', () => {
  test('two parties in a row get two sessions and never see each other\u2019s rounds; the ended one takes nothing more', async () => {
    const first = await login('first');
    const s1 = success(await open(first, TABLE.A7, TABLE_CODE.A7));
    success(await sendRound(first, s1));
    await settleAtCounter(TABLE.A7, s1.id);

    // the first party's session ended: reading their own past order only
    const past = success(await server.call(tableCalls.refreshOrder, { orderId: s1.id, openId: 'x' }, { token: first }));
    expect(past).toMatchObject({ id: s1.id, nEnded: 1 });
    const before = await checksum();
    const add = await server.call(tableCalls.userAddProducts, { orderId: s1.id, products: [{ id: TOMATO_EGG, quantity: 1, flag: line.flag }], ...who('f') }, { token: first });
    expect(add.ok ? 'ok' : add.code).toBe('tableSessionEnded');
    const confirm = await server.call(tableCalls.confirm, { orderId: s1.id, openId: 'x', payType: 'cash', expectedTotal: 1 }, { token: first });
    expect(confirm.ok ? 'ok' : confirm.code).toBe('tableSessionEnded');
    const op = success(
      await server.call(messageCalls.cartOperate, { room: s1.roomId, nickname: 'f', avatar: '', type: 'add', operation: CartOperation.Add, message: line }, { token: first }),
    );
    expect(op.code).not.toBe(0);
    const socket = await connectRoom(base, s1.roomId, first);
    expect(await socket.closed).toBe(4004);
    expect(await checksum()).toBe(before);

    // the next party scans the same code: a new session
    const second = await login('second');
    const s2 = success(await open(second, TABLE.A7, TABLE_CODE.A7));
    expect(s2.id).not.toBe(s1.id);
    expect(s2.lines).toEqual([]);
    success(await sendRound(second, s2));
    const info = success(await server.call(tableCalls.getTableInfo, { tableId: TABLE.A7, tableCode: TABLE_CODE.A7 }, { token: second }));
    expect(info.allTableOrders.map((o) => o.id)).toEqual([s2.id]);
    expect(success(await server.call(tableCalls.userOrders, { orderId: s2.id }, { token: second })).list.map((b) => b.nickName)).toEqual(['d']);
    expect(success(await server.call(tableCalls.userOrders, { orderId: s1.id }, { token: first })).list).toHaveLength(1);
    // neither reaches the other's session by its id, nor its room
    for (const [token, id] of [[first, s2.id], [second, s1.id]] as const) {
      const r = await server.call(tableCalls.refreshOrder, { orderId: id, openId: 'x' }, { token });
      expect(r.ok ? 'ok' : r.code).toBe('tableCodeInvalid');
    }
    const sync = await server.call(messageCalls.cartSync, { room: s2.roomId }, { token: first });
    expect(sync.ok ? 'ok' : sync.code).toBe('tableNotFound');
    // the first party without the link sees the table's state only
    const bare = success(await server.call(tableCalls.getTableInfo, { tableId: TABLE.A7 }, { token: first }));
    expect(bare).toMatchObject({ admitted: false, allTableOrders: [] });
  });

  test('staff clearing the table ends its session', async () => {
    const diner = await login('cleared');
    const s = success(await open(diner, TABLE.A8, TABLE_CODE.A8));
    const cookie = await staffOf(server, R);
    ok(await consoleCall(server, consoleCalls.tableClear, { shopId: R, tableId: TABLE.A8, tableOrderId: s.id }, cookie));
    const round = await server.call(tableCalls.userAddProducts, { orderId: s.id, products: [{ id: TOMATO_EGG, quantity: 1, flag: line.flag }], ...who('d') }, { token: diner });
    expect(round.ok ? 'ok' : round.code).toBe('tableSessionEnded');
  });
});

describe('shop settings', () => {
  test('a held first round waits for the staff ("waiting for the staff to confirm"); staff release it', async () => {
    const ownerCookie = await owner(server, R);
    ok(await consoleCall(server, consoleCalls.tableSessionSettingsSave, { shopId: R, openBy: 'diner', holdFirstRound: true }, ownerCookie));
    // staff (not owners) cannot change the settings
    const staffCookie = await staffOf(server, R);
    const refused = await consoleCall(server, consoleCalls.tableSessionSettingsSave, { shopId: R, openBy: 'staff', holdFirstRound: false }, staffCookie);
    expect(refused.code).toBe('staffForbidden');

    const diner = await login('held');
    const s = success(await open(diner, TABLE.R1, TABLE_CODE.R1));
    const sent = success(await sendRound(diner, s));
    expect(sent.nHeld).toBe(1);
    expect(success(await server.call(tableCalls.userOrders, { orderId: s.id }, { token: diner })).list[0]).toMatchObject({ held: true });
    const pay = await server.call(tableCalls.canPay, { orderId: s.id, openId: 'x' }, { token: diner, headers: { language: 'en' } });
    expect(pay.ok ? 'ok' : [pay.code, pay.info]).toEqual(['tableRoundHeld', 'Waiting for the staff to confirm']);

    const detail = ok(await consoleCall(server, consoleCalls.table, { shopId: R, tableId: TABLE.R1 }, staffCookie));
    expect(detail.session).toMatchObject({ held: true, settings: { holdFirstRound: true } });
    expect(detail.rounds[0].held).toBe(true);
    // the kitchen gets no ticket for a held round, and it cannot be recorded as printed
    const roundId = detail.rounds[0].id;
    expect((await consoleCall(server, consoleCalls.ticket, { shopId: R, kind: 'round', id: roundId }, staffCookie)).code).toBe('tableRoundHeld');
    expect((await consoleCall(server, consoleCalls.ticketPrinted, { shopId: R, kind: 'round', id: roundId, width: 58 }, staffCookie)).code).toBe('tableRoundHeld');
    const approved = ok(await consoleCall(server, consoleCalls.tableApprove, { shopId: R, tableId: TABLE.R1, tableOrderId: s.id }, staffCookie));
    expect(approved.session?.held).toBe(false);
    expect(approved.rounds[0].held).toBeUndefined();
    expect(ok(await consoleCall(server, consoleCalls.ticket, { shopId: R, kind: 'round', id: roundId }, staffCookie)).roundNo).toBe(1);
    // approving again: nothing is held any more
    expect((await consoleCall(server, consoleCalls.tableApprove, { shopId: R, tableId: TABLE.R1, tableOrderId: s.id }, staffCookie)).code).toBe('orderStatusChanged');

    expect(success(await server.call(tableCalls.refreshOrder, { orderId: s.id, openId: 'x' }, { token: diner })).nHeld).toBe(0);
    expect(success(await server.call(tableCalls.canPay, { orderId: s.id, openId: 'x' }, { token: diner })).canPay).toBe(true);
    // the next round of an approved session is not held
    expect(success(await sendRound(diner, s)).nHeld).toBe(0);
  });

  test('a shop whose staff open the tables: a diner\u2019s scan of a free table is refused until staff open it', async () => {
    ok(await consoleCall(server, consoleCalls.tableSessionSettingsSave, { shopId: R, openBy: 'staff', holdFirstRound: false }, await owner(server, R)));
    const diner = await login('early');
    const before = await checksum();
    const early = await open(diner, TABLE.R2, codeOfTable(TABLE.R2));
    expect(early.ok ? 'ok' : early.code).toBe('tableNotOpened');
    expect(await checksum()).toBe(before);
    const opened = ok(await consoleCall(server, consoleCalls.tableOpen, { shopId: R, tableId: TABLE.R2, person: 3 }, await staffOf(server, R)));
    const joined = success(await open(diner, TABLE.R2, codeOfTable(TABLE.R2)));
    expect(joined.id).toBe(opened.table.tableOrderId);
    // without the code the opened table still admits nobody
    expect((await open(await login('other'), TABLE.R2, undefined)).code).toBe('tableCodeInvalid');
  });
});
