/**
 * The customer's live order channel with a fake socket and jest's fake timers: the URL and frames of
 * the contract, hello → a refresh of what is shown, an order frame → that order only, bad frames
 * ignored, the C§4 reconnect schedule (a refresh after every reconnect), a refused token not retried,
 * and the app's visibility (hidden: closed with 1000; shown: open again).
 */
import type { CustomerOrderWsMessage } from '../../src/api/contract/console';
import { CUSTOMER_ORDERS_WS_PATH, CustomerOrderWsMessage as FrameSchema } from '../../src/api/contract/console';
import { PayStatus } from '../../src/domain/enums';
import { reconnectSchedule } from '../../src/domain/reconnect';
import {
  OrderChannel,
  ORDERS_WS_PATH,
  bindToAppVisibility,
  ordersWsUrl,
  readOrderFrame,
  type OrderChannelEvent,
  type SocketLike,
} from '../../src/realtime';
import { FakeLifecycle } from '../support/fakes';

class FakeSocket implements SocketLike {
  closedWith: number | null = null;
  sent: string[] = [];
  private openCb?: () => void;
  private messageCb?: (d: string) => void;
  private closeCb?: (code: number, reason: string) => void;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code ?? 1000;
  }
  onOpen(cb: () => void) {
    this.openCb = cb;
  }
  onMessage(cb: (d: string) => void) {
    this.messageCb = cb;
  }
  onClose(cb: (code: number, reason: string) => void) {
    this.closeCb = cb;
  }
  onError() {}
  // test side
  opens() {
    this.openCb?.();
  }
  deliver(frame: unknown) {
    this.messageCb?.(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
  drop(code = 1006) {
    this.closeCb?.(code, '');
  }
}

const orderFrame = (id: number, over: Partial<Extract<CustomerOrderWsMessage, { type: 'order' }>> = {}) => ({
  type: 'order' as const,
  id,
  shopId: 1,
  status: 'confirmed' as const,
  payStatus: PayStatus.success,
  updatedAt: 1_800_000_000_000,
  ...over,
});

function setup(token: () => string | null = () => 'tok en') {
  const sockets: FakeSocket[] = [];
  const ch = new OrderChannel({
    url: () => {
      const t = token();
      return t ? ordersWsUrl('https://api.example.com/', t) : null;
    },
    socket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
  });
  const events: OrderChannelEvent[] = [];
  ch.subscribe((e) => events.push(e));
  const refreshes = () => events.filter((e) => e.kind === 'synced').length;
  const orders = () => events.flatMap((e) => (e.kind === 'order' ? [e.id] : []));
  const statuses = () => events.flatMap((e) => (e.kind === 'status' ? [e.status] : []));
  const last = () => sockets[sockets.length - 1];
  return { ch, sockets, events, refreshes, orders, statuses, last };
}

/** Opens the channel and lets the server say hello on its socket. */
function connect(t: ReturnType<typeof setup>) {
  t.ch.open();
  t.last().opens();
  t.last().deliver({ type: 'hello' });
}

afterEach(() => jest.useRealTimers());

describe('the order channel URL and frames (the contract)', () => {
  it('connects to the contract path with the token, on the API origin as ws(s)', () => {
    expect(ORDERS_WS_PATH).toBe(CUSTOMER_ORDERS_WS_PATH);
    expect(ordersWsUrl('https://api.example.com/', 'a b')).toBe('wss://api.example.com/ws/orders?token=a%20b');
    expect(ordersWsUrl('http://127.0.0.1:8080', 't')).toBe('ws://127.0.0.1:8080/ws/orders?token=t');
    expect(ordersWsUrl('', 't', 'https://shop.example.com')).toBe('wss://shop.example.com/ws/orders?token=t');
  });

  it('reads what the contract sends and nothing else', () => {
    const hello = { type: 'hello' };
    const order = orderFrame(7);
    // the fixtures are frames the contract's schema accepts
    expect(FrameSchema.parse(hello)).toEqual(hello);
    expect(FrameSchema.parse(order)).toEqual(order);
    expect(readOrderFrame(JSON.stringify(hello))).toEqual(hello);
    expect(readOrderFrame(JSON.stringify(order))).toEqual(order);
    for (const bad of ['not json', 'null', '42', '"order"', '{}', '{"type":"snapshot"}']) expect(readOrderFrame(bad)).toBeNull();
    for (const bad of [
      { ...order, id: 0 },
      { ...order, id: '7' },
      { ...order, id: 1.5 },
      { ...order, shopId: undefined },
      { ...order, status: 3 },
      { ...order, payStatus: null },
      { ...order, payStatus: 'success' },
      { ...order, updatedAt: 'now' },
    ])
      expect(readOrderFrame(JSON.stringify(bad))).toBeNull();
  });
});

describe('OrderChannel', () => {
  it('opens one socket with the token in the URL and is open once the server says hello', () => {
    const t = setup();
    t.ch.open();
    t.ch.open();
    expect(t.sockets).toHaveLength(1);
    expect(t.last().url).toBe('wss://api.example.com/ws/orders?token=tok%20en');
    expect(t.ch.status).toBe('connecting');
    t.last().opens();
    // the socket is open but not subscribed yet: nothing to refresh
    expect(t.refreshes()).toBe(0);
    t.last().deliver({ type: 'hello' });
    expect(t.ch.status).toBe('open');
    expect(t.statuses()).toEqual(['connecting', 'open']);
    // subscribed: what is shown may have changed before, refresh it
    expect(t.refreshes()).toBe(1);
    // the channel only listens
    expect(t.last().sent).toEqual([]);
  });

  it('passes on the id of each changed order, and nothing for frames it cannot read', () => {
    const t = setup();
    connect(t);
    t.last().deliver(orderFrame(7));
    t.last().deliver('garbage');
    t.last().deliver({ type: 'order', id: 'x' });
    t.last().deliver({ type: 'resync' });
    t.last().deliver(orderFrame(9, { status: 'delivered' }));
    expect(t.orders()).toEqual([7, 9]);
    expect(t.refreshes()).toBe(1);
    expect(t.ch.status).toBe('open');
  });

  it('reconnects on the C§4 schedule and refreshes after each reconnect', () => {
    jest.useFakeTimers();
    const t = setup();
    connect(t);
    t.last().drop(1006);
    expect(t.ch.status).toBe('reconnecting');
    // nothing before the first delay
    jest.advanceTimersByTime(999);
    expect(t.sockets).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(t.sockets).toHaveLength(2);
    // the attempts fail without a hello: 2 s, 4 s, 8 s, 10 s…
    const delays: number[] = [1000];
    for (let i = 0; i < 4; i += 1) {
      const before = t.sockets.length;
      t.last().drop(1006);
      let waited = 0;
      while (t.sockets.length === before) {
        jest.advanceTimersByTime(500);
        waited += 500;
      }
      delays.push(waited);
    }
    expect(delays).toEqual(reconnectSchedule('default').slice(0, 5));
    // the server answers again: subscribed, the schedule starts over, what is shown is refreshed
    t.last().opens();
    t.last().deliver({ type: 'hello' });
    expect(t.ch.status).toBe('open');
    expect(t.ch.attempt).toBe(0);
    expect(t.refreshes()).toBe(2);
    t.last().drop(1006);
    jest.advanceTimersByTime(1000);
    t.last().deliver({ type: 'hello' });
    expect(t.refreshes()).toBe(3);
  });

  it('gives up after the attempts of the schedule', () => {
    jest.useFakeTimers();
    const t = setup();
    t.ch.open();
    for (let i = 0; i < reconnectSchedule('default').length; i += 1) {
      t.last().drop(1006);
      jest.advanceTimersByTime(10_000);
    }
    expect(t.sockets).toHaveLength(1 + reconnectSchedule('default').length);
    t.last().drop(1006);
    expect(t.ch.status).toBe('failed');
    jest.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1 + reconnectSchedule('default').length);
  });

  it('does not retry a refused token (4401)', () => {
    jest.useFakeTimers();
    const t = setup();
    t.ch.open();
    t.last().drop(4401);
    expect(t.ch.status).toBe('failed');
    jest.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1);
  });

  it('opens nothing without a token, and takes the current token on each connect', () => {
    jest.useFakeTimers();
    let token: string | null = null;
    const t = setup(() => token);
    t.ch.open();
    expect(t.sockets).toHaveLength(0);
    expect(t.ch.status).toBe('failed');
    token = 'first';
    t.ch.open();
    expect(t.last().url).toContain('token=first');
    token = 'second';
    t.last().drop(1006);
    jest.advanceTimersByTime(1000);
    expect(t.last().url).toContain('token=second');
  });

  it('closes with code 1000 and ignores the old socket afterwards', () => {
    jest.useFakeTimers();
    const t = setup();
    connect(t);
    const s = t.last();
    t.ch.close();
    expect(s.closedWith).toBe(1000);
    expect(t.ch.status).toBe('closed');
    s.deliver(orderFrame(7));
    s.drop(1000);
    jest.advanceTimersByTime(60_000);
    expect(t.orders()).toEqual([]);
    expect(t.sockets).toHaveLength(1);
    expect(t.ch.status).toBe('closed');
  });

  it('cancels a pending reconnect when closed', () => {
    jest.useFakeTimers();
    const t = setup();
    connect(t);
    t.last().drop(1006);
    t.ch.close();
    jest.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1);
  });

  it('closes while the app is hidden and reconnects (and refreshes) when it shows again', () => {
    const t = setup();
    const lifecycle = new FakeLifecycle();
    const unbind = bindToAppVisibility(t.ch, lifecycle);
    connect(t);
    lifecycle.emitHide();
    expect(t.sockets[0].closedWith).toBe(1000);
    expect(t.ch.status).toBe('closed');
    lifecycle.emitShow();
    expect(t.sockets).toHaveLength(2);
    t.last().deliver({ type: 'hello' });
    // "a closed app sees it at its next open": the shown orders are fetched again
    expect(t.refreshes()).toBe(2);
    unbind();
    lifecycle.emitHide();
    expect(t.ch.status).toBe('open');
  });

  it('starts a fresh run at the next show after giving up', () => {
    const t = setup();
    const lifecycle = new FakeLifecycle();
    bindToAppVisibility(t.ch, lifecycle);
    t.ch.open();
    t.last().drop(4401);
    expect(t.ch.status).toBe('failed');
    lifecycle.emitHide();
    lifecycle.emitShow();
    expect(t.sockets).toHaveLength(2);
    expect(t.ch.status).toBe('connecting');
  });
});
