/**
 * The root of the app's state (docs/architecture.md §11 Stores): every store is built here from injected I/O,
 * so tests build a RootStore with fakes and no Taro.
 */
import { observable, runInAction } from 'mobx';
import type { IObservableValue } from 'mobx';
import type { Api } from '../api';
import type { KeyValueStorage, Platform } from '../platform/types';
import { AddressStore } from './address';
import { AuthStore } from './auth';
import { ShopBoot } from './boot';
import type { CartStore } from './cart';
import type { CheckoutStore } from './checkout';
import { MemberStore } from './member';
import type { MenuStore } from './menu';
import type { OrderingBuilder, OrderingStores } from './ordering';
import { importOrdering, orderingNow } from '../platform/ordering-loader';
import type { OrderStore } from './order';
import type { OrderBuilder } from './order-build';
import type { TableStore } from './table';
import { PromotionStore } from './promotion';
import { SessionStore } from './session';
import type { LiveChannel } from './session';
import { ShopStore } from './shop';

export interface RootStoreDeps {
  api: Api;
  storage: KeyValueStorage;
  platform: Platform;
  /** The scan-order live channel, when one is open at construction (the table page attaches later). */
  realtime?: LiveChannel | null;
  /** The overseas environment (C§1); false unless given. */
  abroad?: boolean;
  now?: () => number;
  /**
   * Where the menu, cart and order stores come from; the platform's loader unless given. `now` builds
   * them with the root; null leaves them to `ready()`, which builds them from what `load` resolves.
   */
  ordering?: OrderingLoader;
}

/** How a RootStore gets its ordering stores (see `src/platform/ordering-loader.ts` and its H5 variant). */
export interface OrderingLoader {
  now: OrderingBuilder | null;
  load: () => Promise<{ buildOrderingStores: OrderingBuilder }>;
}

const platformLoader: OrderingLoader = { now: orderingNow, load: importOrdering };

/** Thrown when a page reads the menu, cart or order before `root.ready()` has built them. */
export const ORDERING_NOT_LOADED = 'ordering stores are not loaded: await root.ready()';

export class RootStore {
  readonly api: Api;
  readonly storage: KeyValueStorage;
  readonly platform: Platform;
  readonly session: SessionStore;
  readonly auth: AuthStore;
  readonly shop: ShopStore;
  readonly member: MemberStore;
  readonly promotion: PromotionStore;
  readonly address: AddressStore;
  /** Loading what the pages stand on, shared by the pages of this root (`boot.ts`). */
  readonly boot: ShopBoot;
  /** The overseas environment (C§1). */
  readonly abroad: boolean;
  /** The clock the stores read (tests fix it). */
  readonly now: () => number;
  private readonly loader: OrderingLoader;
  private ordering: OrderingStores | null = null;
  /** The order store: built with the ordering stores, or before them on its own (`adoptOrder`). */
  private readonly orderStore: IObservableValue<OrderStore | null> = observable.box(null, { deep: false });
  private loading: Promise<void> | null = null;
  private readonly built: IObservableValue<boolean> = observable.box(false);
  private readonly areas = new Map<string, unknown>();

  constructor(deps: RootStoreDeps) {
    const { api, storage, platform } = deps;
    const abroad = deps.abroad ?? false;
    const now = deps.now ?? Date.now;
    this.api = api;
    this.storage = storage;
    this.platform = platform;
    this.session = new SessionStore({ storage, platform, realtime: deps.realtime, abroad, now });
    this.auth = new AuthStore({ api, platform, session: this.session });
    this.shop = new ShopStore({ api, session: this.session, abroad, now });
    this.member = new MemberStore({ api });
    this.promotion = new PromotionStore({ api });
    this.address = new AddressStore({ api, platform, phoneRegion: this.session.phoneRegion });
    this.abroad = abroad;
    this.now = now;
    this.loader = deps.ordering ?? platformLoader;
    this.boot = new ShopBoot(this);
    // mini programs and tests: the ordering stores are in the bundle and exist from the start
    if (this.loader.now) this.adopt(this.loader.now);
  }

  /** The menu store (throws until the ordering stores are built: `await root.ready()`). */
  get menu(): MenuStore {
    return this.orderingStores().menu;
  }

