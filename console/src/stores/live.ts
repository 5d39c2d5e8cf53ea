/**
 * The board's live channel: a websocket to `/console/ws?shopId=N` (the session cookie authenticates
 * it). Frames are checked against the contract's `ConsoleWsMessage`; `hello` (the server subscribed
 * us) triggers a board fetch, so every (re)connect catches up on what happened meanwhile; `order`
 * frames upsert a card; `table` frames say a table of the floor changed; `resync` fetches the board. When the socket closes the channel retries after
 * 1 s, 2 s, 4 s … at most 30 s, each spread by a jitter from the injected random source.
 */
import { action, makeObservable, observable } from 'mobx';
import { CONSOLE_WS_CLOSE, CONSOLE_WS_PATH, ConsoleWsMessage, type BoardOrder } from '../../../src/api/contract/console';
import { reconnectDelay, reconnectsAtOnce } from '../../../src/domain/reconnect';

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;
/** ± this share of the delay, drawn from the random source. */
export const BACKOFF_JITTER = 0.2;

/** The delay before retry number `attempt` (0-based): 1 s doubling up to 30 s, ± 20 % jitter (random in [0, 1)). */
export function backoffDelay(attempt: number, random: () => number): number {
  const n = Math.max(0, Math.floor(attempt));
  const base = n >= 5 ? BACKOFF_CAP_MS : Math.min(BACKOFF_BASE_MS * 2 ** n, BACKOFF_CAP_MS);
  const jitter = (random() * 2 - 1) * BACKOFF_JITTER;
  return Math.round(base * (1 + jitter));
}

/** The part of WebSocket the channel uses (injected in tests). */
export interface SocketLike {
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  close(code?: number): void;
}
export type SocketFactory = (url: string) => SocketLike;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface LiveHandlers {
  /** The server subscribed us (also after every reconnect): fetch the board. */
  onHello(serverTime: number): void;
  onOrder(order: BoardOrder): void;
  /** A table of the floor changed (opened, a round sent, bill asked, paid, cleared, a round printed). */
  onTable?(tableId: number): void;
  onResync(): void;
  /** The server refused the session. */
  onUnauthorized(): void;
}

export type LiveState = 'idle' | 'connecting' | 'open' | 'down';

export class LiveChannel {
  state: LiveState = 'idle';
  /** Retries made since the last successful hello. */
  attempt = 0;
  /** The delays waited, in order (for the tests and the banner). */
  readonly delays: number[] = [];
  private socket: SocketLike | null = null;
  private timer: unknown = null;
  private shopId: number | null = null;

  constructor(
    private readonly deps: { socket: SocketFactory; timers: Timers; random: () => number; url: (shopId: number) => string },
    private readonly handlers: LiveHandlers,
  ) {
    makeObservable<LiveChannel, 'opened' | 'closed' | 'helloed'>(this, {
      state: observable,
      attempt: observable,
      connect: action,
      stop: action,
      opened: action,
      closed: action,
      helloed: action,
    });
  }

  /** Whether the banner shows: the socket was up or tried and is now down. */
  get down(): boolean {
    return this.state === 'down';
  }

  connect(shopId: number): void {
    this.stop();
    this.shopId = shopId;
    this.attempt = 0;
    this.open();
  }

  stop(): void {
    this.shopId = null;
    if (this.timer !== null) this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onopen = s.onmessage = s.onclose = s.onerror = null;
      try {
        s.close(1000);
      } catch {
        // already closed
      }
    }
    this.state = 'idle';
  }

  private open(): void {
    if (this.shopId === null) return;
    this.timer = null;
    if (this.state !== 'down') this.state = 'connecting';
    let socket: SocketLike;
    try {
      socket = this.deps.socket(this.deps.url(this.shopId));
    } catch {
      this.closed(1006);
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.opened();
    socket.onmessage = (ev) => this.message(ev.data);
    socket.onerror = () => undefined; // a close follows
    socket.onclose = (ev) => {
      if (this.socket === socket) this.closed(ev.code);
    };
  }

  private opened(): void {
    // up, but subscribed only at `hello`
  }

  private helloed(): void {
    this.state = 'open';
    this.attempt = 0;
  }

  private message(data: unknown): void {
    let json: unknown;
    try {
      json = JSON.parse(String(data));
    } catch {
      return;
    }
    const parsed = ConsoleWsMessage.safeParse(json);
    if (!parsed.success) return;
    const msg = parsed.data;
    if (msg.type === 'hello') {
      this.helloed();
      this.handlers.onHello(msg.serverTime);
    } else if (msg.type === 'order') this.handlers.onOrder(msg.order);
    else if (msg.type === 'table') this.handlers.onTable?.(msg.tableId);
    else this.handlers.onResync();
  }

  private closed(code: number): void {
    this.socket = null;
    if (this.shopId === null) return;
    if (code === CONSOLE_WS_CLOSE.unauthorized || code === CONSOLE_WS_CLOSE.forbidden) {
      // the session ended, or the shop is not this staff member's: retrying cannot help
      this.state = 'idle';
      this.shopId = null;
      if (code === CONSOLE_WS_CLOSE.unauthorized) this.handlers.onUnauthorized();
      return;
    }
    this.state = 'down';
    // a node restarting (1012) hands the board to another node within the restart jitter, not after the backoff
    const delay = reconnectsAtOnce(code, this.attempt) ? reconnectDelay(code, this.attempt, this.deps.random) : backoffDelay(this.attempt, this.deps.random);
    this.attempt += 1;
    this.delays.push(delay);
    this.timer = this.deps.timers.setTimeout(() => this.open(), delay);
  }
}

/** The board channel's address on the page's own host (ws: or wss: as the page). */
export function boardSocketUrl(location: { protocol: string; host: string }, shopId: number): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${CONSOLE_WS_PATH}?shopId=${shopId}`;
}

/** A small seeded random source (mulberry32), for a jitter that tests can repeat. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
