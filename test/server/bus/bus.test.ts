/**
 * Room fan-out (TABLE-6, SERVER-2): the in-process bus, and Redis pub/sub between two buses as two
 * processes would hold them — against a real redis-server started here, restarted mid-stream.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { createBus, type Bus, type BusMessage } from '../../../server/src/bus';

const hasRedis = spawnSync('sh', ['-c', 'command -v redis-server']).status === 0;

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

async function startRedis(port: number): Promise<ChildProcess> {
  const p = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (up) return p;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis-server did not start');
}

const waitFor = async (pred: () => boolean, ms = 5000): Promise<void> => {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

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
  let port: number;
  let redis: ChildProcess;
  let one: Bus;
  let two: Bus;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    one = createBus({ redisUrl: `redis://127.0.0.1:${port}` });
    two = createBus({ redisUrl: `redis://127.0.0.1:${port}` });
  }, 20_000);
  afterAll(async () => {
    await one.close();
    await two.close();
    redis.kill('SIGKILL');
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
    await waitFor(() => [...got.values()].reduce((n, l) => n + l.length, 0) >= 20 * 2 * 50);
    await new Promise((r) => setTimeout(r, 100));
    for (const who of ['one', 'two'])
      for (const room of rooms) {
        const seqs = (got.get(`${who}:${room}`) ?? []).map((m) => m.seq);
        expect([...seqs].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
        const fromOne = seqs.filter((s) => s % 2 === 1);
        expect(fromOne).toEqual([...fromOne].sort((x, y) => x - y));
      }
  }, 20_000);

  test('a subscription that resolved receives a message published right after it', async () => {
    const seen: number[] = [];
    await two.subscribe('table_1_99_1', (m) => seen.push(m.seq));
    await one.publish({ room: 'table_1_99_1', seq: 7, data: null });
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual([7]);
  });

  test('redis restarted mid-stream: both buses report the reconnect and deliver again afterwards', async () => {
    const seen: number[] = [];
    let reconnects = 0;
    one.onReconnect(() => reconnects++);
    two.onReconnect(() => reconnects++);
    await two.subscribe('table_1_77_1', (m) => seen.push(m.seq));
    await one.publish({ room: 'table_1_77_1', seq: 1, data: null });
    await waitFor(() => seen.length === 1);

    redis.kill('SIGKILL');
    await waitFor(() => !one.healthy && !two.healthy);
    // a publish during the outage does not hang its caller
    const started = Date.now();
    await one.publish({ room: 'table_1_77_1', seq: 2, data: null }).catch(() => undefined);
    expect(Date.now() - started).toBeLessThan(10_000);

    redis = await startRedis(port);
    await waitFor(() => reconnects >= 2 && one.healthy && two.healthy, 15_000);
    await one.publish({ room: 'table_1_77_1', seq: 3, data: null });
    await waitFor(() => seen.includes(3));
    expect(seen[0]).toBe(1);
  }, 30_000);
});
