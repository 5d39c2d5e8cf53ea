/**
 * The live channel of one table room (C§4 "Scan-order live channel", TABLE-1…5, APP-10): connect,
 * announce joining, sync, send the queued operations one at a time, reconnect on the C§4 schedule
 * (1 s doubling to 10 s; 10 attempts, 5 for scan order) and give up with the Retry dialog.
 */
import type { WsServerMessage } from '../api/contract/ws';
import type { CartOp } from '../domain/cart';
import { CartOperation, CartReplyCode, WsCloseCode } from '../domain/enums';
import { reconnectDelay, shouldRetry, type ReconnectMode } from '../domain/reconnect';
import type { CartLine } from '../domain/types';
import { RoomCart } from './room-cart';
import type { ChannelStatus, OpResult, RoomDiner, SocketFactory, SocketLike } from './types';

export type RoomChange =
  | { kind: 'status'; status: ChannelStatus }
  | { kind: 'cart' }
  | { kind: 'busy'; line: CartLine | null }
  | { kind: 'refused'; code: CartReplyCode; reason: string }
  | { kind: 'submitted'; by: RoomDiner; orderId?: number }
  | { kind: 'joined'; diner: RoomDiner };

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface RoomChannelOptions {
  roomId: string;
  /** Full websocket URL, token included (`wsUrl`). */
  url: string;
  token: string;
  me: RoomDiner;
  mode?: ReconnectMode;
  socket: SocketFactory;
  timers?: Timers;
  /** A reply slower than this counts as a lost connection. */
  replyTimeoutMs?: number;
  /** Interval of the keep-alive ping while open. */
  pingIntervalMs?: number;
}

type Outgoing =
  | { kind: 'op'; op: CartOp; frameType: 'add' | 'edit' | 'delete' | 'clear' }
  | { kind: 'submitted'; orderId: number };

interface Queued {
  out: Outgoing;
  before: CartLine | null;
  resolve: (r: OpResult) => void;
}

