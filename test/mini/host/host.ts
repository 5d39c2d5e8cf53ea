/* eslint-disable @typescript-eslint/no-this-alias -- the host API objects handed to the app close over the host */
/**
 * A model of a mini-program host's logic layer (chat app `wx`, payment app `my`): it loads a built
 * `dist/weapp` or `dist/alipay` the way the host does (app.js and the chunks it requires, a page's
 * file and its components when the page first opens), runs the App/Page/Component lifecycles and the
 * navigation rules, applies `setData` by path and records it, and answers the host API with real
 * HTTP to a loopback server, storage, login codes, wallet payments and device fakes.
 *
 * One `vm` context per launch holds only what the host's logic layer has: no `window`, `document`,
 * `fetch`, `XMLHttpRequest`, `process`; `navigator` only on the payment app.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import * as vm from 'node:vm';
import WebSocket from 'ws';
import { rootOf, walk, type TaroNode } from './tree';

export type Platform = 'weapp' | 'alipay';

export interface SetDataRecord {
  route: string;
  bytes: number;
  at: number;
  keys: number;
}

export interface RequestRecord {
  url: string;
  method: string;
  status: number;
  ms: number;
  startedAt: number;
  endedAt: number;
  /** Requests of this launch in flight when this one started. */
  concurrent: number;
  data: unknown;
  sent: unknown;
  failed?: string;
}

export interface PaymentRecord {
  api: 'requestPayment' | 'tradePay';
  params: Record<string, unknown>;
}

export type SocketEvent = 'open' | 'message' | 'close' | 'error';

/** One websocket the host opened for the app (or refused to). */
export interface SocketRecord {
  id: number;
  /** The URL the app gave (the build's origin is mapped to the server's when connecting). */
  url: string;
  /** `task`: a SocketTask (the chat app, or the payment app with `multiple`); `global`: the payment app's one socket. */
  kind: 'task' | 'global';
  state: 'connecting' | 'open' | 'closing' | 'closed';
  headers: Record<string, string>;
  openedAt?: number;
  closedAt?: number;
  /** Close code and reason as the app's onClose got them. */
  code?: number;
  reason?: string;
  /** Who closed it: the app, the server, the host (replaced, app closed) or a failure (refused, lost). */
  closedBy?: 'app' | 'server' | 'host' | 'error';
  /** Why the host refused to connect or the connection failed. */
  failed?: string;
  sent: number;
  received: number;
}

/** Most SocketTasks the chat app keeps at once (base library 1.7.0 and later); the next connect fails. */
export const SOCKET_TASK_LIMIT = 5;

export interface HostError {
  where: string;
  message: string;
}

export interface HostOptions {
  platform: Platform;
  /** The built package, e.g. dist/weapp. */
  distDir: string;
  /** The origin of the test server, e.g. http://127.0.0.1:41234. */
  serverOrigin: string;
  /** The origin compiled into the build (API_BASE_URL); requests to it go to `serverOrigin`. */
  buildOrigin: string;
  /** The instant the host's clock starts at (ms since the epoch); it then ticks with real time. */
  now: number;
  /** Storage kept from an earlier launch (the same device). */
  storage?: Map<string, string>;
  /** The code wx.login / my.getAuthCode gives (the server's development provider maps it). */
  loginCode?: () => string;
  /** Answer of the wallet: 'pay' completes the sandbox trade, 'cancel' cancels. */
  wallet?: 'pay' | 'cancel';
  /** Result of scanCode. */
  scanResult?: string;
  /** The item the customer taps in an action sheet (its index; the first one unless given). */
  actionSheet?: (items: string[]) => number;
}

export interface PageInstance {
  route: string;
  options: Record<string, string>;
  data: Record<string, unknown>;
  setData(data: Record<string, unknown>, cb?: () => void): void;
  [k: string]: unknown;
}

type Listener = (res?: unknown) => void;

interface LiveSocket {
  record: SocketRecord;
  ws: WebSocket | null;
  /** The task's own listeners (SocketTask.onOpen…); the global socket uses the host's lists. */
  listeners: Record<SocketEvent, Listener[]>;
  /** Ends the host's wait (`settle`) for a connect or a close in progress. */
  done: (() => void) | null;
}

const noListeners = (): Record<SocketEvent, Listener[]> => ({ open: [], message: [], close: [], error: [] });

interface PageEntry {
  route: string;
  instance: PageInstance;
  timers: Set<ReturnType<typeof setInterval>>;
}

/** The host's limit on the page stack. */
export const PAGE_STACK_LIMIT = 10;

/**
 * Host APIs each host tells apps to replace: the chat app's getSystemInfo* (its declarations name
 * getWindowInfo / getDeviceInfo / getAppBaseInfo / getSystemSetting instead, base library 2.20.1) and
 * user info; the payment app's getAuthUserInfo. The payment app's declarations keep getSystemInfo*
 * current, with no successor for the device fields (docs/decisions.md "Host declarations and documentation").
 */
export const DEPRECATED_APIS: Record<Platform, string[]> = {
  weapp: ['getSystemInfo', 'getSystemInfoSync', 'getSystemInfoAsync', 'getUserInfo'],
  alipay: ['getAuthUserInfo'],
};

/** Splits a data path such as `root.cn.[0].cn[2].v` into keys. */
export function dataPathKeys(p: string): Array<string | number> {
  const keys: Array<string | number> = [];
  const re = /\[(\d+)\]|([^.[\]]+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(p))) keys.push(m[1] !== undefined ? Number(m[1]) : m[2]);
  return keys;
}

/** Applies one setData key to `data` the way the hosts do: creating objects/arrays on the way. */
export function applyPath(data: Record<string, unknown>, p: string, value: unknown): void {
  const keys = dataPathKeys(p);
  let cur: Record<string | number, unknown> = data;
  for (let i = 0; i < keys.length - 1; i += 1) {
    const k = keys[i];
    let next = cur[k];
    if (next === null || typeof next !== 'object') {
      next = typeof keys[i + 1] === 'number' ? [] : {};
      cur[k] = next;
    }
    cur = next as Record<string | number, unknown>;
  }
  cur[keys[keys.length - 1]] = value;
}