  /** The cart store (throws until the ordering stores are built: `await root.ready()`). */
  get cart(): CartStore {
    return this.orderingStores().cart;
  }

  /**
   * The checkout of the cart: pay type, coupon, points, order form and the breakdown (throws until the
   * ordering stores are built: `await root.ready()`).
   */
  get checkout(): CheckoutStore {
    return this.orderingStores().checkout;
  }

  /** The table of a scan-order visit (throws until the ordering stores are built). */
  get table(): TableStore {
    return this.orderingStores().table;
  }

  /** The order store (throws until it is built: `adoptOrder`, or the ordering stores' `await root.ready()`). */
  get order(): OrderStore {
    const order = this.orderStore.get();
    if (!order) throw new Error(ORDERING_NOT_LOADED);
    return order;
  }

  /** Whether the order store exists (observable), with the ordering stores or on its own. */
  get orderReady(): boolean {
    return this.orderStore.get() !== null;
  }

  /**
   * Builds the order store alone with a builder at hand (the order list's chunk holds it without the
   * menu, cart and pricing); the ordering stores built later take this one. Nothing when it exists.
   */
  adoptOrder(build: OrderBuilder): void {
    if (this.orderStore.get()) return;
    const { api, platform, now, session, member, promotion } = this;
    const order = build({ api, platform, now, session, member, promotion, tableSocketBusy: () => this.tableSocketBusy() });
    runInAction(() => this.orderStore.set(order));
  }

  /** Whether the table room holds the socket now (the payment app has one socket: the order channel waits). */
  private tableSocketBusy(): boolean {
    const status = this.ordering?.table.status;
    return status === 'connecting' || status === 'open' || status === 'reconnecting';
  }

  /** Whether the menu, cart and order stores exist (observable: a page may re-render when they do). */
  get orderingReady(): boolean {
    return this.built.get();
  }

  /**
   * Builds the menu, cart and order stores once, loading their module first where the platform keeps
   * it apart (H5). Concurrent callers share one load; a failed load may be tried again.
   */
  ready(): Promise<void> {
    if (this.ordering) return Promise.resolve();
    if (!this.loading) {
      const run = this.loader.load().then(
        (mod) => {
          this.adopt(mod.buildOrderingStores);
        },
        (err: unknown) => {
          if (this.loading === run) this.loading = null;
          throw err;
        },
      );
      this.loading = run;
    }
    return this.loading;
  }

  /**
   * Builds the ordering stores with a builder at hand (a page whose code already holds the ordering
   * module); nothing when they exist.
   */
  adopt(build: OrderingBuilder): void {
    if (this.ordering) return;
    const { api, storage, platform, abroad, now, session, shop, member, promotion, address } = this;
    this.ordering = build({
      api,
      storage,
      platform,
      abroad,
      now,
      session,
      shop,
      member,
      promotion,
      address,
      order: this.orderStore.get(),
      tableSocketBusy: () => this.tableSocketBusy(),
    });
    const order = this.ordering.order;
    runInAction(() => {
      this.built.set(true);
      this.orderStore.set(order);
    });
  }

  private orderingStores(): OrderingStores {
    if (!this.ordering) throw new Error(ORDERING_NOT_LOADED);
    return this.ordering;
  }

  /** App start-up (APP-5): reads the launch query into the session. Safe to call more than once. */
  start(query?: Record<string, string | undefined>): void {
    if (this.session.started && query === undefined) return;
    this.session.start(query);
  }

  /**
   * C§8 / C§6: a 401 clears the stored identity; what that identity saw of the shop (member card,
   * coupons, entered code) goes with it, so the entry shows the shop as the next login will see it.
   */
  forgetIdentity(): void {
    this.session.clearIdentity();
    this.member.reset();
    this.promotion.reset();
    this.areas.clear();
  }

  /**
   * The store of a subpackage area (member account, wallet, promotions…), built from this root on
   * first use and kept until the identity is forgotten. The area's module imports its store class, so
   * the class travels in the area's package rather than in the start-up code.
   */
  area<T>(key: string, build: (root: RootStore) => T): T {
    let store = this.areas.get(key) as T | undefined;
    if (store === undefined) {
      store = build(this);
      this.areas.set(key, store);
    }
    return store;
  }
}
