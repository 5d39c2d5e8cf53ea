/**
 * Loading what the ordering screens stand on (APP-6, USER-1): a token (host login or the H5 visitor
 * entry, through the auth store), the shop with its pay and member settings, the member card, the
 * promotions, the menu and the shop's stored cart. Every ordering page calls it, so a deep link or
 * a reload of any page works; concurrent callers share one load.
 */
import { useEffect, useState } from 'react';
import type { RootStore } from '@/stores/root';
import { ErrorCode } from '@/domain/errors';
import { useStores } from '@/stores';

export type BootResult = { ok: true } | { ok: false; code: ErrorCode | string };

let inFlight: Promise<BootResult> | null = null;
let bootedShop: number | null = null;
/** Bumped by resetBoot: a boot of an earlier generation (the shop before a switch) stops short. */
let generation = 0;

async function runBoot(root: RootStore): Promise<BootResult> {
  const gen = generation;
  const stale = (): BootResult => ({ ok: false, code: ErrorCode.getShopDataFailed });
  root.start();
  const login = await root.auth.ensureLogin();
  if (!login.ok) return { ok: false, code: login.code };
  const launchShop = root.session.id && /^\d+$/.test(root.session.id) ? Number(root.session.id) : null;
  const needShop = !root.shop.detail || (launchShop !== null && root.shop.shopId !== launchShop);
  // the menu of the launch shop loads alongside the shop itself: the first product shows sooner (MENU-8)
  const early = needShop && launchShop !== null && bootedShop !== launchShop ? root.menu.load(launchShop) : null;
  if (needShop) {
    const loaded = await root.shop.load();
    if (!loaded) {
      await early?.catch(() => undefined);
      return { ok: false, code: root.shop.error ?? ErrorCode.getShopDataFailed };
    }
  }
  if (gen !== generation) return stale();
  const shop = root.shop.shop;
  if (!shop) return { ok: false, code: ErrorCode.getShopDataFailed };
  if (bootedShop !== shop.id) {
    const offset = shop.utcOffsetMinutes;
    const menuLoaded = (async () => {
      if (early && launchShop === shop.id) await early;
      if (!early || launchShop !== shop.id || (offset !== undefined && offset !== root.menu.utcOffsetMinutes)) {
        await root.menu.load(shop.id, { utcOffsetMinutes: offset });
      }
    })();
    // the card and the promotions fill in member prices and activity tags once the first products are
    // in: their calls no longer share the main thread with the menu's first render (MENU-8). A visitor
    // has no card and no coupons, so they may fail without failing the boot.
    const extras = () => {
      void root.member.load().catch(() => undefined);
      void root.promotion.load().catch(() => undefined);
    };
    void menuLoaded.then(extras, extras);
    await menuLoaded;
    if (gen !== generation) return stale();
    root.cart.open(shop.id);
    bootedShop = shop.id;
  }
  return { ok: true };
}

/** Loads token, shop, member, promotions, menu and cart once (again after `resetBoot`). */
export function bootShop(root: RootStore): Promise<BootResult> {
  if (!inFlight) {
    const run: Promise<BootResult> = runBoot(root)
      .catch((): BootResult => ({ ok: false, code: ErrorCode.getShopDataFailed }))
      .then((res) => {
        // a failed boot may be tried again; only this boot's own slot is freed
        if (!res.ok && inFlight === run) inFlight = null;
        return res;
      });
    inFlight = run;
  }
  return inFlight;
}

/** Forgets the boot (a shop switch or a new login loads everything again). */
export function resetBoot(): void {
  generation += 1;
  inFlight = null;
  bootedShop = null;
}

/** The boot state of a page: null while loading, then its result. */
export function useShopBoot(): BootResult | null {
  const root = useStores();
  const [state, setState] = useState<BootResult | null>(null);
  useEffect(() => {
    let alive = true;
    void bootShop(root).then((res) => {
      if (alive) setState(res);
    });
    return () => {
      alive = false;
    };
  }, [root]);
  return state;
}
