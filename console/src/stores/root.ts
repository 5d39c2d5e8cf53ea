/**
 * The console's stores wired together, with every outside dependency injected (fetch, WebSocket,
 * timers, random, clock, storage, the address bar, audio), so the tests run them without a browser
 * or a server. A 401 from any call, or the socket refusing the session, signs out locally: the stores
 * are emptied and the sign-in page shows.
 */
import { makeObservable, observable, action, reaction, type IReactionDisposer } from 'mobx';
import type { StaffMe } from '../../../src/api/contract/console';
import { requestLanguageHeader, type Language } from '../../../src/domain/language';
import { ConsoleApi, ConsoleApiError, type FetchLike } from '../api';
import { I18n, type LanguageStorage } from '../i18n';
import { PasswordStore, SettingsStore, ShopClockStore, StaffStore, TableRulesStore } from './admin';
import { AvailabilityStore } from './availability';
import { BoardStore } from './board';
import { ClockStore } from './clock';
import { LiveChannel, type SocketFactory, type Timers } from './live';
import { Router, type HashHost } from './router';
import { SessionStore } from './session';
import { SoundStore, type AudioLike } from './sound';
import { SummaryStore } from './summary';
import { TablesStore } from './tables';
import { TicketsStore } from './tickets';

export interface RootDeps {
  fetch: FetchLike;
  socket: SocketFactory;
  socketUrl: (shopId: number) => string;
  timers: Timers & { setInterval(fn: () => void, ms: number): unknown; clearInterval(h: unknown): void };
  random: () => number;
  now: () => number;
  language: Language;
  storage?: LanguageStorage;
  hash: HashHost;
  audio: (() => AudioLike) | null;
  /** How often the clock ticks (overdue highlight, session end). */
  tickMs?: number;
}

export class RootStore {
  readonly i18n: I18n;
  readonly api: ConsoleApi;
  readonly clock: ClockStore;
  readonly session: SessionStore;
  readonly board: BoardStore;
  readonly live: LiveChannel;
  readonly sound: SoundStore;
  readonly router: Router;
  readonly settings: SettingsStore;
  readonly tableRules: TableRulesStore;
  readonly shopClock: ShopClockStore;
  readonly staff: StaffStore;
  readonly password: PasswordStore;
  readonly tables: TablesStore;
  readonly tickets: TicketsStore;
  readonly availability: AvailabilityStore;
  readonly summary: SummaryStore;
  /** The shop on screen (the staff member's own, or another of theirs). */
  shopId: number | null = null;
  private disposers: IReactionDisposer[] = [];
  private ticker: unknown = null;

  constructor(private readonly deps: RootDeps) {
    this.i18n = new I18n(deps.language, deps.storage);
    this.api = new ConsoleApi({
      fetch: deps.fetch,
      language: () => requestLanguageHeader(this.i18n.lang),
      onUnauthorized: () => this.expire(),
    });
    this.clock = new ClockStore(deps.now);
    this.session = new SessionStore(this.api);
    this.sound = new SoundStore(deps.audio, deps.storage);
    this.board = new BoardStore(this.api, this.clock, () => this.sound.beep());
    this.live = new LiveChannel(
      { socket: deps.socket, timers: deps.timers, random: deps.random, url: deps.socketUrl },
      {
        onHello: () => {
          void this.board.load();
          this.tables.onResync();
        },
        onOrder: (order) => {
          this.board.upsert(order);
          this.summary.changed();
        },
        onTable: (tableId) => {
          this.tables.onTableFrame(tableId);
          this.tickets.onTableFrame();
        },
        onResync: () => {
          void this.board.load();
          this.tables.onResync();
        },
        // the socket refused the session: ask the API (a 401 there signs out; a live session reconnects)
        onUnauthorized: () => void this.recheck(),
      },
    );
    this.router = new Router(deps.hash);
    this.settings = new SettingsStore(this.api);
    this.tableRules = new TableRulesStore(this.api);
    this.shopClock = new ShopClockStore(this.api);
    this.staff = new StaffStore(this.api);
    this.password = new PasswordStore(this.api);
    this.tables = new TablesStore(this.api, this.clock);
    this.tickets = new TicketsStore(this.api, this.clock);
    this.availability = new AvailabilityStore(this.api, this.clock);
    this.summary = new SummaryStore(this.api, this.clock);
    makeObservable(this, { shopId: observable, openShop: action, expire: action });
  }

