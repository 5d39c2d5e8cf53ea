/**
 * Loading what the pages stand on (APP-6, USER-1), at two levels that share their work:
 * - the shop level: a token (host login or the H5 visitor entry, through the auth store), the shop
 *   with its pay and member settings, then the member card and the promotions in the background —
 *   what the entry, the home tab, the login and the shop pages need;
 * - the ordering level: the shop level, the ordering stores (`root.ready()`, a chunk of its own on
 *   H5, started at once alongside the login and the shop), the menu and the shop's stored cart.
 * Every page calls one of them, so a deep link or a reload of any page works; concurrent callers
 * share one load, and `reset` starts both again. One ShopBoot per RootStore (`root.boot`).
 */
import { action, makeObservable, observable } from 'mobx';
import { ErrorCode } from '../domain/errors';
import type { AuthStore } from './auth';
import type { CartStore } from './cart';
import type { MemberStore } from './member';
import type { MenuStore } from './menu';
import type { PromotionStore } from './promotion';
import type { SessionStore } from './session';
import type { ShopStore } from './shop';
import { shopZone } from '@/domain/shop-time';

export type BootResult = { ok: true } | { ok: false; code: ErrorCode | string };

export interface BootOptions {
  /** false: the shop level only (no menu, cart or order; on H5 the ordering chunk is not loaded). */
  ordering?: boolean;
  /**
   * true: the page also waits for the member card (at most MEMBER_WAIT_MS), asked for alongside the
   * menu — a page whose lines and sums show member prices, points and gift balance would otherwise
   * grow under the customer's eyes when the card arrives.
   */
  member?: boolean;
}

/** How long the menu waits for the shop's activities before it shows without their tags. */
export const PROMOTIONS_WAIT_MS = 1_500;
/** How long a page showing member prices waits for the member card before it shows without it. */
export const MEMBER_WAIT_MS = 1_500;

/** What the boot reads of its RootStore (the ordering stores only after `ready()`). */
export interface BootRoot {
  readonly session: SessionStore;
  readonly auth: AuthStore;
  readonly shop: ShopStore;
  readonly member: MemberStore;
  readonly promotion: PromotionStore;
  readonly menu: MenuStore;
  readonly cart: CartStore;
  start(): void;
  ready(): Promise<void>;
}

/** One run of the shop level. */
interface ShopRun {
  result: Promise<BootResult>;
  /** An ordering-level caller wants the launch shop's menu alongside the shop (MENU-8). */
  menuEarly: boolean;
  /** That early menu load, once started; taken (and cleared) by the ordering level. */
  early: Promise<void> | null;
  launchShop: number | null;
  /** The run ended with the shop loaded (under the identity of that time). */
  done: boolean;
}

/** A load asked for once per shop (again after `reset`): the shop it was asked for, and the load. */
interface PerShop {
  shop: number | null;
  load: Promise<void>;
}

/** `slot`'s load for `shopId`, started by `start` the first time; settles, never rejects. */
function oncePerShop(slot: PerShop, shopId: number, start: () => Promise<unknown>): Promise<void> {
  if (slot.shop !== shopId) {
    slot.shop = shopId;
    slot.load = start().then(
      () => undefined,
      () => undefined,
    );
  }
  return slot.load;
}

const failed = (): BootResult => ({ ok: false, code: ErrorCode.getShopDataFailed });

