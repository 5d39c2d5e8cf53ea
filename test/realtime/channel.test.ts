/**
 * The app's live channel of a table room with a fake socket and jest's fake timers (TABLE-2…5,
 * APP-10): join and sync on open, one operation in flight at a time, the C§4 reconnect schedule and
 * the Retry state, replies and rollback per code, duplicate and missing events, visibility.
 */
import { RoomChannel, bindToAppVisibility, wsUrl, type SocketLike } from '../../src/realtime';
import { alipaySocketFactory, type AlipaySocketHost } from '../../src/platform/socket.alipay';
import { CartOperation, CartReplyCode } from '../../src/domain/enums';
import type { CartLine } from '../../src/domain/types';
import { RESTART_JITTER_MS } from '../../src/domain/reconnect';

class FakeSocket implements SocketLike {
  sent: Array<Record<string, unknown>> = [];
  closedWith: number | null = null;
  private open?: () => void;
  private message?: (d: string) => void;
  private closeCb?: (code: number, reason: string) => void;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code ?? 1000;
  }
  onOpen(cb: () => void) {
    this.open = cb;
  }
  onMessage(cb: (d: string) => void) {
    this.message = cb;
  }
  onClose(cb: (code: number, reason: string) => void) {
    this.closeCb = cb;
  }
  onError() {}
  // test side
  opens() {
    this.open?.();
  }
  deliver(frame: unknown) {
    this.message?.(JSON.stringify(frame));
  }
  drop(code = 1006) {
    this.closeCb?.(code, '');
  }
  last() {
    return this.sent[this.sent.length - 1];
  }
}

const me = { openId: 'me', nickname: 'Me', avatar: '/me.png' };
const line = (flag: string, quantity: number, version?: number): CartLine => ({
  id: Number(flag),
  name: `P${flag}`,
  price: 10,
  quantity,
  flag,
  typeid: 1,
  ...(version === undefined ? {} : { version }),
});

function setup(mode: 'scanOrder' | 'default' = 'scanOrder') {
  const sockets: FakeSocket[] = [];
  const ch = new RoomChannel({
    roomId: 'table_1_2_3',
    url: 'ws://x/ws/table_1_2_3?token=t',
    token: 't',
    me,
    mode,
    socket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    pingIntervalMs: 60_000,
  });
  const changes: string[] = [];
  ch.subscribe((c) => changes.push(c.kind === 'status' ? `status:${c.status}` : c.kind));
  return { ch, sockets, changes };
}