  get me(): StaffMe | null {
    return this.session.me;
  }

  get shopName(): string {
    const me = this.session.me;
    return me?.shops.find((s) => s.id === this.shopId)?.name ?? '';
  }

  /** Page start: is there a session? Then the board of the staff member's shop, else sign-in. */
  async start(): Promise<void> {
    this.disposers.push(
      reaction(
        () => [this.session.me, this.session.checking, this.router.route] as const,
        () => this.guard(),
        { fireImmediately: true },
      ),
    );
    this.ticker = this.deps.timers.setInterval(() => this.tick(), this.deps.tickMs ?? 5000);
    const me = await this.session.restore();
    if (me) this.openShop(me.shopId);
    this.guard();
  }

  stop(): void {
    for (const d of this.disposers) d();
    this.disposers = [];
    if (this.ticker !== null) this.deps.timers.clearInterval(this.ticker);
    this.ticker = null;
    this.live.stop();
  }

  async signIn(username: string, password: string): Promise<boolean> {
    const me = await this.session.signIn(username, password);
    if (!me) return false;
    this.openShop(me.shopId);
    this.router.go('board');
    return true;
  }

  async signOut(): Promise<void> {
    this.live.stop();
    await this.session.signOut();
    this.clearData();
    this.router.go('signin');
  }

  /** Opens a shop's board: its cards fetched now and again on every (re)connect of its live channel. */
  openShop(shopId: number): void {
    const me = this.session.me;
    if (!me || (shopId !== me.shopId && !me.shops.some((s) => s.id === shopId))) return;
    this.shopId = shopId;
    this.board.setShop(shopId);
    this.settings.clear();
    this.tableRules.clear();
    this.shopClock.clear();
    this.staff.clear();
    for (const part of this.shopParts) part.setShop(shopId);
    this.sound.prepare();
    void this.board.load();
    this.live.connect(shopId);
  }

  /** The session is gone (401, the socket refused it, or its end time passed): nothing stays on screen. */
  expire(): void {
    if (!this.session.me) return;
    this.live.stop();
    this.clearData();
    this.session.markExpired();
    this.router.go('signin');
  }

  private async recheck(): Promise<void> {
    try {
      await this.api.call('me', {});
      if (this.shopId !== null) this.live.connect(this.shopId);
    } catch (err) {
      if (!(err instanceof ConsoleApiError) || err.code !== 'loginExpired') this.expire();
    }
  }

  private clearData(): void {
    this.shopId = null;
    this.board.clear();
    this.settings.clear();
    this.tableRules.clear();
    this.shopClock.clear();
    this.staff.clear();
    this.password.clear();
    for (const part of this.shopParts) part.clear();
  }

  /** The stores of the floor, availability and summary pages: each follows the shop on screen. */
  private get shopParts(): readonly { setShop(shopId: number): void; clear(): void }[] {
    return [this.tables, this.tickets, this.availability, this.summary];
  }

  tick(): void {
    this.clock.tick();
    const me = this.session.me;
    if (me && this.clock.serverNow >= me.sessionEndsAt) this.expire();
  }

  private guard(): void {
    const { me, checking } = this.session;
    const route = this.router.route;
    if (checking) return;
    if (!me) {
      if (route !== 'signin') this.router.go('signin');
      return;
    }
    if (route === 'signin') this.router.go('board');
    else if ((route === 'settings' || route === 'staff') && me.role !== 'owner') this.router.go('board');
  }
}
