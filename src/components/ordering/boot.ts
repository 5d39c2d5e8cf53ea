/**
 * Loading what the pages stand on (APP-6, USER-1), at two levels that share their work:
 * - the shop level: a token (host login or the H5 visitor entry, through the auth store), the shop
 *   with its pay and member settings, then the member card and the promotions in the background —
 *   what the entry, the home tab, the login and the shop pages need;
 * - the ordering level: the shop level, the ordering stores (`root.ready()`, a chunk of its own on
 *   H5, started at once alongside the login and the shop), the menu and the shop's stored cart.
 * Every page calls one of them, so a deep link or a reload of any page works; concurrent callers
 * share one load, and `resetBoot` starts both again.
 */
import { useEffect, useState } from 'react';
import type { RootStore } from '@/stores/root';
import { ErrorCode } from '@/domain/errors';
import { useStores } from '@/stores';

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

let shopRun: ShopRun | null = null;
let orderingRun: Promise<BootResult> | null = null;
/** The shop whose menu and cart the ordering level has loaded. */
let bootedShop: number | null = null;
/** A load asked for once per shop (again after `resetBoot`): the shop it was asked for, and the load. */
interface PerShop {
  shop: number | null;
  load: Promise<void>;
}
const promotionsOf: PerShop = { shop: null, load: Promise.resolve() };
const memberOf: PerShop = { shop: null, load: Promise.resolve() };

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
/** Bumped by resetBoot: a boot of an earlier generation (the shop before a switch) stops short. */
let generation = 0;

const failed = (): BootResult => ({ ok: false, code: ErrorCode.getShopDataFailed });

/** How long the menu waits for the shop's activities before it shows without their tags. */
export const PROMOTIONS_WAIT_MS = 1_500;
/** How long a page showing member prices waits for the member card before it shows without it. */
export const MEMBER_WAIT_MS = 1_500;

