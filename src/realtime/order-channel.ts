/**
 * The customer's live order channel (CONSOLE: staff act on an order, the customer sees it): one
 * websocket to `/ws/orders?token=…` per app while an order page is on screen. The server says `hello`
 * once the socket is subscribed and `order` whenever one of the customer's orders changes. A frame only
 * says "something changed": the app fetches the order again (order/detail), it never takes the frame's
 * status for the truth. Every `hello` (the first connect and each reconnect) asks for a refresh of
 * what is on screen, so a change made while the socket was closed (app hidden, network lost) shows
 * at the next connect. Reconnects on the C§4 schedule (src/domain/reconnect.ts); a refused token
 * (close code 4401) is not retried. Frames are the contract's `CustomerOrderWsMessage`
 * (src/api/contract/console.ts), checked by hand here: the app does not bundle the contract's zod
 * schemas (the request layer imports only their types either).
 */
import type { CONSOLE_WS_CLOSE, CUSTOMER_ORDERS_WS_PATH, CustomerOrderWsMessage } from '../api/contract/console';
import { WsCloseCode } from '../domain/enums';
import { reconnectDelay, shouldRetry, type ReconnectMode } from '../domain/reconnect';
import type { Timers } from './channel';
import type { ChannelStatus, SocketFactory, SocketLike } from './types';

/** The channel's path (the contract's `CUSTOMER_ORDERS_WS_PATH`, typed against it). */
export const ORDERS_WS_PATH: typeof CUSTOMER_ORDERS_WS_PATH = '/ws/orders';

/** The server's close code for a missing, expired or unknown token (the contract's, typed against it). */
export const ORDERS_WS_UNAUTHORIZED: (typeof CONSOLE_WS_CLOSE)['unauthorized'] = 4401;

/** `ws(s)://host/ws/orders?token=…` from the API origin (`http(s)://…`; empty = the page's origin). */
export function ordersWsUrl(apiBase: string, token: string, pageOrigin = ''): string {
  const origin = (apiBase || pageOrigin).replace(/\/+$/, '').replace(/^http/, 'ws');
  return `${origin}${ORDERS_WS_PATH}?token=${encodeURIComponent(token)}`;
}

export type OrderFrame = Extract<CustomerOrderWsMessage, { type: 'order' }>;

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/**
 * A frame of the channel, or null for anything else (not JSON, another shape): what the contract's
 * schema accepts, as far as the app reads it. An `order` frame needs its ids; its status and pay status
 * are only passed on, never acted upon.
 */
export function readOrderFrame(data: string): CustomerOrderWsMessage | null {
  let m: unknown;
  try {
    m = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof m !== 'object' || m === null) return null;
  const f = m as Record<string, unknown>;
  if (f.type === 'hello') return { type: 'hello' };
  if (f.type !== 'order' || !isId(f.id) || !isId(f.shopId)) return null;
  if (typeof f.status !== 'string' || typeof f.payStatus !== 'number' || typeof f.updatedAt !== 'number') return null;
  return f as unknown as OrderFrame;
}

export type OrderChannelEvent =
  | { kind: 'status'; status: ChannelStatus }
  /** Subscribed (the first connect or a reconnect): fetch again what is on screen. */
  | { kind: 'synced' }
  /** One of the customer's orders changed: fetch it again. */
  | { kind: 'order'; id: number; shopId: number };

export interface OrderChannelOptions {
  /** The full websocket URL with the customer's current token; null when there is none (nothing to open). */
  url: () => string | null;
  socket: SocketFactory;
  timers?: Timers;
  /** 10 attempts by default (C§9). */
  mode?: ReconnectMode;
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class OrderChannel {
  /**
   * idle: never opened; connecting / reconnecting: waiting for the socket and its `hello`; open:
   * subscribed; failed: attempts used up, token refused or none; closed: closed by the app.
   */
  status: ChannelStatus = 'idle';
  /** Reconnect attempts made in the current run. */
  attempt = 0;
  private socket: SocketLike | null = null;
  private retryTimer: unknown = null;
  private readonly listeners = new Set<(e: OrderChannelEvent) => void>();
  private readonly timers: Timers;
  private readonly mode: ReconnectMode;

  constructor(private readonly opts: OrderChannelOptions) {
    this.timers = opts.timers ?? defaultTimers;
    this.mode = opts.mode ?? 'default';
  }

  subscribe(listener: (e: OrderChannelEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(e: OrderChannelEvent): void {
    for (const l of [...this.listeners]) l(e);
  }

  private setStatus(s: ChannelStatus): void {
    if (this.status === s) return;
    this.status = s;
    this.emit({ kind: 'status', status: s });
  }

  /** Connects, unless connected or connecting already. */
  open(): void {
    if (this.status === 'open' || this.status === 'connecting' || this.status === 'reconnecting') return;
    this.attempt = 0;
    this.connect('connecting');
  }

  /** Closes (code 1000: the app went to the background, or the page was left); `open()` starts again. */
  close(code: number = WsCloseCode.normal): void {
    this.clearRetry();
    const s = this.socket;
    this.socket = null;
    s?.close(code, 'closed by the app');
    this.setStatus('closed');
  }

  private connect(status: 'connecting' | 'reconnecting'): void {
    this.clearRetry();
    const url = this.opts.url();
    if (!url) {
      // no token (signed out): nothing to subscribe to until the app opens the channel again
      this.setStatus('failed');
      return;
    }
    this.setStatus(status);
    let s: SocketLike;
    try {
      s = this.opts.socket(url, {});
    } catch {
      // a socket that cannot even be created (a bad URL) counts as a lost connection
      this.lost(1006);
      return;
    }
    this.socket = s;
    s.onMessage((data) => {
      if (this.socket === s) this.receive(data);
    });
    s.onClose((code) => {
      if (this.socket === s) this.lost(code);
    });
    s.onError(() => {
      // a close follows every error; reconnecting is decided there
    });
    s.onOpen(() => {
      // subscribed only once the server says hello
    });
  }

  private receive(data: string): void {
    const m = readOrderFrame(data);
    if (!m) return;
    if (m.type === 'hello') {
      this.attempt = 0;
      this.setStatus('open');
      this.emit({ kind: 'synced' });
      return;
    }
    this.emit({ kind: 'order', id: m.id, shopId: m.shopId });
  }

  private lost(code: number): void {
    this.socket = null;
    this.clearRetry();
    if (code === ORDERS_WS_UNAUTHORIZED || code === WsCloseCode.unauthorized || !shouldRetry(this.attempt, this.mode)) {
      this.setStatus('failed');
      return;
    }
    // a node restarting (1012) within the restart jitter, else the C§4 schedule
    const delay = reconnectDelay(code, this.attempt);
    this.attempt += 1;
    this.setStatus('reconnecting');
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.connect('reconnecting');
    }, delay);
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
