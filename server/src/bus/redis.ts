import { Redis } from 'ioredis';
import { deliver } from './memory';
import type { Bus, BusHandler, BusLogger, BusMessage } from './types';

export interface RedisBusOptions {
  url: string;
  channelPrefix?: string;
  logger?: BusLogger;
}

/**
 * Several processes: Redis pub/sub, one publishing and one subscribing connection per process.
 * ioredis reconnects by itself and subscribes again (`autoResubscribe`); messages published while
 * the connection was down are lost, so a reconnect is reported and the rooms resync. A publish while
 * the connection is down fails after one retry rather than waiting: the operation is committed
 * already, and the next message's gap makes the receivers resync.
 */
export class RedisBus implements Bus {
  readonly kind = 'redis' as const;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly prefix: string;
  private readonly rooms = new Map<string, Set<BusHandler>>();
  private readonly pending = new Map<string, Promise<unknown>>();
  private readonly reconnectHandlers = new Set<() => void>();
  private lost = false;
  private closed = false;

  constructor(opts: RedisBusOptions) {
    this.prefix = opts.channelPrefix ?? 'room:';
    const common = {
      lazyConnect: false,
      maxRetriesPerRequest: 1,
      retryStrategy: (times: number) => Math.min(times * 200, 2000),
      enableOfflineQueue: true,
    };
    this.pub = new Redis(opts.url, { ...common, connectionName: 'room-pub' });
    this.sub = new Redis(opts.url, { ...common, connectionName: 'room-sub', autoResubscribe: true });
    for (const c of [this.pub, this.sub]) c.on('error', (e) => opts.logger?.warn({ err: e }, 'room bus connection error'));
    this.sub.on('close', () => {
      if (!this.closed) this.lost = true;
    });
    this.sub.on('ready', () => {
      if (!this.lost) return;
      this.lost = false;
      opts.logger?.info?.({}, 'room bus reconnected: rooms resync');
      for (const h of [...this.reconnectHandlers]) {
        try {
          h();
        } catch (e) {
          opts.logger?.warn({ err: e }, 'room bus reconnect handler failed');
        }
      }
    });
    this.sub.on('message', (channel: string, payload: string) => {
      if (!channel.startsWith(this.prefix)) return;
      const room = channel.slice(this.prefix.length);
      let message: BusMessage;
      try {
        const parsed = JSON.parse(payload) as Partial<BusMessage>;
        if (typeof parsed.seq !== 'number' || parsed.room !== room) throw new Error('not a room message');
        message = { room, seq: parsed.seq, data: parsed.data };
      } catch (e) {
        opts.logger?.warn({ err: e, channel }, 'malformed room message ignored');
        return;
      }
      deliver(this.rooms.get(room), message, opts.logger);
    });
  }

  get healthy(): boolean {
    return this.sub.status === 'ready' && this.pub.status === 'ready';
  }

  async publish(message: BusMessage): Promise<void> {
    await this.pub.publish(this.prefix + message.room, JSON.stringify(message));
  }

  async subscribe(room: string, handler: BusHandler): Promise<() => Promise<void>> {
    let set = this.rooms.get(room);
    if (!set) {
      set = new Set();
      this.rooms.set(room, set);
      const p = this.sub.subscribe(this.prefix + room);
      this.pending.set(room, p);
      try {
        await p;
      } catch (e) {
        if (this.rooms.get(room) === set && set.size === 0) this.rooms.delete(room);
        throw e;
      } finally {
        if (this.pending.get(room) === p) this.pending.delete(room);
      }
    } else {
      // a subscription of the room still being set up: active once it is
      await this.pending.get(room);
    }
    const entry: BusHandler = (m) => handler(m);
    this.rooms.get(room)?.add(entry) ?? this.rooms.set(room, new Set([entry]));
    return async () => {
      const s = this.rooms.get(room);
      if (!s) return;
      s.delete(entry);
      if (s.size === 0) {
        this.rooms.delete(room);
        if (!this.closed) await this.sub.unsubscribe(this.prefix + room).catch(() => undefined);
      }
    };
  }

  /** PING on the publishing connection; the subscribing one must be up too (else this node misses the rooms' messages). */
  async ping(): Promise<void> {
    await this.pub.ping();
    if (this.sub.status !== 'ready') throw new Error(`the subscribing connection is ${this.sub.status}`);
  }

  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => this.reconnectHandlers.delete(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.rooms.clear();
    await Promise.all([this.pub.quit().catch(() => this.pub.disconnect()), this.sub.quit().catch(() => this.sub.disconnect())]);
  }
}
