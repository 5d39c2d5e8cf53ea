import type { Bus, BusHandler, BusLogger, BusMessage } from './types';

/** One process: messages go straight to the handlers of the room, in publish order. */
export class MemoryBus implements Bus {
  readonly kind = 'memory' as const;
  readonly healthy = true;
  private readonly rooms = new Map<string, Set<BusHandler>>();

  constructor(private readonly logger?: BusLogger) {}

  async publish(message: BusMessage): Promise<void> {
    deliver(this.rooms.get(message.room), message, this.logger);
  }

  async subscribe(room: string, handler: BusHandler): Promise<() => Promise<void>> {
    let set = this.rooms.get(room);
    if (!set) {
      set = new Set();
      this.rooms.set(room, set);
    }
    // a wrapper per subscription: the same function subscribed twice is two subscriptions
    const entry: BusHandler = (m) => handler(m);
    set.add(entry);
    return async () => {
      const s = this.rooms.get(room);
      if (!s) return;
      s.delete(entry);
      if (s.size === 0) this.rooms.delete(room);
    };
  }

  onReconnect(): () => void {
    return () => undefined;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.rooms.clear();
  }
}

/** Calls each handler once; one handler failing does not keep the message from the others. */
export function deliver(handlers: Set<BusHandler> | undefined, message: BusMessage, logger?: BusLogger): void {
  if (!handlers) return;
  for (const h of [...handlers]) {
    try {
      h(message);
    } catch (e) {
      logger?.warn({ err: e, room: message.room }, 'room message handler failed');
    }
  }
}
