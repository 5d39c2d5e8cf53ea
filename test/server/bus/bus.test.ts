/**
 * Room fan-out (TABLE-6, SERVER-2): the in-process bus, and Redis pub/sub between two buses as two
 * processes would hold them — against a real redis-server started here, restarted mid-stream.
 */
import { spawnSync } from 'node:child_process';
import { createBus, type Bus, type BusMessage } from '../../../server/src/bus';
import { spawnRedis, type RedisProcess } from '../../support/processes';
import { until } from '../../support/until';

const hasRedis = spawnSync('sh', ['-c', 'command -v redis-server']).status === 0;

describe('memory bus', () => {
  test('delivers in order to every subscription once; a failing handler does not stop the others; unsubscribe stops delivery', async () => {
    const bus = createBus({ redisUrl: null });
    const a: number[] = [];
    const b: number[] = [];
    const offA = await bus.subscribe('r1', (m) => a.push(m.seq));
    await bus.subscribe('r1', () => {
      throw new Error('handler failure');
    });
    await bus.subscribe('r1', (m) => b.push(m.seq));
    await bus.subscribe('r2', () => b.push(-1));
    for (let i = 1; i <= 5; i++) await bus.publish({ room: 'r1', seq: i, data: null });
    expect(a).toEqual([1, 2, 3, 4, 5]);
    expect(b).toEqual([1, 2, 3, 4, 5]);
    await offA();
    await bus.publish({ room: 'r1', seq: 6, data: null });
    expect(a).toEqual([1, 2, 3, 4, 5]);
    expect(b).toEqual([1, 2, 3, 4, 5, 6]);
    await bus.close();
  });
});

(hasRedis ? describe : describe.skip)('redis bus between two processes', () => {
  let redis: RedisProcess;
  let one: Bus;
  let two: Bus;

  beforeAll(async () => {
    redis = await spawnRedis();
    one = createBus({ redisUrl: redis.url });
    two = createBus({ redisUrl: redis.url });
  }, 20_000);
  afterAll(async () => {
    await one.close();
    await two.close();
    await redis.stop();
  });

  test('a burst from both buses over 20 rooms reaches every subscriber on both exactly once, in each publisher order', async () => {
    const got = new Map<string, BusMessage[]>();
    const record = (who: string) => (m: BusMessage) => {
      const k = `${who}:${m.room}`;
      got.set(k, [...(got.get(k) ?? []), m]);
    };
    const rooms = Array.from({ length: 20 }, (_, i) => `table_1_${i}_1`);
    for (const r of rooms) {
      await one.subscribe(r, record('one'));
      await two.subscribe(r, record('two'));
    }
    // seq encodes the publisher: odd from one, even from two; 50 messages per room, all in flight at once
    await Promise.all(
      rooms.flatMap((room) =>
        Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? one : two).publish({ room, seq: i + 1, data: { i } })),
      ),
    );
    // settle: each bus then publishes a closing marker per room; a subscriber receives a publisher's
    // messages in its order, so a repeat of the burst could only have arrived before both markers
    const MARK_ONE = 1001;
    const MARK_TWO = 1002;
    await Promise.all(rooms.flatMap((room) => [one.publish({ room, seq: MARK_ONE, data: null }), two.publish({ room, seq: MARK_TWO, data: null })]));
    const marked = (who: string, room: string) => {
      const seqs = (got.get(`${who}:${room}`) ?? []).map((m) => m.seq);
      return seqs.includes(MARK_ONE) && seqs.includes(MARK_TWO);
    };
    await until(() => ['one', 'two'].every((who) => rooms.every((room) => marked(who, room))), 'both markers in every room on both buses', 10_000);
    for (const who of ['one', 'two'])
      for (const room of rooms) {
        const seqs = (got.get(`${who}:${room}`) ?? []).map((m) => m.seq).filter((q) => q !== MARK_ONE && q !== MARK_TWO);
        expect([...seqs].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
        const fromOne = seqs.filter((s) => s % 2 === 1);
        expect(fromOne).toEqual([...fromOne].sort((x, y) => x - y));
      }
  }, 20_000);

  test('a subscription that resolved receives a message published right after it', async () => {
    const seen: number[] = [];
    await two.subscribe('table_1_99_1', (m) => seen.push(m.seq));
    await one.publish({ room: 'table_1_99_1', seq: 7, data: null });
    await until(() => seen.length === 1, 'the first message');
    expect(seen).toEqual([7]);
  });

  test('redis restarted mid-stream: both buses report the reconnect and deliver again afterwards', async () => {
    const seen: number[] = [];
    let reconnects = 0;
    one.onReconnect(() => reconnects++);
    two.onReconnect(() => reconnects++);
    await two.subscribe('table_1_77_1', (m) => seen.push(m.seq));
    await one.publish({ room: 'table_1_77_1', seq: 1, data: null });
    await until(() => seen.length === 1, 'the first message');

    const port = redis.port;
    await redis.stop();
    await until(() => !one.healthy && !two.healthy, 'both buses unhealthy');
    // a publish during the outage does not hang its caller
    const started = Date.now();
    await one.publish({ room: 'table_1_77_1', seq: 2, data: null }).catch(() => undefined);
    expect(Date.now() - started).toBeLessThan(10_000);

    redis = await spawnRedis({ port });
    await until(() => reconnects >= 2 && one.healthy && two.healthy, 'both buses reconnected', 15_000);
    await one.publish({ room: 'table_1_77_1', seq: 3, data: null });
    await until(() => seen.includes(3), 'the message after the restart');
    expect(seen[0]).toBe(1);
  }, 30_000);
});
