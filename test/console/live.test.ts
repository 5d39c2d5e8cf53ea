/**
 * The board's live channel: reconnect after 1 s, 2 s, 4 s … at most 30 s with a jitter from the
 * injected random source, the schedule starting over after a successful hello, a board fetch on every
 * (re)connect, and no retry when the server refuses the session.
 */
import { BACKOFF_CAP_MS, LiveChannel, backoffDelay, seededRandom } from '../../console/src/stores/live';
import { CONSOLE_WS_CLOSE } from '../../src/api/contract/console';
import { FakeSocket, ManualTimers } from './fixtures';

function channel(random: () => number = () => 0.5) {
  const timers = new ManualTimers();
  const sockets: FakeSocket[] = [];
  const events: string[] = [];
  const live = new LiveChannel(
    {
      socket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      timers,
      random,
      url: (shopId) => `ws://x/console/ws?shopId=${shopId}`,
    },
    {
      onHello: () => events.push('hello'),
      onOrder: (o) => events.push(`order ${o.id}`),
      onResync: () => events.push('resync'),
      onUnauthorized: () => events.push('unauthorized'),
    },
  );
  return { live, timers, sockets, events };
}

describe('backoff', () => {
  test('1 s doubling to 30 s with a mid jitter', () => {
    const schedule = Array.from({ length: 8 }, (_, i) => backoffDelay(i, () => 0.5));
    expect(schedule).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(backoffDelay(1000, () => 0.5)).toBe(BACKOFF_CAP_MS);
  });

  test('the jitter stays within ±20 % and repeats with the same seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    for (let i = 0; i < 12; i += 1) {
      const base = Math.min(1000 * 2 ** i, 30000);
      const d = backoffDelay(i, a);
      expect(d).toBeGreaterThanOrEqual(base * 0.8);
      expect(d).toBeLessThanOrEqual(base * 1.2);
      expect(backoffDelay(i, b)).toBe(d);
    }
    expect(backoffDelay(0, () => 0)).toBe(800);
    expect(backoffDelay(0, () => 0.999999)).toBe(1200);
  });
});

describe('reconnect', () => {
  test('a dropped socket is retried on the schedule; each reconnect says hello and the board is fetched again', () => {
    const { live, timers, sockets, events } = channel();
    live.connect(1001);
    expect(sockets).toHaveLength(1);
    expect(live.state).toBe('connecting');
    sockets[0].open();
    sockets[0].send({ type: 'hello', shopId: 1001, serverTime: 1 });
    expect(live.state).toBe('open');
    expect(events).toEqual(['hello']);

    // the server is away: every attempt fails at once
    sockets[0].drop();
    expect(live.down).toBe(true);
    for (const expected of [1000, 2000, 4000, 8000, 16000, 30000, 30000]) {
      expect(timers.waiting).toEqual([expected]);
      timers.advance(expected - 1);
      const count = sockets.length;
      expect(sockets).toHaveLength(count);
      timers.advance(1);
      expect(sockets).toHaveLength(count + 1);
      sockets[sockets.length - 1].drop();
    }
    expect(live.delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);

    // back: the next attempt connects, hello → board fetch, the schedule starts over
    timers.advance(30000);
    const back = sockets[sockets.length - 1];
    back.open();
    back.send({ type: 'hello', shopId: 1001, serverTime: 2 });
    expect(live.state).toBe('open');
    expect(events).toEqual(['hello', 'hello']);
    back.drop();
    expect(timers.waiting).toEqual([1000]);
    live.stop();
    expect(timers.waiting).toEqual([]);
  });

  test('frames: order, resync; junk ignored', () => {
    const { live, sockets, events } = channel();
    live.connect(1001);
    sockets[0].open();
    sockets[0].onmessage?.({ data: 'not json' });
    sockets[0].send({ type: 'nonsense' });
    sockets[0].send({ type: 'resync' });
    expect(events).toEqual(['resync']);
  });

  test('the server refusing the session stops the retries; a refused shop too', () => {
    const a = channel();
    a.live.connect(1001);
    a.sockets[0].drop(CONSOLE_WS_CLOSE.unauthorized);
    expect(a.events).toEqual(['unauthorized']);
    expect(a.timers.waiting).toEqual([]);
    expect(a.live.down).toBe(false);

    const b = channel();
    b.live.connect(1002);
    b.sockets[0].drop(CONSOLE_WS_CLOSE.forbidden);
    expect(b.events).toEqual([]);
    expect(b.timers.waiting).toEqual([]);
  });

  test('switching shops closes the old socket', () => {
    const { live, sockets } = channel();
    live.connect(1001);
    live.connect(1004);
    expect(sockets[0].closed).toBe(true);
    expect(sockets[1].url).toContain('shopId=1004');
    // a late close of the old socket changes nothing
    sockets[0].drop();
    expect(live.state).toBe('connecting');
  });
});
