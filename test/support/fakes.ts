/**
 * Fakes of the injected I/O (docs/architecture.md §11 Stores): a scripted transport, in-memory storage, a
 * recording UI, lifecycle and live channel, and a whole fake Platform. No Taro needed.
 */
import type {
  AppLifecycle,
  KeyValueStorage,
  ModalOptions,
  Platform,
  PlatformName,
  PlatformResult,
  UiAdapter,
} from '../../src/platform/types';
import type { Transport, TransportFailure, TransportRequest, TransportResponse } from '../../src/api/request';
import { allCalls, API_BASE, type CallDef } from '../../src/api/contract';
import { nodeSocket } from './node-socket';

/** Storage backed by a Map; values are deep-copied like a real store would serialise them. */
export class MemoryStorage implements KeyValueStorage {
  readonly data = new Map<string, string>();

  constructor(initial: Record<string, unknown> = {}) {
    for (const [k, v] of Object.entries(initial)) this.set(k, v);
  }

  get<T = unknown>(key: string): T | undefined {
    const raw = this.data.get(key);
    return raw === undefined ? undefined : (JSON.parse(raw) as T);
  }

  set(key: string, value: unknown): void {
    this.data.set(key, JSON.stringify(value));
  }

  remove(key: string): void {
    this.data.delete(key);
  }
}

type Reply = TransportResponse | { fail: TransportFailure };

/**
 * What fake transports found wrong (an unscripted call, a reply outside the contract). The app may
 * swallow the thrown error (a failed request becomes a toast), so test/support/strict-transport.ts
 * also fails the test after it ends when this is not empty.
 */
const transportProblems: string[] = [];

/** Takes (and clears) the problems recorded since the last call. */
export function takeTransportProblems(): string[] {
  return transportProblems.splice(0);
}

/** The contract call of a request URL (`…/new/consumer/<path>`), the longest path that matches. */
export function callOfUrl(url: string): CallDef | undefined {
  const path = url.split('?')[0];
  const matching = allCalls.filter((c) => path.endsWith(API_BASE + c.path) || path.endsWith(`/${c.path}`));
  return matching.sort((a, b) => b.path.length - a.path.length)[0];
}

/** Why a successful reply breaks the contract of the call of `url`, or null when it keeps it. */
export function contractViolation(url: string, reply: TransportResponse): string | null {
  const data = reply.data as { result?: unknown; info?: unknown } | null;
  if (reply.statusCode < 200 || reply.statusCode >= 300 || !data || typeof data !== 'object' || data.result !== true) return null;
  const call = callOfUrl(url);
  if (!call) return null;
  const checked = call.res.safeParse(data.info);
  if (checked.success) return null;
  const issues = checked.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(info)'}: ${i.message}`);
  return `the scripted reply to ${call.path} breaks its contract (src/api/contract): ${issues.join('; ')}`;
}

/**
 * A transport answering from a script, per path (or a default set with `otherwise`); records every
 * request. Strict: a call nobody scripted throws, and every scripted successful reply is checked
 * against the call's response schema in src/api/contract (a mismatch throws).
 */
export class FakeTransport implements Transport {
  readonly requests: TransportRequest[] = [];
  private readonly byPath = new Map<string, Reply[]>();
  private fallback: Reply | null = null;

  /** Answers the next call whose URL ends with `path` (queued in order; the last one repeats). */
  on(path: string, ...replies: Reply[]): this {
    this.byPath.set(path, replies);
    return this;
  }

  /** Answers every call not scripted with `on` (checked against each call's contract like the others). */
  otherwise(reply: Reply): this {
    this.fallback = reply;
    return this;
  }

  private problem(message: string): Error {
    transportProblems.push(message);
    return new Error(message);
  }

  async send(request: TransportRequest): Promise<TransportResponse> {
    this.requests.push(request);
    const entry = [...this.byPath.entries()].find(([path]) => request.url.split('?')[0].endsWith(`/${path}`));
    let reply = this.fallback;
    if (entry) {
      const queue = entry[1];
      reply = queue.length > 1 ? queue.shift()! : queue[0];
    }
    if (!reply) throw this.problem(`unscripted call to the fake transport: ${request.method ?? 'POST'} ${request.url} ${JSON.stringify(request.data ?? null).slice(0, 200)}`);
    if ('fail' in reply) throw reply.fail;
    const violation = contractViolation(request.url, reply);
    if (violation) throw this.problem(violation);
    return reply;
  }