/** Opens the channel and answers its sync with `products` at `version`. */
function openWith(ch: RoomChannel, s: FakeSocket, products: CartLine[] = [], version = 1) {
  s.opens();
  const sync = s.sent.find((f) => f.type === 'sync')!;
  s.deliver({ type: 'snapshot', seq: sync.seq, products, version, diners: [me] });
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('on open it announces joining, then syncs; the snapshot opens the channel', () => {
  const { ch, sockets } = setup();
  ch.open();
  expect(ch.status).toBe('connecting');
  sockets[0].opens();
  expect(sockets[0].sent.map((f) => f.type)).toEqual(['join', 'sync']);
  expect(sockets[0].sent[0]).toEqual({ type: 'join', nickname: 'Me', avatar: '/me.png' });
  sockets[0].deliver({ type: 'snapshot', seq: sockets[0].sent[1].seq, products: [line('7', 2, 1)], version: 4 });
  expect(ch.status).toBe('open');
  expect(ch.cart.lines).toEqual([line('7', 2, 1)]);
  expect(ch.cart.version).toBe(4);
});

test('operations are shown at once and sent one at a time: the second only after the first reply', async () => {
  const { ch, sockets } = setup();
  ch.open();
  const s = sockets[0];
  openWith(ch, s);
  const first = ch.add(line('1', 1));
  const second = ch.add(line('2', 1));
  expect(ch.cart.lines.map((l) => l.flag)).toEqual(['1', '2']);
  const ops = () => s.sent.filter((f) => f.type === 'add');
  expect(ops()).toHaveLength(1);
  s.deliver({ type: 'reply', seq: ops()[0].seq, code: 10000, reason: '', latestProduct: line('1', 1, 1), version: 2 });
  await expect(first).resolves.toMatchObject({ code: 10000 });
  expect(ops()).toHaveLength(2);
  s.deliver({ type: 'reply', seq: ops()[1].seq, code: 10000, reason: '', latestProduct: line('2', 1, 1), version: 3 });
  await second;
  expect(ch.cart.lines).toEqual([line('1', 1, 1), line('2', 1, 1)]);
});

test('reconnect schedule for scan order: 1, 2, 4, 8, 10 s, then failed (Retry); retry starts a fresh run', () => {
  const { ch, sockets } = setup('scanOrder');
  ch.open();
  openWith(ch, sockets[0]);
  const delays: number[] = [];
  for (let i = 0; i < 5; i++) {
    sockets[sockets.length - 1].drop();
    expect(ch.status).toBe('reconnecting');
    const before = sockets.length;
    let waited = 0;
    while (sockets.length === before) {
      jest.advanceTimersByTime(100);
      waited += 100;
    }
    delays.push(waited);
  }
  expect(delays).toEqual([1000, 2000, 4000, 8000, 10000]);
  sockets[sockets.length - 1].drop();
  expect(ch.status).toBe('failed');
  const n = sockets.length;
  jest.advanceTimersByTime(60_000);
  expect(sockets).toHaveLength(n);
  ch.retry();
  expect(sockets).toHaveLength(n + 1);
  expect(ch.status).toBe('connecting');
});

test('the default channel makes 10 attempts before failing', () => {
  const { ch, sockets } = setup('default');
  ch.open();
  for (let i = 0; i < 10; i++) {
    sockets[sockets.length - 1].drop();
    jest.advanceTimersByTime(10_000);
  }
  expect(sockets).toHaveLength(11);
  sockets[sockets.length - 1].drop();
  expect(ch.status).toBe('failed');
});

test('a refused operation rolls back (add removes, edit reverts, delete restores) and says why; busy takes the latest line', async () => {
  const { ch, sockets, changes } = setup();
  ch.open();
  const s = sockets[0];
  openWith(ch, s, [line('1', 2, 3)], 5);
  const reply = (code: number, latestProduct: CartLine | null = null) =>
    s.deliver({ type: 'reply', seq: s.last().seq, code, reason: 'why', latestProduct, version: 5 });

  for (const code of [CartReplyCode.ParamsError, CartReplyCode.EditFail]) {
    const p = ch.add(line('9', 1));
    expect(ch.cart.lines.map((l) => l.flag)).toEqual(['1', '9']);
    reply(code);
    await expect(p).resolves.toMatchObject({ code });
    expect(ch.cart.lines).toEqual([line('1', 2, 3)]);
  }
  const edit = ch.edit(line('1', 6, 3));
  expect(ch.cart.lines[0].quantity).toBe(6);
  reply(CartReplyCode.EditFail);
  await edit;
  expect(ch.cart.lines).toEqual([line('1', 2, 3)]);

  const del = ch.remove(line('1', 2, 3));
  expect(ch.cart.lines).toEqual([]);
  reply(CartReplyCode.ParamsError);
  await del;
  expect(ch.cart.lines).toEqual([line('1', 2, 3)]);
  expect(changes.filter((c) => c === 'refused')).toHaveLength(4);

  const busy = ch.edit(line('1', 4, 2));
  reply(CartReplyCode.ProductBusy, line('1', 7, 4));
  await busy;
  expect(ch.cart.lines).toEqual([line('1', 7, 4)]);
  expect(changes.filter((c) => c === 'busy')).toHaveLength(1);

  // C§4 −10003: another diner removed the line being edited: the reply is its resync (gone), no rollback
  const gone = ch.edit(line('1', 8, 4));
  reply(CartReplyCode.ProductNotFound, null);
  await expect(gone).resolves.toMatchObject({ code: CartReplyCode.ProductNotFound });
  expect(ch.cart.lines).toEqual([]);
  expect(changes.filter((c) => c === 'busy')).toHaveLength(2);
  expect(changes.filter((c) => c === 'refused')).toHaveLength(4);

  const clear = ch.clear();
  expect(ch.cart.lines).toEqual([]);
  reply(CartReplyCode.CleanFail);
  await clear;
  // a refused clear is undone by a resync
  expect(s.last()).toMatchObject({ type: 'sync' });
});

test('events: a duplicate is skipped, a missing version makes the channel resync and the snapshot replaces the cart', () => {
  const { ch, sockets, changes } = setup();
  ch.open();
  const s = sockets[0];
  openWith(ch, s, [], 3);
  const by = { openId: 'o2', nickname: 'Two', avatar: '' };
  s.deliver({ type: 'event', operation: CartOperation.Add, product: line('1', 1, 1), by, version: 4 });
  s.deliver({ type: 'event', operation: CartOperation.Add, product: line('1', 1, 1), by, version: 4 });
  expect(ch.cart.lines).toEqual([{ ...line('1', 1, 1), by }]);
  expect(ch.cart.version).toBe(4);
  const sentBefore = s.sent.length;
  s.deliver({ type: 'event', operation: CartOperation.Edit, product: line('1', 5, 3), by, version: 6 });
  expect(ch.cart.lines[0].quantity).toBe(1);
  expect(s.sent.slice(sentBefore)).toEqual([{ type: 'sync', seq: expect.any(Number) }]);
  s.deliver({ type: 'snapshot', seq: s.last().seq, products: [line('1', 5, 3)], version: 6 });
  expect(ch.cart.lines).toEqual([line('1', 5, 3)]);
  s.deliver({ type: 'event', operation: CartOperation.Submitted, product: null, by, version: 7, orderId: 3 });
  expect(ch.cart.lines).toEqual([]);
  expect(changes).toContain('submitted');
});

test('an own operation\'s reply and its event give the same cart in either order', () => {
  for (const replyFirst of [true, false]) {
    const { ch, sockets } = setup();
    ch.open();
    const s = sockets[0];
    openWith(ch, s, [], 1);
    void ch.add(line('1', 2));
    const seq = s.last().seq;
    const reply = () => s.deliver({ type: 'reply', seq, code: 10000, reason: '', latestProduct: line('1', 2, 1), version: 2 });
    const event = () => s.deliver({ type: 'event', operation: CartOperation.Add, product: line('1', 2, 1), by: me, version: 2 });
    if (replyFirst) {
      reply();
      event();
    } else {
      event();
      reply();
    }
    expect(ch.cart.lines.map(({ by: _by, ...l }) => l)).toEqual([line('1', 2, 1)]);
    expect(ch.cart.version).toBe(2);
  }
});

test('a node restarting (close 1012) hands the room to another node within the restart jitter; a second loss in the run waits the backoff', () => {
  const { ch, sockets } = setup('scanOrder');
  ch.open();
  openWith(ch, sockets[0]);
  sockets[0].drop(1012);
  expect(ch.status).toBe('reconnecting');
  // within the jitter (below RESTART_JITTER_MS, 100 ms): the next socket opens before the first backoff step would
  jest.advanceTimersByTime(RESTART_JITTER_MS - 1);
  expect(sockets).toHaveLength(2);
  // the new node restarts too before the room synced: now the C§9 schedule (attempt 1: 2 s)
  sockets[1].drop(1012);
  jest.advanceTimersByTime(1999);
  expect(sockets).toHaveLength(2);
  jest.advanceTimersByTime(1);
  expect(sockets).toHaveLength(3);
  // once synced the run starts again: the next restart reconnects at once
  openWith(ch, sockets[2]);
  sockets[2].drop(1012);
  jest.advanceTimersByTime(RESTART_JITTER_MS - 1);
  expect(sockets).toHaveLength(4);
});

test('operations made while disconnected wait, then go out after the reconnect\'s snapshot', () => {
  const { ch, sockets } = setup();
  ch.open();
  openWith(ch, sockets[0], [], 1);
  sockets[0].drop();
  void ch.add(line('3', 1));
  expect(ch.cart.lines.map((l) => l.flag)).toEqual(['3']);
  jest.advanceTimersByTime(1000);
  const s = sockets[1];
  s.opens();
  expect(s.sent.filter((f) => f.type === 'add')).toHaveLength(0);
  s.deliver({ type: 'snapshot', seq: s.sent.find((f) => f.type === 'sync')!.seq, products: [line('8', 1, 1)], version: 9 });
  // the waiting add shows on top of the room as it now is, and is sent
  expect(ch.cart.lines.map((l) => l.flag)).toEqual(['8', '3']);
  expect(s.sent.filter((f) => f.type === 'add')).toEqual([{ type: 'add', seq: expect.any(Number), product: line('3', 1) }]);
});

test('APP-10: hidden → closed with 1000 and no reconnect; shown → opened again', () => {
  const { ch, sockets } = setup();
  let hide: () => void = () => undefined;
  let show: () => void = () => undefined;
  const off = bindToAppVisibility(ch, {
    onHide: (l) => ((hide = l), () => undefined),
    onShow: (l) => ((show = l), () => undefined),
  });
  ch.open();
  openWith(ch, sockets[0]);
  hide();
  expect(sockets[0].closedWith).toBe(1000);
  expect(ch.status).toBe('closed');
  jest.advanceTimersByTime(30_000);
  expect(sockets).toHaveLength(1);
  show();
  expect(sockets).toHaveLength(2);
  off();
});

test('wsUrl turns the API origin into the socket URL', () => {
  expect(wsUrl('https://api.example.com/', 'table_1_2_3', 'a b')).toBe('wss://api.example.com/ws/table_1_2_3?token=a%20b');
  expect(wsUrl('', 'table_1_2_3', 't', 'http://localhost:8080')).toBe('ws://localhost:8080/ws/table_1_2_3?token=t');
});

test('alipay: the global handlers are removed on close, so after 3 reconnects there is one of each', () => {
  const registered: Record<string, Set<unknown>> = { open: new Set(), message: new Set(), close: new Set(), error: new Set() };
  const on = (k: string) => (h: unknown) => registered[k].add(h);
  const off = (k: string) => (h?: unknown) => (h ? registered[k].delete(h) : registered[k].clear());
  const fire = (k: string, arg: unknown) => [...registered[k]].forEach((h) => (h as (a: unknown) => void)(arg));
  const my: AlipaySocketHost = {
    connectSocket: () => undefined,
    sendSocketMessage: () => undefined,
    closeSocket: () => undefined,
    onSocketOpen: on('open'),
    offSocketOpen: off('open'),
    onSocketMessage: on('message'),
    offSocketMessage: off('message'),
    onSocketClose: on('close'),
    offSocketClose: off('close'),
    onSocketError: on('error'),
    offSocketError: off('error'),
  };
  const factory = alipaySocketFactory(() => my);
  const ch = new RoomChannel({ roomId: 'table_1_2_3', url: 'ws://x', token: 't', me, socket: factory });
  const messages: string[] = [];
  ch.open();
  for (let i = 0; i < 3; i++) {
    fire('close', { code: 1006 });
    jest.advanceTimersByTime(10_000);
  }
  expect(Object.values(registered).map((s) => s.size)).toEqual([1, 1, 1, 1]);
  // a message is handled once: the snapshot opens the channel exactly once
  ch.subscribe((c) => messages.push(c.kind));
  fire('open', {});
  fire('message', { data: JSON.stringify({ type: 'snapshot', products: [], version: 1 }) });
  expect(messages.filter((m) => m === 'cart')).toHaveLength(1);
});
