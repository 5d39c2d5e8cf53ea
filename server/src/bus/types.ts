/**
 * Fan-out of table-room messages between server processes (TABLE-6, SERVER-2). A message is published
 * after its operation is committed; `seq` is the room's version after it (strictly increasing per
 * room, assigned by the database), so receivers drop what they have seen and resync on a gap.
 */
export interface BusMessage {
  room: string;
  seq: number;
  data: unknown;
}

export type BusHandler = (message: BusMessage) => void;

export interface Bus {
  readonly kind: 'memory' | 'redis';
  /** Sends to every subscriber of the room on every process, this one included. */
  publish(message: BusMessage): Promise<void>;
  /**
   * Resolves once the subscription is active (Redis: the SUBSCRIBE acknowledged), so a caller that
   * subscribes, then reads the room from the database, loses nothing in between. Several
   * subscriptions to one room share one broker subscription; the last unsubscribe drops it.
   */
  subscribe(room: string, handler: BusHandler): Promise<() => Promise<void>>;
  /** Called when the broker connection came back after a loss (messages may be lost: resync). */
  onReconnect(handler: () => void): () => void;
  readonly healthy: boolean;
  /** Resolves once the broker answered a PING (in-process: at once); /readyz bounds the wait (OPS-1). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface BusLogger {
  warn(obj: unknown, msg?: string): void;
  info?(obj: unknown, msg?: string): void;
}