/** `work`, or nothing once `ms` have passed, whichever comes first. */
function within(work: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function runShop(root: RootStore, run: ShopRun): Promise<BootResult> {
  const gen = generation;
  root.start();
  const login = await root.auth.ensureLogin();
  if (!login.ok) return { ok: false, code: login.code };
  const launchShop = root.session.id && /^\d+$/.test(root.session.id) ? Number(root.session.id) : null;
  run.launchShop = launchShop;
  const needShop = !root.shop.detail || (launchShop !== null && root.shop.shopId !== launchShop);
  // the menu of the launch shop loads alongside the shop itself: the first product shows sooner (MENU-8)
  if (run.menuEarly && needShop && launchShop !== null && bootedShop !== launchShop) {
    run.early = root.ready().then(() => root.menu.load(launchShop));
    // and the shop's activities with it: the list shows once both are in (see runOrdering)
    void loadPromotions(root, launchShop);
  }
  if (needShop) {
    const loaded = await root.shop.load();
    if (!loaded) {
      await run.early?.catch(() => undefined);
      return { ok: false, code: root.shop.error ?? ErrorCode.getShopDataFailed };
    }
  }
  if (gen !== generation) return failed();
  return root.shop.shop ? { ok: true } : failed();
}

/** The shop level's run, shared by every caller until it fails or `resetBoot`. */
function shopLevel(root: RootStore, menuEarly: boolean): ShopRun {
  if (shopRun) {
    // a caller joining before the login ends still gets the menu alongside the shop
    if (menuEarly) shopRun.menuEarly = true;
    return shopRun;
  }
  const run: ShopRun = { result: Promise.resolve(failed()), menuEarly, early: null, launchShop: null, done: false };
  run.result = runShop(root, run)
    .catch(failed)
    .then((res) => {
      // a failed boot may be tried again; only this boot's own slot is freed
      if (!res.ok && shopRun === run) shopRun = null;
      run.done = res.ok;
      return res;
    });
  shopRun = run;
  return run;
}

/**
 * The member card and the promotions (member prices, activity tags, the home's card figures and
 * coupon count) once per shop. A visitor has no card and no coupons, so they may fail without
 * failing the boot.
 */
function loadExtras(root: RootStore, shopId: number): void {
  void loadMember(root, shopId);
  void loadPromotions(root, shopId);
}

/** The member card (and the facts pricing reads with it), asked for once per shop; never rejects. */
function loadMember(root: RootStore, shopId: number): Promise<void> {
  return oncePerShop(memberOf, shopId, () => root.member.load());
}

/** The member card of the boot's shop, started as soon as the shop is known, waited for at most MEMBER_WAIT_MS. */
async function runMember(root: RootStore): Promise<void> {
  const res = await shopLevel(root, true).result;
  const shop = root.shop.shop;
  if (res.ok && shop) await within(loadMember(root, shop.id), MEMBER_WAIT_MS);
}

/** The shop's activities and coupons, asked for once per shop; settles (never rejects) when they are in. */
function loadPromotions(root: RootStore, shopId: number): Promise<void> {
  return oncePerShop(promotionsOf, shopId, () => root.promotion.load());
}

async function runShopLevel(root: RootStore): Promise<BootResult> {
  const res = await shopLevel(root, false).result;
  const shop = root.shop.shop;
  if (res.ok && shop) loadExtras(root, shop.id);
  return res;
}

async function runOrdering(root: RootStore): Promise<BootResult> {
  const gen = generation;
  // the ordering stores load alongside the login and the shop, not after them
  const storesReady = root.ready();
  storesReady.catch(() => undefined);
  const run = shopLevel(root, true);
  const res = await run.result;
  if (!res.ok) return res;
  await storesReady;
  if (gen !== generation) return failed();
  const shop = root.shop.shop;
  if (!shop) return failed();
  if (bootedShop !== shop.id) {
    const offset = shop.utcOffsetMinutes;
    const early = run.launchShop === shop.id ? run.early : null;
    // taken once: a retry after a failed menu load asks again
    run.early = null;
    const menuLoaded = (async () => {
      if (early) await early;
      if (!early || (offset !== undefined && offset !== root.menu.utcOffsetMinutes)) {
        await root.menu.load(shop.id, { utcOffsetMinutes: offset });
      }
    })();
    // the shop's activities load alongside the menu and the screen waits for both: their tags sit above
    // the list, and tags arriving after the first products would push the list down under the
    // customer's eyes (a layout shift). The member card fills in member prices once the first
    // products are in (rows keep their height), so its call does not share the first render (MENU-8).
    // A slow activity call holds the list back no longer than PROMOTIONS_WAIT_MS.
    const promotions = loadPromotions(root, shop.id);
    const extras = () => loadExtras(root, shop.id);
    void menuLoaded.then(extras, extras);
    await Promise.all([menuLoaded, within(promotions, PROMOTIONS_WAIT_MS)]);
    if (gen !== generation) return failed();
    root.cart.open(shop.id);
    bootedShop = shop.id;
  }
  return { ok: true };
}

/** The ordering level's run, shared by every caller until it fails or `resetBoot`. */
function orderingLevel(root: RootStore): Promise<BootResult> {
  if (!orderingRun) {
    const run: Promise<BootResult> = runOrdering(root)
      .catch(failed)
      .then((res) => {
        if (!res.ok && orderingRun === run) orderingRun = null;
        return res;
      });
    orderingRun = run;
  }
  return orderingRun;
}

/**
 * Loads token, shop, member and promotions, and (unless `ordering: false`) the ordering stores, the
 * menu and the cart, once (again after `resetBoot`).
 */
export function bootShop(root: RootStore, options: BootOptions = {}): Promise<BootResult> {
  if (options.ordering === false) return runShopLevel(root);
  if (!options.member) return orderingLevel(root);
  return Promise.all([orderingLevel(root), runMember(root)]).then(([res]) => res);
}

/** Forgets the boot (a shop switch or a new login loads everything again). */
export function resetBoot(): void {
  generation += 1;
  shopRun = null;
  orderingRun = null;
  bootedShop = null;
  promotionsOf.shop = null;
  memberOf.shop = null;
}

/**
 * Back at the entry after a 401 (C§8): the boot that finished belonged to the refused identity, so it
 * starts again (a boot still logging in is left alone).
 */
export function resetStaleBoot(root: RootStore): void {
  if (shopRun?.done && !root.session.refreshToken()) resetBoot();
}

/** Launch routes whose page needs the shop level, and those that open the menu (H5 hash paths). */
const SHOP_ENTRY_ROUTES: readonly string[] = ['', 'pages/index/index', 'pages/user/index-tab'];
const ORDERING_ENTRY_ROUTES: readonly string[] = ['pages/user/index-tab-1', 'pages/product/index'];

/**
 * Starts the boot the launch page will ask for as soon as the app's code has run, while the page's
 * own chunks still load (MENU-8: the login, the shop and, for the menu pages, the ordering chunk and
 * the menu are then under way before the page's first render). Other launch routes boot from their
 * page as before. `hash` is the H5 location hash, e.g. `#/pages/user/index-tab-1?id=3`.
 */
export function bootForLaunchRoute(root: RootStore, hash: string): Promise<BootResult> | null {
  const route = hash.replace(/^#\/?/, '').split('?')[0].replace(/\/$/, '');
  if (ORDERING_ENTRY_ROUTES.includes(route)) return bootShop(root);
  if (SHOP_ENTRY_ROUTES.includes(route)) return bootShop(root, { ordering: false });
  return null;
}

/**
 * The boot state of a page: null while loading, then its result. The ordering level unless
 * `{ ordering: false }`: a page reading the menu, cart or order renders them only once it is ok.
 */
export function useShopBoot(options: BootOptions = {}): BootResult | null {
  const root = useStores();
  const ordering = options.ordering !== false;
  const member = options.member === true;
  const [state, setState] = useState<BootResult | null>(null);
  useEffect(() => {
    let alive = true;
    void bootShop(root, { ordering, member }).then((res) => {
      if (alive) setState(res);
    });
    return () => {
      alive = false;
    };
  }, [root, ordering, member]);
  return state;
}