/** `work`, or nothing once `ms` have passed, whichever comes first. */
function within(work: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Launch routes whose page needs the shop level, and those that open the menu (H5 hash paths). */
const SHOP_ENTRY_ROUTES: readonly string[] = ['', 'pages/index/index', 'pages/user/index-tab'];
const ORDERING_ENTRY_ROUTES: readonly string[] = ['pages/user/index-tab-1', 'pages/product/index'];

/** The boot of one RootStore: its runs, shared by every caller until they fail or `reset`. */
export class ShopBoot {
  private shopRun: ShopRun | null = null;
  private orderingRun: Promise<BootResult> | null = null;
  /** The shop whose menu and cart the ordering level has loaded. */
  private bootedShop: number | null = null;
  private readonly promotionsOf: PerShop = { shop: null, load: Promise.resolve() };
  private readonly memberOf: PerShop = { shop: null, load: Promise.resolve() };
  /** Bumped by reset: a boot of an earlier generation (the shop before a switch) stops short. */
  private generation = 0;
  /**
   * No shop to open: the page was opened without a shop (a link that lost its `id`, a fresh browser)
   * and the server knows none for this customer. Every page then shows the way to choose a shop
   * (PageShell) instead of waiting for one.
   */
  noShop = false;

  constructor(private readonly root: BootRoot) {
    makeObservable<ShopBoot, 'markNoShop'>(this, { noShop: observable, markNoShop: action, reset: action });
  }

  private markNoShop(): void {
    this.noShop = true;
  }

  /**
   * Loads token, shop, member and promotions, and (unless `ordering: false`) the ordering stores, the
   * menu and the cart, once (again after `reset`).
   */
  load(options: BootOptions = {}): Promise<BootResult> {
    if (options.ordering === false) return this.runShopLevel();
    if (!options.member) return this.orderingLevel();
    return Promise.all([this.orderingLevel(), this.runMember()]).then(([res]) => res);
  }

  /** Forgets the boot (a shop switch or a new login loads everything again). */
  reset(): void {
    this.noShop = false;
    this.generation += 1;
    this.shopRun = null;
    this.orderingRun = null;
    this.bootedShop = null;
    this.promotionsOf.shop = null;
    this.memberOf.shop = null;
  }

  /**
   * Back at the entry after a 401 (C§8): the boot that finished belonged to the refused identity, so it
   * starts again (a boot still logging in is left alone).
   */
  resetStale(): void {
    if (this.shopRun?.done && !this.root.session.refreshToken()) this.reset();
  }

  /**
   * Starts the boot the launch page will ask for as soon as the app's code has run, while the page's
   * own chunks still load (MENU-8: the login, the shop and, for the menu pages, the ordering chunk and
   * the menu are then under way before the page's first render). Other launch routes boot from their
   * page as before. `hash` is the H5 location hash, e.g. `#/pages/user/index-tab-1?id=3`.
   */
  forLaunchRoute(hash: string): Promise<BootResult> | null {
    const route = hash.replace(/^#\/?/, '').split('?')[0].replace(/\/$/, '');
    if (ORDERING_ENTRY_ROUTES.includes(route)) return this.load();
    if (SHOP_ENTRY_ROUTES.includes(route)) return this.load({ ordering: false });
    return null;
  }

  private async runShop(run: ShopRun): Promise<BootResult> {
    const { root } = this;
    const gen = this.generation;
    root.start();
    const launchShop = root.session.id && /^\d+$/.test(root.session.id) ? Number(root.session.id) : null;
    // without a token, the menu of the launch shop does not wait for the login: its list is asked for
    // by the shop's id, beside the login, and its calls that need a token wait for it (MENU-8)
    if (run.menuEarly && !root.session.refreshToken() && launchShop !== null && this.bootedShop !== launchShop && (!root.shop.detail || root.shop.shopId !== launchShop)) {
      const signedIn = root.auth.ensureLogin().then(
        (res) => res.ok,
        () => false,
      );
      run.early = root.ready().then(() => root.menu.load(launchShop, { signedIn }));
      run.early.catch(() => undefined);
    }
    const login = await root.auth.ensureLogin();
    if (!login.ok) {
      // no shop in the link and none to log in to: the way forward is choosing one, not a retry
      if (launchShop === null && !root.shop.detail && gen === this.generation) this.markNoShop();
      return { ok: false, code: login.code };
    }
    run.launchShop = launchShop;
    const needShop = !root.shop.detail || (launchShop !== null && root.shop.shopId !== launchShop);
    // the menu of the launch shop loads alongside the shop itself: the first product shows sooner (MENU-8)
    if (run.menuEarly && needShop && launchShop !== null && this.bootedShop !== launchShop) {
      // a caller that asked for the menu once the login was under way
      if (!run.early) {
        run.early = root.ready().then(() => root.menu.load(launchShop));
        run.early.catch(() => undefined);
      }
      // and the shop's activities with it: the list shows once both are in (see runOrdering)
      void this.loadPromotions(launchShop);
    }
    if (needShop) {
      const loaded = await root.shop.load();
      if (!loaded) {
        await run.early?.catch(() => undefined);
        // opened without a shop, and the server has none for this customer: nothing failed
        if (launchShop === null && root.shop.error === ErrorCode.getShopDataFailed) this.markNoShop();
        return { ok: false, code: root.shop.error ?? ErrorCode.getShopDataFailed };
      }
    }
    if (gen !== this.generation) return failed();
    return root.shop.shop ? { ok: true } : failed();
  }

  /** The shop level's run, shared by every caller until it fails or `reset`. */
  private shopLevel(menuEarly: boolean): ShopRun {
    if (this.shopRun) {
      // a caller joining before the login ends still gets the menu alongside the shop
      if (menuEarly) this.shopRun.menuEarly = true;
      return this.shopRun;
    }
    const run: ShopRun = { result: Promise.resolve(failed()), menuEarly, early: null, launchShop: null, done: false };
    run.result = this.runShop(run)
      .catch(failed)
      .then((res) => {
        // a failed boot may be tried again; only this boot's own slot is freed
        if (!res.ok && this.shopRun === run) this.shopRun = null;
        run.done = res.ok;
        return res;
      });
    this.shopRun = run;
    return run;
  }

  /**
   * The member card and the promotions (member prices, activity tags, the home's card figures and
   * coupon count) once per shop. A visitor has no card and no coupons, so they may fail without
   * failing the boot.
   */
  private loadExtras(shopId: number): void {
    void this.loadMember(shopId);
    void this.loadPromotions(shopId);
  }

  /** The member card (and the facts pricing reads with it), asked for once per shop; never rejects. */
  private loadMember(shopId: number): Promise<void> {
    return oncePerShop(this.memberOf, shopId, () => this.root.member.load());
  }

  /** The member card of the boot's shop, started as soon as the shop is known, waited for at most MEMBER_WAIT_MS. */
  private async runMember(): Promise<void> {
    const res = await this.shopLevel(true).result;
    const shop = this.root.shop.shop;
    if (res.ok && shop) await within(this.loadMember(shop.id), MEMBER_WAIT_MS);
  }

  /** The shop's activities and coupons, asked for once per shop; settles (never rejects) when they are in. */
  private loadPromotions(shopId: number): Promise<void> {
    return oncePerShop(this.promotionsOf, shopId, () => this.root.promotion.load());
  }

  private async runShopLevel(): Promise<BootResult> {
    const res = await this.shopLevel(false).result;
    const shop = this.root.shop.shop;
    if (res.ok && shop) this.loadExtras(shop.id);
    return res;
  }

  private async runOrdering(): Promise<BootResult> {
    const { root } = this;
    const gen = this.generation;
    // the ordering stores load alongside the login and the shop, not after them
    const storesReady = root.ready();
    storesReady.catch(() => undefined);
    const run = this.shopLevel(true);
    const res = await run.result;
    if (!res.ok) return res;
    await storesReady.catch((error: unknown) => {
      // the early menu waited on the same module load: a retry asks for the menu again
      run.early = null;
      throw error;
    });
    if (gen !== this.generation) return failed();
    const shop = root.shop.shop;
    if (!shop) return failed();
    if (this.bootedShop !== shop.id) {
      const zone = shopZone(shop);
      const early = run.launchShop === shop.id ? run.early : null;
      // taken once: a retry after a failed menu load asks again
      run.early = null;
      const menuLoaded = (async () => {
        if (early) {
          await early;
          root.menu.setZone(zone);
        } else {
          await root.menu.load(shop.id, { zone });
        }
      })();
      // the shop's activities load alongside the menu and the screen waits for both: their tags sit above
      // the list, and tags arriving after the first products would push the list down under the
      // customer's eyes (a layout shift). The member card fills in member prices once the first
      // products are in (rows keep their height), so its call does not share the first render (MENU-8).
      // A slow activity call holds the list back no longer than PROMOTIONS_WAIT_MS.
      const promotions = this.loadPromotions(shop.id);
      const extras = () => this.loadExtras(shop.id);
      void menuLoaded.then(extras, extras);
      await Promise.all([menuLoaded, within(promotions, PROMOTIONS_WAIT_MS)]);
      if (gen !== this.generation) return failed();
      root.cart.open(shop.id);
      this.bootedShop = shop.id;
    }
    return { ok: true };
  }

  /** The ordering level's run, shared by every caller until it fails or `reset`. */
  private orderingLevel(): Promise<BootResult> {
    if (!this.orderingRun) {
      const run: Promise<BootResult> = this.runOrdering()
        .catch(failed)
        .then((res) => {
          if (!res.ok && this.orderingRun === run) this.orderingRun = null;
          return res;
        });
      this.orderingRun = run;
    }
    return this.orderingRun;
  }
}