  get last(): TransportRequest | undefined {
    return this.requests[this.requests.length - 1];
  }
}

/** `{result: true, info}` with HTTP 200. */
export const ok = (info: unknown): TransportResponse => ({ statusCode: 200, data: { result: true, info } });
/** `{result: false, info, code}` with HTTP 200 (C§8 business failure). */
export const fail = (info: string, code?: string | number, data?: unknown): TransportResponse => ({
  statusCode: 200,
  data: { result: false, info, code, data },
});
export const status = (statusCode: number): TransportResponse => ({ statusCode, data: 'error' });

/** A UI that records toasts, modals and navigation; modals answer `modalAnswer`. */
export class FakeUi implements UiAdapter {
  readonly toasts: string[] = [];
  readonly modals: ModalOptions[] = [];
  readonly navigations: Array<{ kind: string; url: string }> = [];
  readonly titles: string[] = [];
  modalAnswer = true;

  toast(message: string): void {
    this.toasts.push(message);
  }
  async modal(options: ModalOptions): Promise<boolean> {
    this.modals.push(options);
    return this.modalAnswer;
  }
  async navigateTo(url: string): Promise<void> {
    this.navigations.push({ kind: 'navigateTo', url });
  }
  async redirectTo(url: string): Promise<void> {
    this.navigations.push({ kind: 'redirectTo', url });
  }
  async reLaunch(url: string): Promise<void> {
    this.navigations.push({ kind: 'reLaunch', url });
  }
  async switchTab(url: string): Promise<void> {
    this.navigations.push({ kind: 'switchTab', url });
  }
  async navigateBack(delta = 1): Promise<void> {
    this.navigations.push({ kind: 'navigateBack', url: String(delta) });
  }
  setTitle(title: string): void {
    this.titles.push(title);
  }
}

/** App show/hide that tests trigger by hand. */
export class FakeLifecycle implements AppLifecycle {
  private readonly show = new Set<() => void>();
  private readonly hide = new Set<() => void>();

  onShow(listener: () => void): () => void {
    this.show.add(listener);
    return () => this.show.delete(listener);
  }
  onHide(listener: () => void): () => void {
    this.hide.add(listener);
    return () => this.hide.delete(listener);
  }
  emitShow(): void {
    this.show.forEach((l) => l());
  }
  emitHide(): void {
    this.hide.forEach((l) => l());
  }
}

/** A live channel that records close codes and reopenings. */
export class FakeRealtime {
  readonly closed: number[] = [];
  opened = 0;
  close(code: number): void {
    this.closed.push(code);
  }
  open(): void {
    this.opened += 1;
  }
}

const unsupported = <T>(): Promise<PlatformResult<T>> => Promise.resolve({ ok: false, code: 'platformUnsupported' });

/** A whole platform of fakes; override any part. */
export function fakePlatform(
  overrides: Partial<Omit<Platform, 'name'>> & {
    name?: PlatformName;
    query?: Record<string, string | undefined>;
    userAgent?: string;
    deviceId?: string;
  } = {},
): Platform & { ui: FakeUi; lifecycle: FakeLifecycle; storage: MemoryStorage } {
  const { name = 'h5', query = {}, userAgent = 'Mozilla/5.0', deviceId = 'device-1', ...rest } = overrides;
  const ui = (rest.ui as FakeUi | undefined) ?? new FakeUi();
  const lifecycle = (rest.lifecycle as FakeLifecycle | undefined) ?? new FakeLifecycle();
  const storage = (rest.storage as MemoryStorage | undefined) ?? new MemoryStorage();
  return {
    name,
    client: rest.client ?? { name, userAgent, deviceId, launchQuery: () => query },
    login: rest.login ?? { supported: false, login: unsupported },
    payment: rest.payment ?? { supported: false, requestPayment: unsupported },
    subscribe: rest.subscribe ?? { supported: false, requestSubscribe: unsupported },
    scan: rest.scan ?? { scanCode: unsupported },
    location: rest.location ?? { getLocation: unsupported },
    upload: rest.upload ?? { chooseAndUpload: unsupported },
    phone: rest.phone ?? {
      supported: false,
      buttonOpenType: null,
      fromButtonEvent: unsupported,
    },
    storage,
    ui,
    lifecycle,
    socket: rest.socket ?? nodeSocket,
  };
}