function parseUrl(url: string): { route: string; query: Record<string, string> } {
  const [p, q = ''] = url.split('?');
  const query: Record<string, string> = {};
  for (const part of q.split('&')) {
    if (!part) continue;
    const i = part.indexOf('=');
    const k = i < 0 ? part : part.slice(0, i);
    const v = i < 0 ? '' : part.slice(i + 1);
    // the hosts hand the query to onLoad still encoded
    query[decodeURIComponent(k)] = v;
  }
  return { route: p.replace(/^\//, ''), query };
}

export class MiniHost {
  readonly platform: Platform;
  readonly storage: Map<string, string>;
  readonly setDataLog: SetDataRecord[] = [];
  readonly requests: RequestRecord[] = [];
  readonly payments: PaymentRecord[] = [];
  readonly errors: HostError[] = [];
  readonly apiCalls: string[] = [];
  readonly deprecatedCalls: Array<{ api: string; route: string }> = [];
  readonly toasts: string[] = [];
  readonly modals: string[] = [];
  private unloaded: PageEntry[] = [];
  readonly loadedFiles: string[] = [];
  readonly webViews: string[] = [];
  readonly scrolls: Array<{ selector: string; top: number }> = [];
  readonly openedRoutes = new Set<string>();
  readonly appJson: {
    pages: string[];
    subPackages?: Array<{ root: string; pages: string[] }>;
    subpackages?: Array<{ root: string; pages: string[] }>;
    tabBar?: { list?: Array<{ pagePath: string }>; items?: Array<{ pagePath: string }> };
  };
  /** The base template of each node name (`nn`): its tag and the events it sends to `eh`. */
  readonly templates = new Map<string, { tag: string; binds: Set<string>; catches: Set<string>; attrs: Map<string, string> }>();
  stack: PageEntry[] = [];
  private tabCache = new Map<string, PageEntry>();
  private ctx!: vm.Context;
  private modules = new Map<string, { exports: unknown }>();
  private pageConfigs = new Map<string, Record<string, unknown>>();
  private componentConfigs = new Map<string, Record<string, unknown>>();
  private loadingRoute: string | null = null;
  private loadingComponent: string | null = null;
  private appInstance: Record<string, unknown> | null = null;
  private inflight = 0;
  private pending = new Set<Promise<unknown>>();
  private liveIntervals = new Map<ReturnType<typeof setInterval>, string>();
  private liveTimeouts = new Set<ReturnType<typeof setTimeout>>();
  private startedReal = Date.now();
  private closed = false;
  /** Every websocket of this launch, in the order the app asked for them. */
  readonly sockets: SocketRecord[] = [];
  private liveSockets = new Set<LiveSocket>();
  /** wx.onSocket* / my.onSocket* listeners: every call adds one, off* removes it (all without one). */
  private socketListeners = noListeners();
  /** The socket the global API (my.sendSocketMessage, wx.closeSocket, the onSocket* listeners) acts on. */
  private globalSocket: LiveSocket | null = null;
  /** Whether the app is in the background (`hideApp`). */
  hidden = false;
  /** Listeners of wx.onAppShow/onAppHide (my.onAppShow/onAppHide). */
  private appListeners: { show: Listener[]; hide: Listener[] } = { show: [], hide: [] };
  private innerJSON!: JSON;
  private launchOptions: { path: string; query: Record<string, string>; scene: number } = {
    path: '',
    query: {},
    scene: 1001,
  };

  constructor(readonly opts: HostOptions) {
    this.platform = opts.platform;
    this.storage = opts.storage ?? new Map();
    this.appJson = JSON.parse(fs.readFileSync(path.join(opts.distDir, 'app.json'), 'utf8')) as MiniHost['appJson'];
    this.readTemplates();
  }

  /** Reads base.wxml / base.axml: which element each `nn` is and which events it binds. */
  private readTemplates(): void {
    const file = path.join(this.opts.distDir, this.platform === 'weapp' ? 'base.wxml' : 'base.axml');
    const text = fs.readFileSync(file, 'utf8');
    const re = /<template name="tmpl_0_(\w+)">\s*<([\w-]+)([^>]*)>/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      const binds = new Set<string>();
      const catches = new Set<string>();
      const attr = /\b(bind|catch|on)(\w+)="eh"/g;
      let a: RegExpExecArray | null;
      while ((a = attr.exec(m[3]))) {
        const ev = a[2].charAt(0).toLowerCase() + a[2].slice(1);
        const name = ev.toLowerCase() === 'tap' ? 'tap' : ev;
        (a[1] === 'catch' ? catches : binds).add(name);
      }
      // which node field each attribute reads: scroll-top="{{i.p32}}" → scroll-top: p32
      const attrs = new Map<string, string>();
      const field = /\s([\w-]+)="\{\{(?:xs\.b\()?i\.(\w+)/g;
      let f: RegExpExecArray | null;
      while ((f = field.exec(m[3]))) attrs.set(f[1], f[2]);
      this.templates.set(m[1], { tag: m[2], binds, catches, attrs });
    }
    // input and textarea switch between a focused and a blurred template: the node is the element
    for (const [nn, t] of this.templates) {
      const blurred = this.templates.get(`${nn}_blur`);
      if (t.tag === 'template' && blurred) this.templates.set(nn, blurred);
    }
  }

  /** Whether an element of node name `nn` sends `type` to `eh` (bound or caught). */
  sends(nn: unknown, type: string): boolean {
    const t = this.templates.get(String(nn));
    return !!t && (t.binds.has(type) || t.catches.has(type));
  }

  // ---------------------------------------------------------------- app.json

  get tabPages(): string[] {
    const tb = this.appJson.tabBar;
    return (tb?.list ?? tb?.items ?? []).map((t) => t.pagePath.replace(/^\//, ''));
  }

  get subPackages(): Array<{ root: string; pages: string[] }> {
    return this.appJson.subPackages ?? this.appJson.subpackages ?? [];
  }

  /** Every page of app.json: the main package, then each subpackage. */
  get allPages(): string[] {
    return [...this.appJson.pages, ...this.subPackages.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))];
  }

  /** The subpackage holding `route`, if any. */
  packageOf(route: string): string | null {
    return this.subPackages.find((s) => route.startsWith(`${s.root}/`))?.root ?? null;
  }

  // ---------------------------------------------------------------- clock and timers

  now(): number {
    return this.opts.now + (Date.now() - this.startedReal);
  }

  private get topRoute(): string {
    return this.stack[this.stack.length - 1]?.route ?? this.loadingRoute ?? '(app)';
  }

  private guard<A extends unknown[]>(where: string, fn: (...a: A) => unknown): (...a: A) => unknown {
    return (...a: A) => {
      try {
        return fn(...a);
      } catch (e) {
        this.recordError(where, e);
        return undefined;
      }
    };
  }

  recordError(where: string, e: unknown): void {
    const message = e instanceof Error || (e && typeof e === 'object' && 'message' in e) ? String((e as Error).stack ?? (e as Error).message) : String(e);
    this.errors.push({ where: `${where} @ ${this.topRoute}`, message });
  }

  private makeDateClass(): unknown {
    // a Date whose "now" starts at the given instant and ticks with real time
    const host = this;
    const source = `(function (RealDate, now) {
      function HostDate() {
        var a = arguments;
        if (!(this instanceof HostDate)) return new RealDate(now()).toString();
        if (a.length === 0) return new RealDate(now());
        if (a.length === 1) return new RealDate(a[0]);
        return new RealDate(a[0], a[1], a[2] || 1, a[3] || 0, a[4] || 0, a[5] || 0, a[6] || 0);
      }
      HostDate.prototype = RealDate.prototype;
      HostDate.now = function () { return now(); };
      HostDate.UTC = RealDate.UTC;
      HostDate.parse = RealDate.parse;
      return HostDate;
    })`;
    const factory = vm.runInContext(source, this.ctx) as (d: unknown, n: () => number) => unknown;
    return factory(vm.runInContext('Date', this.ctx), () => host.now());
  }

  /** A value built in the app's realm (so `instanceof Object/Array` hold inside the app). */
  inner<T>(value: T): T {
    if (value === undefined) return value;
    return this.innerJSON.parse(JSON.stringify(value)) as T;
  }

  // ---------------------------------------------------------------- loading

  private createContext(): void {
    const host = this;
    const sandbox: Record<string, unknown> = {
      console: {
        log: () => undefined,
        info: () => undefined,
        debug: () => undefined,
        warn: () => undefined,
        error: (...a: unknown[]) => host.recordConsoleError(a),
      },
      setTimeout: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
        const t = setTimeout(() => {
          host.liveTimeouts.delete(t);
          if (host.closed) return;
          host.guard('setTimeout', fn)(...args);
        }, ms);
        host.liveTimeouts.add(t);
        return t;
      },
      clearTimeout: (t: ReturnType<typeof setTimeout>) => {
        host.liveTimeouts.delete(t);
        clearTimeout(t);
      },
      setInterval: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
        const t = setInterval(() => {
          if (host.closed) return;
          host.guard('setInterval', fn)(...args);
        }, ms);
        host.liveIntervals.set(t, host.topRoute);
        const top = host.stack[host.stack.length - 1];
        if (top) top.timers.add(t);
        return t;
      },
      clearInterval: (t: ReturnType<typeof setInterval>) => {
        host.liveIntervals.delete(t);
        for (const e of host.stack) e.timers.delete(t);
        for (const e of host.tabCache.values()) e.timers.delete(t);
        clearInterval(t);
      },
      App: (config: Record<string, unknown>) => {
        host.appInstance = config;
      },
      Page: (config: Record<string, unknown>) => {
        if (!host.loadingRoute) throw new Error('Page() called outside a page file');
        host.pageConfigs.set(host.loadingRoute, config);
      },
      Component: (config: Record<string, unknown>) => {
        if (host.loadingComponent) host.componentConfigs.set(host.loadingComponent, config);
        else if (host.loadingRoute) host.pageConfigs.set(host.loadingRoute, { __component: config });
      },
      Behavior: (b: unknown) => b,
      getApp: () => host.appInstance,
      getCurrentPages: () => host.stack.map((e) => e.instance),
      requirePlugin: () => ({}),
    };
    this.ctx = vm.createContext(sandbox, { name: `${this.platform} logic layer` });
    this.innerJSON = vm.runInContext('JSON', this.ctx) as JSON;
    sandbox.Date = this.makeDateClass();
    // the logic layer's global object is reachable as `global` on both hosts' runtimes
    vm.runInContext('var global = globalThis;', this.ctx);
    const api = this.platform === 'weapp' ? this.wxApi() : this.myApi();
    sandbox[this.platform === 'weapp' ? 'wx' : 'my'] = api;
    if (this.platform === 'alipay') {
      sandbox.navigator = this.inner({ userAgent: 'Mozilla/5.0 (iPhone) AlipayClient/10.5.0 Language/zh-Hans' });
    }
  }

  private recordConsoleError(args: unknown[]): void {
    const text = args
      .map((a) => (typeof a === 'string' ? a : a && typeof a === 'object' && 'message' in a ? String((a as Error).stack ?? (a as Error).message) : ''))
      .join(' ');
    // React's warnings are not exceptions; errors passed to console.error by the app are
    if (args.some((a) => a && typeof a === 'object' && 'stack' in (a as object))) {
      this.errors.push({ where: `console.error @ ${this.topRoute}`, message: text });
    }
  }

  /** The host's `require`: paths relative to the requiring file, `.js` optional, one instance each. */
  private requireFile(file: string): unknown {
    const rel = path.relative(this.opts.distDir, file).split(path.sep).join('/');
    const key = rel.endsWith('.js') ? rel : `${rel}.js`;
    const cached = this.modules.get(key);
    if (cached) return cached.exports;
    const full = path.join(this.opts.distDir, key);
    if (!fs.existsSync(full)) throw new Error(`module "${key}" is not defined`);
    const module = { exports: {} as unknown };
    this.modules.set(key, module);
    this.loadedFiles.push(key);
    const code = fs.readFileSync(full, 'utf8');
    const wrapper = vm.runInContext(`(function (require, module, exports) {${code}\n})`, this.ctx, {
      filename: full,
    }) as (r: (p: string) => unknown, m: unknown, e: unknown) => void;
    const dir = path.dirname(full);
    wrapper((p) => this.requireFile(path.resolve(dir, p)), module, module.exports);
    return module.exports;
  }

  /** Launches the app: app.js and its chunks, App.onLaunch/onShow, then the entry page. */
  async launch(opts: { path?: string; query?: Record<string, string>; scene?: number } = {}): Promise<PageInstance> {
    this.createContext();
    const entry = opts.path ?? this.appJson.pages[0];
    this.launchOptions = { path: entry, query: opts.query ?? {}, scene: opts.scene ?? 1001 };
    this.requireFile(path.join(this.opts.distDir, 'app.js'));
    if (!this.appInstance) throw new Error('app.js did not call App()');
    const launchArg = this.inner({ ...this.launchOptions, referrerInfo: {} });
    this.callHook(this.appInstance, 'onLaunch', launchArg);
    this.callHook(this.appInstance, 'onShow', launchArg);
    const page = await this.openPage(entry, opts.query ?? {});
    if (this.tabPages.includes(entry)) this.tabCache.set(entry, page);
    await this.settle();
    return page.instance;
  }

  private callHook(target: Record<string, unknown> | undefined | null, name: string, ...args: unknown[]): unknown {
    const fn = target?.[name];
    if (typeof fn !== 'function') return undefined;
    try {
      const out = (fn as (...a: unknown[]) => unknown).apply(target, args);
      if (out && typeof (out as Promise<unknown>).then === 'function') {
        (out as Promise<unknown>).then(undefined, (e: unknown) => this.recordError(name, e));
      }
      return out;
    } catch (e) {
      this.recordError(name, e);
      return undefined;
    }
  }

  private loadPageCode(route: string): Record<string, unknown> {
    const existing = this.pageConfigs.get(route);
    if (existing) return existing;
    const pkg = this.packageOf(route);
    if (pkg) this.loadedFiles.push(`(subpackage ${pkg})`);
    const json = JSON.parse(fs.readFileSync(path.join(this.opts.distDir, `${route}.json`), 'utf8')) as {
      usingComponents?: Record<string, string>;
    };
    for (const [name, p] of Object.entries(json.usingComponents ?? {})) {
      const file = p.startsWith('/') ? path.join(this.opts.distDir, p) : path.resolve(path.dirname(path.join(this.opts.distDir, route)), p);
      this.loadComponent(name, file);
    }
    this.loadingRoute = route;
    try {
      this.requireFile(path.join(this.opts.distDir, `${route}.js`));
    } finally {
      this.loadingRoute = null;
    }
    const config = this.pageConfigs.get(route);
    if (!config) throw new Error(`page "${route}" did not call Page()`);
    return config;
  }

  private loadComponent(name: string, file: string): void {
    const key = path.relative(this.opts.distDir, file);
    if (this.componentConfigs.has(key) || !fs.existsSync(`${file}.js`)) return;
    this.loadingComponent = key;
    try {
      this.requireFile(file);
    } finally {
      this.loadingComponent = null;
    }
    void name;
  }

  private async openPage(route: string, query: Record<string, string>): Promise<PageEntry> {
    if (!this.allPages.includes(route)) throw new Error(`page "${route}" is not found`);
    const config = this.loadPageCode(route);
    const host = this;
    const instance = Object.create(null) as PageInstance;
    for (const [k, v] of Object.entries(config)) {
      if (k !== 'data') (instance as Record<string, unknown>)[k] = v;
    }
    instance.data = this.inner((config.data as Record<string, unknown>) ?? {});
    instance.route = route;
    (instance as Record<string, unknown>).__route__ = route;
    instance.options = this.inner(query);
    instance.setData = function setData(data: Record<string, unknown>, cb?: () => void) {
      host.applySetData(route, instance, data);
      if (cb) host.later(() => cb.call(instance));
    };
    if (this.platform === 'alipay') {
      (instance as Record<string, unknown>).$spliceData = (data: Record<string, unknown>, cb?: () => void) => {
        for (const [p, args] of Object.entries(data)) {
          const keys = dataPathKeys(p);
          let arr: unknown = instance.data;
          for (const k of keys) arr = (arr as Record<string | number, unknown>)[k];
          const [start, del, ...items] = args as [number, number, ...unknown[]];
          (arr as unknown[]).splice(start, del, ...items);
        }
        host.recordSetData(route, data);
        if (cb) host.later(() => cb.call(instance));
      };
    }
    const entry: PageEntry = { route, instance, timers: new Set() };
    this.openedRoutes.add(route);
    // the page is on top from its onLoad: timers it starts belong to it
    this.stack.push(entry);
    this.callHook(instance, 'onLoad', this.inner(query));
    this.callHook(instance, 'onShow');
    // onReady follows the first render
    await new Promise((r) => setTimeout(r, 0));
    this.callHook(instance, 'onReady');
    return entry;
  }

  private applySetData(route: string, instance: PageInstance, data: Record<string, unknown>): void {
    for (const [p, v] of Object.entries(data)) applyPath(instance.data, p, v);
    this.recordSetData(route, data);
  }

  private recordSetData(route: string, data: Record<string, unknown>): void {
    this.setDataLog.push({ route, bytes: JSON.stringify(data).length, at: Date.now(), keys: Object.keys(data).length });
  }

  private later(fn: () => void): void {
    setTimeout(() => {
      if (!this.closed) this.guard('callback', fn)();
    }, 0);
  }

  /** Waits until no request is in flight and the app's timers of 0–50 ms have run. */
  async settle(maxMs = 5000): Promise<void> {
    const until = Date.now() + maxMs;
    let quiet = 0;
    while (Date.now() < until) {
      if (this.pending.size > 0) {
        await Promise.race([...this.pending]).catch(() => undefined);
        quiet = 0;
        continue;
      }
      await new Promise((r) => setTimeout(r, 10));
      quiet += 1;
      if (quiet >= 5 && this.pending.size === 0) return;
    }
  }

  /** Waits until `cond` holds (the app answers asynchronously), settling between checks. */
  async until<T>(cond: () => T | undefined | null | false, what: string, maxMs = 8000): Promise<T> {
    const end = Date.now() + maxMs;
    for (;;) {
      const v = cond();
      if (v) return v;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what} on ${this.topRoute}`);
      await this.settle(200);
    }
  }

  get currentPage(): PageInstance {
    const top = this.stack[this.stack.length - 1];
    if (!top) throw new Error('no page open');
    return top.instance;
  }

  get currentRoute(): string {
    return this.stack[this.stack.length - 1]?.route ?? '';
  }

  // ---------------------------------------------------------------- navigation

  private unload(entry: PageEntry): void {
    this.callHook(entry.instance, 'onUnload');
    this.unloaded.push(entry);
  }

  /**
   * Intervals a page started and that still run after it unloaded (read after `settle()`: React
   * runs effect clean-ups shortly after the unmount that onUnload starts).
   */
  get leakedTimers(): Array<{ route: string; count: number }> {
    return this.unloaded
      .map((e) => ({ route: e.route, count: [...e.timers].filter((t) => this.liveIntervals.has(t)).length }))
      .filter((l) => l.count > 0);
  }

  private async navigate(kind: 'navigateTo' | 'redirectTo' | 'switchTab' | 'reLaunch', url: string): Promise<void> {
    const { route, query } = parseUrl(url);
    if (!this.allPages.includes(route)) throw new Error(`${kind}:fail page "${route}" is not found`);
    const isTab = this.tabPages.includes(route);
    if ((kind === 'navigateTo' || kind === 'redirectTo') && isTab) {
      throw new Error(`${kind}:fail can not ${kind} a tabbar page`);
    }
    if (kind === 'switchTab' && !isTab) throw new Error('switchTab:fail can not switch to no-tabBar page');
    if (kind === 'navigateTo' && this.stack.length >= PAGE_STACK_LIMIT) {
      throw new Error('navigateTo:fail webview count limit exceed');
    }
    const top = this.stack[this.stack.length - 1];
    if (kind === 'navigateTo') {
      if (top) this.callHook(top.instance, 'onHide');
      await this.openPage(route, query);
    } else if (kind === 'redirectTo') {
      const old = this.stack.pop();
      if (old) this.unload(old);
      await this.openPage(route, query);
    } else if (kind === 'switchTab') {
      // closes every page that is not a tab page; tab pages stay loaded once opened
      while (this.stack.length > 0) {
        const e = this.stack.pop() as PageEntry;
        if (this.tabPages.includes(e.route)) this.callHook(e.instance, 'onHide');
        else this.unload(e);
      }
      const cached = this.tabCache.get(route);
      if (cached) {
        this.stack.push(cached);
        this.callHook(cached.instance, 'onShow');
      } else {
        this.tabCache.set(route, await this.openPage(route, query));
      }
    } else {
      while (this.stack.length > 0) this.unload(this.stack.pop() as PageEntry);
      for (const e of this.tabCache.values()) this.unload(e);
      this.tabCache.clear();
      const e = await this.openPage(route, query);
      if (isTab) this.tabCache.set(route, e);
    }
  }

  private async back(delta = 1): Promise<void> {
    if (this.stack.length <= 1) throw new Error('navigateBack:fail cannot navigate back at first page.');
    const n = Math.min(Math.max(1, delta), this.stack.length - 1);
    for (let i = 0; i < n; i += 1) this.unload(this.stack.pop() as PageEntry);
    this.callHook(this.currentPage, 'onShow');
  }

  /** Runs code in the app's logic layer (host-model tests). */
  evaluate<T>(code: string): T {
    return vm.runInContext(code, this.ctx) as T;
  }

  /** A tap on the host's native tab bar. */
  async tapTab(route: string): Promise<void> {
    await this.navigate('switchTab', `/${route}`);
    await this.settle();
  }

  /** Opens a page directly (the 57-page walk): reLaunch semantics. */
  async open(url: string): Promise<PageInstance> {
    await this.navigate('reLaunch', url);
    await this.settle();
    return this.currentPage;
  }

  /**
   * The app goes to the background (home button, another app): the page on top gets onHide, then
   * App.onHide and the wx.onAppHide / my.onAppHide listeners run. Resolves once the app settled.
   */
  async hideApp(): Promise<void> {
    if (this.hidden) return;
    this.hidden = true;
    const top = this.stack[this.stack.length - 1];
    if (top) this.callHook(top.instance, 'onHide');
    this.callHook(this.appInstance, 'onHide');
    for (const fn of [...this.appListeners.hide]) this.guard('onAppHide', fn)();
    await this.settle();
  }

  /**
   * The app comes back to the foreground: App.onShow and the onAppShow listeners with the enter
   * options (the launch's path and query; `scene` as given), then the page on top gets onShow.
   */
  async showApp(opts: { scene?: number } = {}): Promise<void> {
    if (!this.hidden) return;
    this.hidden = false;
    if (opts.scene !== undefined) this.launchOptions = { ...this.launchOptions, scene: opts.scene };
    const options = () => this.inner({ ...this.launchOptions, referrerInfo: {} });
    this.callHook(this.appInstance, 'onShow', options());
    for (const fn of [...this.appListeners.show]) this.guard('onAppShow', fn)(options());
    const top = this.stack[this.stack.length - 1];
    if (top) this.callHook(top.instance, 'onShow');
    await this.settle();
  }

  /** Listeners the app registered with onAppShow / onAppHide (and not removed). */
  appListenerCounts(): { show: number; hide: number } {
    return { show: this.appListeners.show.length, hide: this.appListeners.hide.length };
  }

  /** Unloads every page (app closed); records timers left running. */
  close(): void {
    while (this.stack.length > 0) {
      const e = this.stack.pop() as PageEntry;
      if (!this.tabPages.includes(e.route) || !this.tabCache.has(e.route)) this.unload(e);
    }
    for (const e of this.tabCache.values()) this.unload(e);
    this.tabCache.clear();
    this.closed = true;
    // the app is gone: its connections drop (no callback reaches it any more)
    for (const s of this.liveSockets) {
      s.record.closedBy ??= 'host';
      s.ws?.terminate();
    }
    for (const t of this.liveIntervals.keys()) clearInterval(t);
    for (const t of this.liveTimeouts) clearTimeout(t);
  }

  // ---------------------------------------------------------------- host API

  private track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p)).catch(() => undefined);
    return p;
  }

  /** Calls an options-object API's callbacks the way the hosts do: success/fail then complete. */
  private answer(opts: Record<string, unknown> | undefined, ok: boolean, res: unknown): void {
    const inner = this.inner(res);
    this.later(() => {
      const cb = ok ? opts?.success : opts?.fail;
      if (typeof cb === 'function') cb(inner);
      if (typeof opts?.complete === 'function') (opts.complete as (r: unknown) => void)(inner);
    });
  }

  private asyncApi(name: string, run: (o: Record<string, unknown>) => Promise<unknown> | unknown) {
    return (o: Record<string, unknown> = {}) => {
      this.apiCalls.push(name);
      const p = this.track(
        Promise.resolve()
          .then(() => run(o))
          .then(
            (res) => this.answer(o, true, { errMsg: `${name}:ok`, ...(res as object) }),
            (e: unknown) => this.answer(o, false, { errMsg: `${name}:fail ${(e as Error).message ?? e}`, error: 3, errorMessage: String((e as Error).message ?? e) }),
          ),
      );
      void p;
    };
  }

  /** Real HTTP to the test server; the build's origin is rewritten to the server's. */
  httpRequest(o: {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }): Promise<{ status: number; headers: Record<string, string>; text: string; buffer: Buffer }> {
    let url = o.url;
    if (url.startsWith(this.opts.buildOrigin)) url = this.opts.serverOrigin + url.slice(this.opts.buildOrigin.length);
    if (!/^https?:\/\//.test(url)) return Promise.reject(new Error(`invalid url "${o.url}"`));
    if (!url.startsWith(this.opts.serverOrigin)) return Promise.reject(new Error(`url not in domain list: ${o.url}`));
    return new Promise((resolve, reject) => {
      const req = http.request(url, { method: o.method ?? 'GET', headers: o.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const buffer = Buffer.concat(chunks);
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) headers[k] = Array.isArray(v) ? v.join(',') : String(v ?? '');
          resolve({ status: res.statusCode ?? 0, headers, text: buffer.toString('utf8'), buffer });
        });
      });
      req.on('error', reject);
      if (o.body !== undefined) req.write(o.body);
      req.end();
    });
  }

  private encodeBody(method: string, url: string, headers: Record<string, string>, data: unknown): { url: string; body?: string } {
    const ct = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
    if (data === undefined || data === null) return { url };
    if (method === 'GET') {
      if (typeof data === 'object') {
        const q = new URLSearchParams(Object.entries(data as Record<string, unknown>).map(([k, v]) => [k, String(v)])).toString();
        return { url: q ? `${url}${url.includes('?') ? '&' : '?'}${q}` : url };
      }
      return { url };
    }
    if (typeof data === 'string') return { url, body: data };
    if (ct.includes('application/json')) return { url, body: JSON.stringify(data) };
    return {
      url,
      body: new URLSearchParams(Object.entries(data as Record<string, unknown>).map(([k, v]) => [k, String(v)])).toString(),
    };
  }

  private request(o: Record<string, unknown>): Record<string, unknown> {
    const platform = this.platform;
    const method = String(o.method ?? 'GET').toUpperCase();
    const given = ((platform === 'weapp' ? o.header : o.headers) ?? {}) as Record<string, string>;
    // the chat app defaults to a JSON body; the payment app to a form body
    const headers: Record<string, string> = { ...given };
    if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) {
      headers['content-type'] = platform === 'weapp' ? 'application/json' : 'application/x-www-form-urlencoded';
    }
    const { url, body } = this.encodeBody(method, String(o.url), headers, o.data);
    const startedAt = Date.now();
    const concurrent = this.inflight;
    this.inflight += 1;
    this.apiCalls.push('request');
    const record: RequestRecord = { url: String(o.url), method, status: 0, ms: 0, startedAt, endedAt: 0, concurrent, data: undefined, sent: o.data };
    this.requests.push(record);
    let aborted = false;
    const p = this.track(
      this.httpRequest({ url, method, headers, body }).then(
        (res) => {
          this.inflight -= 1;
          record.endedAt = Date.now();
          record.ms = record.endedAt - startedAt;
          record.status = res.status;
          if (aborted) return;
          let data: unknown = res.text;
          if ((o.dataType ?? 'json') === 'json') {
            try {
              data = JSON.parse(res.text);
            } catch {
              data = res.text;
            }
          }
          record.data = data;
          if (platform === 'weapp') {
            this.answer(o, true, { data, statusCode: res.status, header: res.headers, cookies: [], errMsg: 'request:ok' });
          } else if (res.status >= 200 && res.status < 300) {
            this.answer(o, true, { data, status: res.status, headers: res.headers });
          } else {
            // the payment app: any other status is a failure with error 19 and the answer
            this.answer(o, false, { error: 19, errorMessage: 'http status error', status: res.status, data, headers: res.headers });
          }
        },
        (e: Error) => {
          this.inflight -= 1;
          record.endedAt = Date.now();
          record.ms = record.endedAt - startedAt;
          record.failed = e.message;
          if (platform === 'weapp') this.answer(o, false, { errno: 600001, errMsg: `request:fail ${e.message}` });
          else this.answer(o, false, { error: 12, errorMessage: e.message });
        },
      ),
    );
    void p;
    const task = {
      abort: () => {
        aborted = true;
      },
      onHeadersReceived: () => undefined,
      offHeadersReceived: () => undefined,
      onChunkReceived: () => undefined,
      offChunkReceived: () => undefined,
    };
    return task;
  }

  /**
   * The sandbox wallet (the server runs PAYMENTS=sandbox): the customer confirms (or cancels) in the
   * wallet, which is the provider's side — the sandbox's wallet endpoint, not the consumer API — and
   * the wallet then answers the app as a real one does. The app learns the result only from the server.
   */
  private async wallet(ref: { prepayId: string } | { tradeNO: string }): Promise<boolean> {
    const choice = this.opts.wallet === 'cancel' ? 'cancel' : 'pay';
    const res = await this.httpRequest({
      url: `${this.opts.serverOrigin}/sandbox-pay/wallet`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ref, choice }),
    });
    const body = JSON.parse(res.text) as { ok?: boolean };
    return choice === 'pay' && body.ok === true;
  }

  private systemInfo() {
    return {
      brand: 'devtools',
      model: 'iPhone 12',
      pixelRatio: 3,
      screenWidth: 390,
      screenHeight: 844,
      windowWidth: 390,
      windowHeight: 700,
      statusBarHeight: 47,
      language: 'zh_CN',
      version: '8.0.50',
      system: 'iOS 16.0',
      platform: this.platform === 'weapp' ? 'ios' : 'iOS',
      SDKVersion: '3.3.0',
      safeArea: { top: 47, left: 0, right: 390, bottom: 810, width: 390, height: 763 },
      theme: 'light',
    };
  }

  private common(api: Record<string, unknown>): void {
    const host = this;
    const ok = (name: string, res: Record<string, unknown> = {}) => this.asyncApi(name, () => res);
    const sync = (name: string, fn: (...a: unknown[]) => unknown) => (...a: unknown[]) => {
      host.apiCalls.push(name);
      if (DEPRECATED_APIS[host.platform].includes(name)) host.deprecatedCalls.push({ api: name, route: host.topRoute });
      return host.inner(fn(...a));
    };
    const nav = (kind: 'navigateTo' | 'redirectTo' | 'switchTab' | 'reLaunch') =>
      this.asyncApi(kind, async (o) => {
        await this.navigate(kind, String(o.url));
        return {};
      });
    Object.assign(api, {
      request: (o: Record<string, unknown>) => this.request(o),
      navigateTo: nav('navigateTo'),
      redirectTo: nav('redirectTo'),
      switchTab: nav('switchTab'),
      reLaunch: nav('reLaunch'),
      navigateBack: this.asyncApi('navigateBack', async (o) => {
        await this.back(Number(o.delta ?? 1));
        return {};
      }),
      getSystemInfoSync: sync('getSystemInfoSync', () => this.systemInfo()),
      getSystemInfo: this.asyncApi('getSystemInfo', () => {
        if (DEPRECATED_APIS[this.platform].includes('getSystemInfo')) this.deprecatedCalls.push({ api: 'getSystemInfo', route: this.topRoute });
        return this.systemInfo();
      }),
      getWindowInfo: sync('getWindowInfo', () => this.systemInfo()),
      getAppBaseInfo: sync('getAppBaseInfo', () => this.systemInfo()),
      getSystemSetting: sync('getSystemSetting', () => ({ locationEnabled: true, wifiEnabled: true })),
      getLaunchOptionsSync: sync('getLaunchOptionsSync', () => ({ ...this.launchOptions, referrerInfo: {} })),
      getEnterOptionsSync: sync('getEnterOptionsSync', () => ({ ...this.launchOptions, referrerInfo: {} })),
      getAccountInfoSync: sync('getAccountInfoSync', () => ({ miniProgram: { appId: 'wx0000000000000000', envVersion: 'develop', version: '' } })),
      getMenuButtonBoundingClientRect: sync('getMenuButtonBoundingClientRect', () => ({ width: 87, height: 32, top: 51, right: 380, bottom: 83, left: 293 })),
      canIUse: () => true,
      showToast: this.asyncApi('showToast', (o) => {
        this.toasts.push(String(o.title ?? o.content ?? ''));
        return {};
      }),
      hideToast: ok('hideToast'),
      showLoading: ok('showLoading'),
      hideLoading: ok('hideLoading'),
      showModal: this.asyncApi('showModal', (o) => {
        this.modals.push(String(o.content ?? o.title ?? ''));
        return { confirm: true, cancel: false, confirmed: true };
      }),
      showActionSheet: this.asyncApi('showActionSheet', (o) => {
        // the chat app names the list itemList, the payment app items
        const items = ((o.itemList ?? o.items ?? []) as unknown[]).map(String);
        const index = this.opts.actionSheet ? this.opts.actionSheet(items) : 0;
        return { tapIndex: index, index };
      }),
      setNavigationBarTitle: ok('setNavigationBarTitle'),
      setNavigationBarColor: ok('setNavigationBarColor'),
      setTabBarItem: ok('setTabBarItem'),
      setTabBarStyle: ok('setTabBarStyle'),
      setTabBarBadge: ok('setTabBarBadge'),
      removeTabBarBadge: ok('removeTabBarBadge'),
      showTabBar: ok('showTabBar'),
      hideTabBar: ok('hideTabBar'),
      stopPullDownRefresh: ok('stopPullDownRefresh'),
      startPullDownRefresh: ok('startPullDownRefresh'),
      pageScrollTo: ok('pageScrollTo'),
      makePhoneCall: ok('makePhoneCall'),
      vibrateShort: ok('vibrateShort'),
      previewImage: ok('previewImage'),
      showShareMenu: ok('showShareMenu'),
      hideShareMenu: ok('hideShareMenu'),
      getNetworkType: ok('getNetworkType', { networkType: 'wifi' }),
      onNetworkStatusChange: () => undefined,
      offNetworkStatusChange: () => undefined,
      // every call adds a listener; off* without one removes them all
      onAppShow: (fn: unknown) => {
        if (typeof fn === 'function') host.appListeners.show.push(fn as Listener);
      },
      offAppShow: (fn?: unknown) => {
        host.appListeners.show = fn ? host.appListeners.show.filter((f) => f !== fn) : [];
      },
      onAppHide: (fn: unknown) => {
        if (typeof fn === 'function') host.appListeners.hide.push(fn as Listener);
      },
      offAppHide: (fn?: unknown) => {
        host.appListeners.hide = fn ? host.appListeners.hide.filter((f) => f !== fn) : [];
      },
      onError: () => undefined,
      onUnhandledRejection: () => undefined,
      onPageNotFound: () => undefined,
      onMemoryWarning: () => undefined,
      getUpdateManager: () => ({ onCheckForUpdate: () => undefined, onUpdateReady: () => undefined, onUpdateFailed: () => undefined, applyUpdate: () => undefined }),
      getLocation: ok('getLocation', { latitude: 31.2304, longitude: 121.4737, accuracy: 30 }),
      chooseLocation: ok('chooseLocation', { name: '人民广场', address: '上海市黄浦区人民大道', latitude: 31.2304, longitude: 121.4737 }),
      openLocation: ok('openLocation'),
      getSetting: ok('getSetting', { authSetting: { 'scope.userLocation': true } }),
      openSetting: ok('openSetting', { authSetting: {} }),
      createSelectorQuery: () => this.selectorQuery(),
      createIntersectionObserver: () => ({ relativeToViewport: function r(this: unknown) { return this; }, relativeTo: function r(this: unknown) { return this; }, observe: () => undefined, disconnect: () => undefined }),
      getImageInfo: ok('getImageInfo', { width: 100, height: 100, path: '' }),
      // storage: values kept as JSON, as the hosts do
      setStorageSync: (k: unknown, v?: unknown) => {
        const [key, value] = host.platform === 'alipay' && typeof k === 'object' ? [(k as { key: string }).key, (k as { data: unknown }).data] : [String(k), v];
        host.storage.set(key, JSON.stringify(value === undefined ? null : value));
      },
      getStorageSync: (k: unknown) => {
        const key = host.platform === 'alipay' && typeof k === 'object' ? (k as { key: string }).key : String(k);
        const raw = host.storage.get(key);
        const value = raw === undefined ? (host.platform === 'weapp' ? '' : null) : (JSON.parse(raw) as unknown);
        return host.platform === 'alipay' ? host.inner({ data: value }) : host.inner(value);
      },
      removeStorageSync: (k: unknown) => {
        host.storage.delete(host.platform === 'alipay' && typeof k === 'object' ? (k as { key: string }).key : String(k));
      },
      clearStorageSync: () => host.storage.clear(),
      getStorageInfoSync: () => host.inner({ keys: [...host.storage.keys()], currentSize: 1, limitSize: 10240 }),
      setStorage: this.asyncApi('setStorage', (o) => {
        this.storage.set(String(o.key), JSON.stringify(o.data ?? null));
        return {};
      }),
      getStorage: this.asyncApi('getStorage', (o) => {
        const raw = this.storage.get(String(o.key));
        if (raw === undefined) throw new Error('data not found');
        return { data: JSON.parse(raw) as unknown };
      }),
      removeStorage: this.asyncApi('removeStorage', (o) => {
        this.storage.delete(String(o.key));
        return {};
      }),
      clearStorage: this.asyncApi('clearStorage', () => {
        this.storage.clear();
        return {};
      }),
    });
  }

  /**
   * The value an element's attribute has on the current page, as its template reads it from the node
   * (`scroll-top` of a scroll-view: the property both hosts document for moving one).
   */
  attributeOf(id: string, attribute: string): unknown {
    let found: TaroNode | null = null;
    walk(rootOf(this.currentPage.data), (node) => {
      if (!found && node.uid === id) found = node;
    });
    if (!found) return undefined;
    const node: TaroNode = found;
    const key = this.templates.get(String(node.nn))?.attrs.get(attribute);
    return key === undefined ? undefined : node[key];
  }

  private selectorQuery() {
    const host = this;
    // NodesRef.node(): the chat app documents it for an enhanced scroll-view (its ScrollViewContext);
    // the payment app promises it for a canvas only, so its model has none to give
    const nodeOf = (selector: string) => (cb?: (r: unknown) => void) => {
      const node = {
        scrollTo: (o: { top?: number }) => host.scrolls.push({ selector, top: Number(o?.top ?? 0) }),
        scrollIntoView: () => undefined,
        set scrollTop(v: number) {
          host.scrolls.push({ selector, top: v });
        },
      };
      if (cb) host.later(() => cb({ node }));
      return q;
    };
    const q = {
      in: () => q,
      select: (selector: string) => ({
        boundingClientRect: () => q,
        scrollOffset: () => q,
        fields: () => q,
        ...(host.platform === 'weapp' ? { node: nodeOf(selector) } : {}),
      }),
      selectAll: () => ({ boundingClientRect: () => q, fields: () => q, ...(host.platform === 'weapp' ? { node: () => q } : {}) }),
      selectViewport: () => ({ scrollOffset: () => q, boundingClientRect: () => q }),
      exec: (cb?: (r: unknown[]) => void) => {
        if (cb) host.later(() => cb([]));
      },
    };
    return q;
  }

  /**
   * What the model answers, for the check against the hosts' declarations (test/mini/host-surface.test.ts):
   * the names on `wx` / `my`, and on a selector query and the node reference its select() gives.
   */
  surface(): { api: string[]; selectorQuery: string[]; nodesRef: string[] } {
    const api = this.platform === 'weapp' ? this.wxApi() : this.myApi();
    const query = this.selectorQuery();
    return { api: Object.keys(api).sort(), selectorQuery: Object.keys(query).sort(), nodesRef: Object.keys(query.select('#x')).sort() };
  }

  private wxApi(): Record<string, unknown> {
    const api: Record<string, unknown> = {};
    this.common(api);
    let n = 0;
    Object.assign(api, {
      // the chat app's alone: the payment app declares none of these (test/mini/host-surface.test.ts)
      getDeviceInfo: () => {
        this.apiCalls.push('getDeviceInfo');
        return this.inner(this.systemInfo());
      },
      authorize: this.asyncApi('authorize', () => ({})),
      hideHomeButton: this.asyncApi('hideHomeButton', () => ({})),
      nextTick: (fn: () => void) => void Promise.resolve().then(() => this.guard('nextTick', fn)()),
      reportAnalytics: () => undefined,
      setClipboardData: this.asyncApi('setClipboardData', () => ({})),
      onWindowResize: () => undefined,
      offWindowResize: () => undefined,
      login: this.asyncApi('login', () => ({ code: this.opts.loginCode ? this.opts.loginCode() : `weapp-code-${(n += 1)}` })),
      checkSession: this.asyncApi('checkSession', () => ({})),
      requestPayment: this.asyncApi('requestPayment', async (o) => {
        const params = { ...o };
        delete params.success;
        delete params.fail;
        delete params.complete;
        this.payments.push({ api: 'requestPayment', params });
        const prepayId = String(o.package ?? '').replace(/^prepay_id=/, '');
        const paid = await this.wallet({ prepayId });
        if (!paid) throw new Error('cancel');
        return {};
      }),
      scanCode: this.asyncApi('scanCode', () => ({ result: this.opts.scanResult ?? '', scanType: 'QR_CODE', charSet: 'utf-8', path: '' })),
      requestSubscribeMessage: this.asyncApi('requestSubscribeMessage', () => ({})),
      getUserProfile: this.asyncApi('getUserProfile', () => ({ userInfo: { nickName: 'Test', avatarUrl: '' } })),
      // no wx.getPhoneNumber: the chat app gives the phone code through the getPhoneNumber button only
      requestOrderPayment: ok(),
      ...this.wxSocketApi(),
    });
    function ok() {
      return () => undefined;
    }
    return api;
  }

  private myApi(): Record<string, unknown> {
    const api: Record<string, unknown> = {};
    this.common(api);
    let n = 0;
    Object.assign(api, {
      getAuthCode: this.asyncApi('getAuthCode', () => ({ authCode: this.opts.loginCode ? this.opts.loginCode() : `alipay-code-${(n += 1)}` })),
      tradePay: this.asyncApi('tradePay', async (o) => {
        const params = { ...o };
        delete params.success;
        delete params.fail;
        delete params.complete;
        this.payments.push({ api: 'tradePay', params });
        const tradeNO = String(o.tradeNO ?? '');
        if (!tradeNO) return { resultCode: '4000' };
        const paid = await this.wallet({ tradeNO });
        return { resultCode: paid ? '9000' : '6001' };
      }),
      scan: this.asyncApi('scan', () => ({ code: this.opts.scanResult ?? '', result: this.opts.scanResult ?? '' })),
      alert: this.asyncApi('alert', (o) => {
        this.modals.push(String(o.content ?? ''));
        return {};
      }),
      confirm: this.asyncApi('confirm', (o) => {
        this.modals.push(String(o.content ?? ''));
        return { confirm: true };
      }),
      setNavigationBar: this.asyncApi('setNavigationBar', () => ({})),
      getPhoneNumber: this.asyncApi('getPhoneNumber', () => ({ response: '{}' })),
      requestSubscribeMessage: this.asyncApi('requestSubscribeMessage', () => ({})),
      ...this.mySocketApi(),
    });
    return api;
  }

  // ---------------------------------------------------------------- websockets

  /** The websockets of this launch that are connecting, open or closing. */
  openSockets(): SocketRecord[] {
    return [...this.liveSockets].map((s) => ({ ...s.record }));
  }

  /** Listeners registered with the global wx.onSocket* / my.onSocket* and not removed, per event. */
  socketHandlerCounts(): Record<SocketEvent, number> {
    const l = this.socketListeners;
    return { open: l.open.length, message: l.message.length, close: l.close.length, error: l.error.length };
  }

  /**
   * Where a socket URL connects, or why the host refuses it: the build's origin goes to the server,
   * whose origin is the only one in the socket domain list; the scheme must be ws or wss.
   */
  private socketTarget(url: string): { target: string } | { refused: 'scheme' | 'domain' } {
    const wsOrigin = (o: string) => o.replace(/^http/, 'ws');
    const under = (u: string, origin: string) => u === origin || u.startsWith(`${origin}/`) || u.startsWith(`${origin}?`);
    const build = wsOrigin(this.opts.buildOrigin);
    const server = wsOrigin(this.opts.serverOrigin);
    const target = under(url, build) ? server + url.slice(build.length) : url;
    if (!/^wss?:\/\//.test(target)) return { refused: 'scheme' };
    if (!under(target, server)) return { refused: 'domain' };
    return { target };
  }

  private newSocket(url: string, kind: SocketRecord['kind'], header: unknown): LiveSocket {
    const headers: Record<string, string> = {};
    if (header && typeof header === 'object') for (const [k, v] of Object.entries(header)) headers[k] = String(v);
    const record: SocketRecord = { id: this.sockets.length + 1, url, kind, state: 'connecting', headers, sent: 0, received: 0 };
    this.sockets.push(record);
    return { record, ws: null, listeners: noListeners(), done: null };
  }

  private refuseSocket(s: LiveSocket, why: string): void {
    Object.assign(s.record, { state: 'closed', closedBy: 'error', failed: why, closedAt: Date.now() });
  }

  /** `settle()` waits for a connect or a close in progress (an open socket is not waited for). */
  private awaitSocket(s: LiveSocket): void {
    if (s.done) return;
    void this.track(
      new Promise<void>((resolve) => {
        s.done = () => {
          s.done = null;
          resolve();
        };
      }),
    );
  }

  /** Connects for real; the socket's events reach the app in the order they happen. */
  private connectSocketTo(s: LiveSocket, target: string): void {
    const rec = s.record;
    this.liveSockets.add(s);
    this.awaitSocket(s);
    let header: Record<string, string> = {};
    let errored = false;
    const ws = new WebSocket(target, { headers: rec.headers, handshakeTimeout: 10_000 });
    s.ws = ws;
    ws.on('upgrade', (res: http.IncomingMessage) => {
      header = {};
      for (const [k, v] of Object.entries(res.headers)) header[k] = Array.isArray(v) ? v.join(',') : String(v ?? '');
    });
    ws.on('open', () => {
      rec.state = 'open';
      rec.openedAt = Date.now();
      s.done?.();
      this.emitSocket(s, 'open', { header });
    });
    ws.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
      rec.received += 1;
      const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
      this.emitSocket(s, 'message', isBinary ? { binary: buf } : { text: buf.toString('utf8') });
    });
    ws.on('error', (e: Error) => {
      errored = true;
      rec.failed ??= e.message;
      this.emitSocket(s, 'error', { message: e.message });
    });
    ws.on('close', (code: number, reason: Buffer) => {
      Object.assign(rec, { state: 'closed', closedAt: Date.now(), code, reason: reason.toString('utf8') });
      rec.closedBy ??= errored ? 'error' : 'server';
      this.liveSockets.delete(s);
      s.done?.();
      this.emitSocket(s, 'close', { code, reason: rec.reason });
    });
  }

  /**
   * Hands a socket event to the app in the platform's shape: to the task's own listeners, and to the
   * global onSocket* listeners when it is the global socket (the payment app's one socket; on the
   * chat app the latest task). Listeners are read when the event is delivered.
   */
  private emitSocket(s: LiveSocket, ev: SocketEvent, e: { header?: Record<string, string>; text?: string; binary?: Buffer; message?: string; code?: number; reason?: string }): void {
    const weapp = this.platform === 'weapp';
    const toGlobal = s.record.kind === 'global' || s === this.globalSocket;
    let res: Record<string, unknown>;
    if (ev === 'open') res = this.inner({ header: e.header ?? {} });
    else if (ev === 'close') res = this.inner({ code: e.code, reason: e.reason ?? '' });
    else if (ev === 'error') res = this.inner(weapp ? { errMsg: e.message } : { error: 1, errorMessage: e.message });
    else if (e.binary && weapp) {
      res = this.inner({});
      res.data = this.innerArrayBuffer(e.binary);
    } else if (e.binary) res = this.inner({ data: e.binary.toString('base64'), isBuffer: true });
    else res = this.inner(weapp ? { data: e.text } : { data: e.text, isBuffer: false });
    this.later(() => {
      for (const fn of [...s.listeners[ev], ...(toGlobal ? this.socketListeners[ev] : [])]) this.guard(`socket ${ev}`, fn)(res);
    });
  }

  /** An ArrayBuffer of the app's realm holding `buf`. */
  private innerArrayBuffer(buf: Buffer): ArrayBuffer {
    const AB = vm.runInContext('ArrayBuffer', this.ctx) as ArrayBufferConstructor;
    const U8 = vm.runInContext('Uint8Array', this.ctx) as Uint8ArrayConstructor;
    const ab = new AB(buf.length);
    new U8(ab).set(buf);
    return ab;
  }

  /** SocketTask.send / sendSocketMessage: strings as text, ArrayBuffers (or base64 with isBuffer) as binary. */
  private sendOn(s: LiveSocket | null, o: Record<string, unknown>): void {
    const weapp = this.platform === 'weapp';
    const fail = (msg: string) => this.answer(o, false, weapp ? { errMsg: `sendSocketMessage:fail ${msg}` } : { error: 10, errorMessage: msg });
    if (!s?.ws || s.record.state !== 'open') return fail('WebSocket is not connected');
    const data = o.data;
    let payload: string | Buffer;
    if (typeof data === 'string') payload = !weapp && o.isBuffer ? Buffer.from(data, 'base64') : data;
    else if (Object.prototype.toString.call(data) === '[object ArrayBuffer]') payload = Buffer.from(data as ArrayBuffer);
    else return fail('parameter error: data should be String or ArrayBuffer');
    s.record.sent += 1;
    s.ws.send(payload, { binary: typeof payload !== 'string' }, (err?: Error) => {
      if (err) fail(err.message);
      else this.answer(o, true, weapp ? { errMsg: 'sendSocketMessage:ok' } : {});
    });
  }

  /** SocketTask.close / closeSocket: code 1000 unless given (1000 or 3000–4999, as a browser takes). */
  private closeOn(s: LiveSocket | null, o: Record<string, unknown>): void {
    const weapp = this.platform === 'weapp';
    const fail = (msg: string) => this.answer(o, false, weapp ? { errMsg: `closeSocket:fail ${msg}` } : { error: 10, errorMessage: msg });
    if (!s?.ws || s.record.state === 'closed') return fail('WebSocket is not connected');
    const code = o.code === undefined || o.code === null ? 1000 : Number(o.code);
    if (code !== 1000 && !(code >= 3000 && code <= 4999)) return fail(`The code must be either 1000, or between 3000 and 4999. ${code} is neither.`);
    const reason = o.reason === undefined || o.reason === null ? '' : String(o.reason);
    if (Buffer.byteLength(reason) > 123) return fail('The reason must not be greater than 123 bytes');
    this.shutSocket(s, code, reason, 'app');
    this.answer(o, true, weapp ? { errMsg: 'closeSocket:ok' } : {});
  }

  /** Starts closing (a socket still connecting is abandoned: error, then close 1006). */
  private shutSocket(s: LiveSocket, code: number, reason: string, by: 'app' | 'host'): void {
    if (!s.ws || s.record.state === 'closed' || s.record.state === 'closing') return;
    s.record.closedBy ??= by;
    s.record.state = 'closing';
    this.awaitSocket(s);
    s.ws.close(code, reason);
  }

  /** A SocketTask: its own listeners (the payment app's also has off*), send and close. */
  private socketTask(s: LiveSocket, withOff: boolean): Record<string, unknown> {
    const task: Record<string, unknown> = {
      send: (o: Record<string, unknown> = {}) => this.sendOn(s, o),
      close: (o: Record<string, unknown> = {}) => this.closeOn(s, o),
    };
    const events: Array<[SocketEvent, string]> = [
      ['open', 'Open'],
      ['message', 'Message'],
      ['close', 'Close'],
      ['error', 'Error'],
    ];
    for (const [ev, name] of events) {
      task[`on${name}`] = (fn: unknown) => {
        if (typeof fn === 'function') s.listeners[ev].push(fn as Listener);
      };
      if (withOff) {
        task[`off${name}`] = (fn?: unknown) => {
          s.listeners[ev] = fn ? s.listeners[ev].filter((f) => f !== fn) : [];
        };
      }
    }
    return task;
  }

  /** The global onSocket* (and, on the payment app, offSocket*) of both hosts. */
  private socketListenerApi(withOff: boolean): Record<string, unknown> {
    const api: Record<string, unknown> = {};
    const events: Array<[SocketEvent, string]> = [
      ['open', 'Open'],
      ['message', 'Message'],
      ['close', 'Close'],
      ['error', 'Error'],
    ];
    for (const [ev, name] of events) {
      // every call adds a listener, also the same function again: they pile up unless removed
      api[`onSocket${name}`] = (fn: unknown) => {
        if (typeof fn === 'function') this.socketListeners[ev].push(fn as Listener);
      };
      if (withOff) {
        api[`offSocket${name}`] = (fn?: unknown) => {
          this.socketListeners[ev] = fn ? this.socketListeners[ev].filter((f) => f !== fn) : [];
        };
      }
    }
    return api;
  }

  /**
   * The chat app: every connectSocket returns its own SocketTask, at most SOCKET_TASK_LIMIT at once;
   * success means the task was created (its onOpen tells when it is open). The legacy global API
   * (sendSocketMessage, closeSocket, onSocket*) acts on the latest task.
   */
  private wxSocketApi(): Record<string, unknown> {
    return {
      connectSocket: (o: Record<string, unknown> = {}) => {
        this.apiCalls.push('connectSocket');
        const s = this.newSocket(String(o.url ?? ''), 'task', o.header);
        const task = this.socketTask(s, false);
        const to = this.socketTarget(s.record.url);
        let failure: string | null = null;
        if (this.liveSockets.size >= SOCKET_TASK_LIMIT) failure = `wcwss taskID=${s.record.id} exceed max concurrent count`;
        else if ('refused' in to) failure = to.refused === 'scheme' ? `invalid url "${s.record.url}"` : 'url not in domain list';
        if (failure !== null || 'refused' in to) {
          const errMsg = `createSocketTask:fail ${failure}`;
          this.refuseSocket(s, errMsg);
          this.answer(o, false, { errMsg });
          this.emitSocket(s, 'error', { message: errMsg });
          return task;
        }
        this.globalSocket = s;
        this.connectSocketTo(s, to.target);
        this.answer(o, true, { socketTaskId: s.record.id, errMsg: 'connectSocket:ok' });
        return task;
      },
      sendSocketMessage: (o: Record<string, unknown> = {}) => {
        this.apiCalls.push('sendSocketMessage');
        this.sendOn(this.globalSocket, o);
      },
      closeSocket: (o: Record<string, unknown> = {}) => {
        this.apiCalls.push('closeSocket');
        this.closeOn(this.globalSocket, o);
      },
      ...this.socketListenerApi(false),
    };
  }

  /**
   * The payment app: ONE global socket (connecting again closes the one open), driven by
   * sendSocketMessage / closeSocket and heard through the global onSocket* listeners, which pile up
   * unless removed with offSocket*. With `multiple: true` connectSocket returns a SocketTask instead.
   */
  private mySocketApi(): Record<string, unknown> {
    return {
      connectSocket: (o: Record<string, unknown> = {}) => {
        this.apiCalls.push('connectSocket');
        const multiple = o.multiple === true;
        let url = String(o.url ?? '');
        if (o.data && typeof o.data === 'object') {
          const q = new URLSearchParams(Object.entries(o.data as Record<string, unknown>).map(([k, v]) => [k, String(v)])).toString();
          if (q) url += `${url.includes('?') ? '&' : '?'}${q}`;
        }
        const s = this.newSocket(url, multiple ? 'task' : 'global', o.header);
        const task = multiple ? this.socketTask(s, true) : undefined;
        const to = this.socketTarget(url);
        if ('refused' in to) {
          const [error, errorMessage] = to.refused === 'scheme' ? [5, 'URL must start with ws or wss'] : [2, 'url not in domain list'];
          this.refuseSocket(s, errorMessage);
          this.answer(o, false, { error, errorMessage });
          return task;
        }
        if (!multiple) {
          if (this.globalSocket) this.shutSocket(this.globalSocket, 1000, '', 'host');
          this.globalSocket = s;
        }
        this.connectSocketTo(s, to.target);
        this.answer(o, true, {});
        return task;
      },
      sendSocketMessage: (o: Record<string, unknown> = {}) => {
        this.apiCalls.push('sendSocketMessage');
        this.sendOn(this.globalSocket, o);
      },
      closeSocket: (o: Record<string, unknown> = {}) => {
        this.apiCalls.push('closeSocket');
        this.closeOn(this.globalSocket, o);
      },
      ...this.socketListenerApi(true),
    };
  }

  // ---------------------------------------------------------------- view layer events

  /**
   * Sends an event to the page's `eh` the way the view layer does: `currentTarget.id` is the
   * node's `uid` (or `data-sid`), `detail` carries the component's payload.
   */
  dispatch(node: { uid?: string; sid?: string; nn?: unknown }, type: string, detail: Record<string, unknown> = {}, bubbleThrough: Array<{ uid?: string; sid?: string; nn?: unknown }> = []): void {
    const page = this.currentPage;
    const ref = (n: { uid?: string; sid?: string }) => ({ id: n.uid ?? n.sid ?? '', dataset: n.sid ? { sid: n.sid } : {}, offsetLeft: 0, offsetTop: 0 });
    const eh = page.eh as ((e: unknown) => unknown) | undefined;
    if (typeof eh !== 'function') throw new Error(`${this.currentRoute} has no eh handler`);
    // a bubbling event reaches `eh` once per bound element from the target up, as the view layer sends it
    const chain: Array<{ uid?: string; sid?: string; nn?: unknown }> = [];
    for (const n of [node, ...bubbleThrough]) {
      if (!this.sends(n.nn, type)) continue;
      chain.push(n);
      if (this.templates.get(String(n.nn))?.catches.has(type)) break;
    }
    if (chain.length === 0) throw new Error(`no element from ${node.uid ?? node.sid} up sends ${type} on ${this.currentRoute}`);
    for (const current of chain) {
      const event = this.inner({
        type,
        timeStamp: Date.now() - this.startedReal,
        target: ref(node),
        currentTarget: ref(current),
        detail: type === 'tap' ? { x: 10, y: 10, ...detail } : detail,
        touches: [],
        changedTouches: [],
        mark: {},
        mut: false,
      });
      try {
        eh.call(page, event);
      } catch (e) {
        this.recordError(`event ${type}`, e);
      }
    }
  }
}