export const defaultTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** `ws(s)://host/ws/<room>?token=…` from the API origin (`http(s)://…`; empty = the page's origin). */
export function wsUrl(apiBase: string, roomId: string, token: string, pageOrigin = ''): string {
  const origin = (apiBase || pageOrigin).replace(/\/+$/, '').replace(/^http/, 'ws');
  return `${origin}/ws/${encodeURIComponent(roomId)}?token=${encodeURIComponent(token)}`;
}

export class RoomChannel {
  readonly cart = new RoomCart();
  status: ChannelStatus = 'idle';
  /** Reconnect attempts made in the current run. */
  attempt = 0;
  private socket: SocketLike | null = null;
  private readonly queue: Queued[] = [];
  private inFlight: (Queued & { seq: number }) | null = null;
  private seq = 0;
  private syncSeq: number | null = null;
  private retryTimer: unknown = null;
  private replyTimer: unknown = null;
  private pingTimer: unknown = null;
  private readonly listeners = new Set<(c: RoomChange) => void>();
  private readonly timers: Timers;
  private readonly mode: ReconnectMode;

  constructor(private readonly opts: RoomChannelOptions) {
    this.timers = opts.timers ?? defaultTimers;
    this.mode = opts.mode ?? 'scanOrder';
    this.cart.onChange(() => this.emit({ kind: 'cart' }));
  }

  get roomId(): string {
    return this.opts.roomId;
  }

  subscribe(listener: (c: RoomChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(c: RoomChange): void {
    for (const l of [...this.listeners]) l(c);
  }

  private setStatus(s: ChannelStatus): void {
    if (this.status === s) return;
    this.status = s;
    this.emit({ kind: 'status', status: s });
  }

  /** Connects (C§4: then announces joining and syncs). */
  open(): void {
    if (this.status === 'open' || this.status === 'connecting') return;
    this.attempt = 0;
    this.connect('connecting');
  }

  /** Closes for good (code 1000 when the app is hidden, APP-10); `open()` starts again. */
  close(code: number = WsCloseCode.normal): void {
    this.clearTimers();
    const s = this.socket;
    this.socket = null;
    this.requeueInFlight();
    s?.close(code, 'closed by the app');
    this.setStatus('closed');
  }

  /** After the attempts ran out (the Retry dialog): a fresh run. */
  retry(): void {
    this.attempt = 0;
    this.connect('connecting');
  }

  add(line: CartLine): Promise<OpResult> {
    return this.enqueue({ kind: 'op', op: { type: 'add', line }, frameType: 'add' });
  }

  edit(line: CartLine): Promise<OpResult> {
    return this.enqueue({ kind: 'op', op: { type: 'edit', line }, frameType: line.quantity <= 0 ? 'delete' : 'edit' });
  }

  remove(line: CartLine): Promise<OpResult> {
    return this.enqueue({ kind: 'op', op: { type: 'delete', line }, frameType: 'delete' });
  }

  clear(): Promise<OpResult> {
    return this.enqueue({ kind: 'op', op: { type: 'clear' }, frameType: 'clear' });
  }

  submitted(orderId: number): Promise<OpResult> {
    return this.enqueue({ kind: 'submitted', orderId });
  }

  private enqueue(out: Outgoing): Promise<OpResult> {
    return new Promise<OpResult>((resolve) => {
      const before = out.kind === 'op' ? this.cart.applyLocal(out.op) : null;
      this.queue.push({ out, before, resolve });
      this.pump();
    });
  }

  private connect(status: 'connecting' | 'reconnecting'): void {
    this.clearTimers();
    this.setStatus(status);
    const s = this.opts.socket(this.opts.url, { token: this.opts.token });
    this.socket = s;
    s.onOpen(() => {
      if (this.socket !== s) return;
      this.send({ type: 'join', nickname: this.opts.me.nickname, avatar: this.opts.me.avatar });
      this.syncSeq = ++this.seq;
      this.send({ type: 'sync', seq: this.syncSeq });
    });
    s.onMessage((data) => {
      if (this.socket === s) this.receive(data);
    });
    s.onClose((code) => {
      if (this.socket === s) this.lost(code);
    });
    s.onError(() => {
      // a close follows every error; reconnecting is decided there
    });
  }

  private lost(code: number): void {
    this.socket = null;
    this.clearTimers();
    this.requeueInFlight();
    if (code === WsCloseCode.unauthorized || code === WsCloseCode.roomNotFound) {
      this.fail();
      return;
    }
    if (!shouldRetry(this.attempt, this.mode)) {
      this.fail();
      return;
    }
    // a node restarting (1012) hands its diners to another node within the restart jitter, not after the backoff
    const delay = reconnectDelay(code, this.attempt);
    this.attempt += 1;
    this.setStatus('reconnecting');
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.connect('reconnecting');
    }, delay);
  }

  /** Attempts used up: the waiting operations are rolled back and the page offers Retry. */
  private fail(): void {
    for (const q of this.queue.splice(0)) this.settle(q, { code: CartReplyCode.EditFail, reason: '', latestProduct: null, version: this.cart.version });
    this.setStatus('failed');
  }

  private requeueInFlight(): void {
    if (this.inFlight) {
      const { seq: _seq, ...q } = this.inFlight;
      this.queue.unshift(q);
      this.inFlight = null;
    }
  }

  private send(frame: unknown): void {
    this.socket?.send(JSON.stringify(frame));
  }

  private pump(): void {
    if (this.status !== 'open' || this.inFlight || this.queue.length === 0 || !this.socket) return;
    const q = this.queue.shift()!;
    const seq = ++this.seq;
    this.inFlight = { ...q, seq };
    if (q.out.kind === 'submitted') this.send({ type: 'submitted', seq, orderId: q.out.orderId });
    else if (q.out.op.type === 'clear') this.send({ type: 'clear', seq });
    else this.send({ type: q.out.frameType, seq, product: q.out.op.line });
    this.replyTimer = this.timers.setTimeout(() => {
      // no answer in time: the connection is treated as lost and the operation sent again after it
      const s = this.socket;
      this.lost(4000);
      s?.close(4000, 'reply timeout');
    }, this.opts.replyTimeoutMs ?? 8000);
  }

  private settle(q: Queued, reply: OpResult): void {
    if (q.out.kind === 'op') {
      const outcome = this.cart.applyReply(q.out.op, q.before, reply);
      if (outcome === 'busy') this.emit({ kind: 'busy', line: reply.latestProduct });
      if (outcome === 'refused') {
        this.emit({ kind: 'refused', code: reply.code, reason: reply.reason });
        if (q.out.op.type === 'clear') this.resync();
      }
    }
    q.resolve(reply);
  }

  private resync(): void {
    if (!this.socket) return;
    this.syncSeq = ++this.seq;
    this.send({ type: 'sync', seq: this.syncSeq });
  }

  private receive(data: string): void {
    let m: WsServerMessage;
    try {
      m = JSON.parse(data) as WsServerMessage;
    } catch {
      return;
    }
    switch (m.type) {
      case 'snapshot': {
        if (m.seq !== undefined && m.seq !== this.syncSeq) return;
        this.cart.applySnapshot(m);
        // operations waiting for the reconnect show again on top of the room as it now is
        for (const q of this.queue) if (q.out.kind === 'op') q.before = this.cart.applyLocal(q.out.op);
        if (this.status !== 'open') {
          this.attempt = 0;
          this.setStatus('open');
          this.startPing();
        }
        this.pump();
        return;
      }
      case 'reply': {
        if (!this.inFlight || m.seq !== this.inFlight.seq) return;
        const q = this.inFlight;
        this.inFlight = null;
        this.timers.clearTimeout(this.replyTimer);
        this.settle(q, { code: m.code, reason: m.reason, latestProduct: m.latestProduct, version: m.version });
        this.pump();
        return;
      }
      case 'event': {
        const outcome = this.cart.applyEvent(m);
        if (outcome === 'gap') {
          this.resync();
          return;
        }
        if (outcome !== 'applied') return;
        if (m.operation === CartOperation.Submitted) this.emit({ kind: 'submitted', by: m.by, ...(m.orderId !== undefined ? { orderId: m.orderId } : {}) });
        if (m.operation === CartOperation.Joined && m.by.openId !== this.opts.me.openId) this.emit({ kind: 'joined', diner: m.by });
        return;
      }
      default:
        return;
    }
  }

  private startPing(): void {
    const every = this.opts.pingIntervalMs ?? 25_000;
    const tick = () => {
      this.send({ type: 'ping' });
      this.pingTimer = this.timers.setTimeout(tick, every);
    };
    this.timers.clearTimeout(this.pingTimer);
    this.pingTimer = this.timers.setTimeout(tick, every);
  }

  private clearTimers(): void {
    for (const t of [this.retryTimer, this.replyTimer, this.pingTimer]) if (t !== null) this.timers.clearTimeout(t);
    this.retryTimer = null;
    this.replyTimer = null;
    this.pingTimer = null;
  }
}
