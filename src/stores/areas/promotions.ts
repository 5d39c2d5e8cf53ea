/**
 * The promotion screens' store (PROMO-1, 3, 4; P§3, P§7): the coupon list in its three scopes, a coupon
 * and its conditions, coupons received from a link or on entry, the shared (expand) red bag, the times
 * red bag and the promotion-code search. Rules come from the domain (coupons/conditions.ts,
 * promotions/running.ts); what the order prices with stays in the root's PromotionStore, which this
 * store refreshes after every coupon received.
 */
import { computed, makeObservable, observable } from 'mobx';
import type { Api } from '../../api';
import { ruleOf, settle } from '../../api/request';
import type { ActivityDetailRes } from '../../api/contract/activity';
import { CouponListScope } from '../../domain/enums';
import { ErrorCode, ruleError, type RuleError } from '../../domain/errors';
import { couponListState } from '../../domain/coupons/conditions';
import { expandBagSize, timesRedBagProgress, timesRedBagRewardDue } from '../../domain/promotions/running';
import type { Activity, Coupon, TimesRedBagInfo } from '../../domain/types';
import type { KeyValueStorage } from '../../platform/types';
import { change } from '../named-action';
import type { RootStore } from '../root';
import { markExpandViewed } from './expand-viewed';
import { shopZone, type ShopZone } from '@/domain/shop-time';

export type CouponScope = (typeof CouponListScope)[keyof typeof CouponListScope];

/** The tabs of the coupon list, in screen order: usable here first (P§3 coupon list scope). */
export const COUPON_TABS: ReadonlyArray<{ scope: CouponScope; key: 'now' | 'all' | 'chainShops' }> = [
  { scope: CouponListScope.now, key: 'now' },
  { scope: CouponListScope.all, key: 'all' },
  { scope: CouponListScope.chainShops, key: 'chainShops' },
];

/** What the store needs from the checkout to put a coupon on the order (CheckoutStore.chooseCoupon, P§5). */
export interface CouponChooser {
  couponChoice: number | null | 'auto';
  chooseCoupon(couponId: number | null): RuleError | null;
}

export interface PromotionsAreaDeps {
  api: Pick<Api, 'activity'>;
  storage: KeyValueStorage;
  now: () => number;
  member: { readonly isMember: boolean; load(): Promise<void> };
  promotion: {
    load(): Promise<void>;
    applyPromotionCode(code: string): Promise<RuleError | null>;
    clearPromotionCode(): void;
    readonly promotionCode: string | null;
    readonly promotionCodeActivity: Activity | null;
  };
  /** The shop in use: its id and time zone (minutes east of UTC, default 480). */
  shop: { readonly shopId: number | null; readonly zone: ShopZone };
  /** The checkout, once the ordering stores are there (a coupon chosen here is the one the order uses). */
  checkout: () => Promise<CouponChooser>;
}

/** A shared red bag as its page shows it (PROMO-3). */
export interface ExpandState {
  activityId: number;
  /** The coupon the bag came from (`from`); null on the sharer's own page before receiving. */
  fromCouponId: number | null;
  detail: ActivityDetailRes | null;
  /** The coupon the caller received from this bag (a friend) or as the sharer. */
  coupon: Coupon | null;
  error: ErrorCode | null;
}

const emptyLists = (): Record<CouponScope, Coupon[] | null> => ({ 0: null, 1: null, 2: null });

/** Usable coupons first, then by the end of their validity, then id (stable for equal ends). */
function byUsefulness(now: number, offset: ShopZone) {
  const rank = (c: Coupon) => (couponListState(c, now, offset) === 'usable' ? 0 : 1);
  const end = (c: Coupon) => (typeof c.endDate === 'number' ? c.endDate : Number.MAX_SAFE_INTEGER);
  return (a: Coupon, b: Coupon) => rank(a) - rank(b) || end(a) - end(b) || a.id - b.id;
}

export class PromotionsAreaStore {
  scope: CouponScope = CouponListScope.now;
  lists: Record<CouponScope, Coupon[] | null> = emptyLists();
  loading: Record<CouponScope, boolean> = { 0: false, 1: false, 2: false };
  listError: ErrorCode | null = null;
  /** The coupon received from the last coupon link (PROMO-1). */
  linkCoupon: Coupon | null = null;
  /** Coupons handed over on entering the shop (couponSend, P§3 14) during this visit. */
  entryCoupons: Coupon[] = [];
  expand: ExpandState | null = null;
  timesRedBag: { info: TimesRedBagInfo; activity: Activity } | null = null;
  timesLoaded = false;
  /** Coupons the last times-red-bag check handed over. */
  timesReward: Coupon[] | null = null;
  /** The code searched and the activity it unlocks (PROMO-4); null before a search or when none. */
  codeSearched: string | null = null;
  codeActivity: Activity | null = null;
  /** The action in progress (a double tap does nothing twice, docs/architecture.md §22 Screens). */
  busy: string | null = null;

  constructor(private readonly deps: PromotionsAreaDeps) {
    makeObservable(this, {
      scope: observable,
      lists: observable.ref,
      loading: observable.ref,
      listError: observable,
      linkCoupon: observable.ref,
      entryCoupons: observable.ref,
      expand: observable.ref,
      timesRedBag: observable.ref,
      timesLoaded: observable,
      timesReward: observable.ref,
      codeSearched: observable,
      codeActivity: observable.ref,
      busy: observable,
      coupons: computed,
      expandIsMine: computed,
      expandProgress: computed,
      timesProgress: computed,
    });
  }

  /** The coupons of the chosen tab, usable first (null while not loaded). */
  get coupons(): Coupon[] | null {
    const list = this.lists[this.scope];
    return list ? [...list].sort(byUsefulness(this.deps.now(), this.deps.shop.zone)) : null;
  }

  /** A coupon by id among the loaded lists and the order's coupons. */
  couponById(id: number): Coupon | undefined {
    for (const list of Object.values(this.lists)) {
      const hit = list?.find((c) => c.id === id);
      if (hit) return hit;
    }
    return undefined;
  }

  /**
   * A coupon that is valid but not for this shop (P§3 applicable shops): every coupon of the chain-shops
   * tab, and on the "all" tab those missing from the usable-here list.
   */
  isElsewhere(c: Coupon): boolean {
    if (this.scope === CouponListScope.chainShops) return true;
    const here = this.lists[CouponListScope.now];
    return this.scope === CouponListScope.all && here !== null && !here.some((x) => x.id === c.id);
  }

  /** Runs `fn` as the named busy action unless another one runs (then answers null). */
  private async exclusive<T>(name: string, fn: () => Promise<T>): Promise<T | null> {
    if (this.busy !== null) return null;
    change('promo/busy', () => {
      this.busy = name;
    });
    try {
      return await fn();
    } finally {
      change('promo/idle', () => {
        this.busy = null;
      });
    }
  }

  // --- coupon list (PROMO-1) -------------------------------------------------------------------

  setScope(scope: CouponScope): void {
    change('promo/setScope', () => {
      this.scope = scope;
    });
  }

  /**
   * activity/couponList {isAll: scope}. A visitor has no card to hold coupons: nothing is asked and
   * the list answers `pleaseRegisterFirst`, which the page turns into the register offer.
   */
  async loadCoupons(scope: CouponScope = this.scope): Promise<void> {
    if (!this.deps.member.isMember) {
      change('promo/listVisitor', () => {
        this.listError = ErrorCode.pleaseRegisterFirst;
        this.lists = { ...this.lists, [scope]: [] };
      });
      return;
    }
    change('promo/listLoading', () => {
      this.loading = { ...this.loading, [scope]: true };
    });
    const res = await settle(this.deps.api.activity.couponList({ isAll: scope }, { silent: true }));
    change('promo/listLoaded', () => {
      this.loading = { ...this.loading, [scope]: false };
      if (res.ok) {
        this.lists = { ...this.lists, [scope]: res.data.list };
        this.listError = null;
      } else {
        this.listError = res.error.code;
        if (this.lists[scope] === null) this.lists = { ...this.lists, [scope]: [] };
      }
    });
  }

  /** After a coupon arrives: the order's coupons (root) and every list loaded so far. */
  private async refreshCoupons(): Promise<void> {
    const loaded = (Object.keys(this.lists) as unknown as CouponScope[])
      .map((s) => Number(s) as CouponScope)
      .filter((s) => this.lists[s] !== null);
    await Promise.all([this.deps.promotion.load().catch(() => undefined), ...loaded.map((s) => this.loadCoupons(s))]);
  }

  /** activity/getCouponByLink {id}: the coupon of a shared coupon activity, once per member. */
  async receiveByLink(activityId: number): Promise<Coupon | RuleError | null> {
    return this.exclusive('link', async () => {
      const res = await settle(this.deps.api.activity.getCouponByLink({ id: activityId }));
      if (!res.ok) return ruleOf(res.error);
      change('promo/linkCoupon', () => {
        this.linkCoupon = res.data.coupon;
      });
      await this.refreshCoupons();
      return res.data.coupon;
    });
  }

  /**
   * activity/getCouponByEntry: the couponSend coupons of the shop, handed to a member once each. A
   * visitor gets none and is not asked; a failure stays silent (nothing to do about it on entry).
   */
  async receiveByEntry(): Promise<Coupon[]> {
    if (!this.deps.member.isMember) return [];
    const res = await settle(this.deps.api.activity.getCouponByEntry(undefined, { silent: true }));
    const list = res.ok ? res.data.list : [];
    if (list.length > 0) {
      change('promo/entryCoupons', () => {
        this.entryCoupons = [...this.entryCoupons, ...list];
      });
      await this.refreshCoupons();
    }
    return list;
  }

  /**
   * Puts the coupon on the order (P§5: one coupon at a time — a coupon chosen before is taken off
   * first, since the customer asked for this one).
   */
  async useCoupon(couponId: number): Promise<RuleError | null> {
    const checkout = await this.deps.checkout();
    if (typeof checkout.couponChoice === 'number' && checkout.couponChoice !== couponId) checkout.chooseCoupon(null);
    return checkout.chooseCoupon(couponId);
  }

  // --- shared (expand) red bag (PROMO-3) -------------------------------------------------------

  /**
   * activity/detail {id, fromRedBagID}: the activity, the caller's coupons from it and, with a bag,
   * its receivers and what is left. Opening the page counts as viewing the bag (C§2 entry routing).
   */
  async openExpand(activityId: number, fromCouponId: number | null): Promise<void> {
    markExpandViewed(this.deps.storage, activityId, fromCouponId);
    change('promo/expandOpen', () => {
      const same = this.expand && this.expand.activityId === activityId && this.expand.fromCouponId === fromCouponId;
      this.expand = same && this.expand ? this.expand : { activityId, fromCouponId, detail: null, coupon: null, error: null };
    });
    await this.loadExpandDetail();
    // the sharer's own page: once they hold their coupon, the page follows the bag it opens
    const e = this.expand as ExpandState | null;
    if (e && e.fromCouponId === null && e.coupon) {
      change('promo/expandOwnBag', () => {
        this.expand = { ...e, fromCouponId: e.coupon!.id };
      });
      await this.loadExpandDetail();
    }
  }

  private async loadExpandDetail(): Promise<void> {
    const e = this.expand;
    if (!e) return;
    const body = e.fromCouponId !== null ? { id: e.activityId, fromRedBagID: e.fromCouponId } : { id: e.activityId };
    const res = await settle(this.deps.api.activity.detail(body));
    change('promo/expandDetail', () => {
      if (!this.expand || this.expand.activityId !== e.activityId) return;
      const received = res.ok ? this.ownBagCoupon(res.data) : null;
      this.expand = {
        ...this.expand,
        detail: res.ok ? res.data : this.expand.detail,
        coupon: this.expand.coupon ?? received,
        error: res.ok ? null : res.error.code,
      };
    });
  }

  /**
   * The coupon the caller already holds from this page's bag: the sharer's own coupon (the bag).
   * A friend's coupon from the bag cannot be told apart from their other coupons of the activity, so
   * it shows once they open the bag (a second opening answers the same coupon, P§7).
   */
  private ownBagCoupon(detail: ActivityDetailRes): Coupon | null {
    const e = this.expand;
    if (!e) return null;
    if (e.fromCouponId !== null) return detail.received.find((c) => c.id === e.fromCouponId) ?? null;
    return detail.received[0] ?? null;
  }

  /**
   * activity/receiveExpandCoupon: without a bag the member's own coupon (the bag they share), from a
   * friend's bag one of its coupons. The call shows no toast (P§7): the page shows `error`.
   */
  async receiveExpand(): Promise<Coupon | null> {
    const e = this.expand;
    if (!e) return null;
    return this.exclusive('expand', async () => {
      const body = e.fromCouponId !== null ? { id: e.activityId, fromRedBagID: e.fromCouponId } : { id: e.activityId };
      const res = await settle(this.deps.api.activity.receiveExpandCoupon(body));
      if (!res.ok) {
        change('promo/expandFailed', () => {
          if (this.expand) this.expand = { ...this.expand, error: res.error.code };
        });
        return null;
      }
      const coupon = res.data.coupon;
      change('promo/expandReceived', () => {
        if (!this.expand) return;
        // the sharer's own coupon is the bag they share: the page now follows that bag
        const own = this.expand.fromCouponId === null;
        this.expand = { ...this.expand, coupon, error: null, fromCouponId: own ? coupon.id : this.expand.fromCouponId };
      });
      // the sharer's page now shows their bag: opening their own link later is a bag already viewed
      if (this.expand && this.expand.fromCouponId !== null) markExpandViewed(this.deps.storage, e.activityId, this.expand.fromCouponId);
      await Promise.all([this.loadExpandDetail(), this.refreshCoupons()]);
      return coupon;
    });
  }

  /** Whether the caller shares this bag (their own coupon is the bag). */
  get expandIsMine(): boolean {
    const e = this.expand;
    return !!e && e.coupon !== null && e.fromCouponId !== null && e.coupon.id === e.fromCouponId;
  }

  /** How far the shared bag has gone: its size, coupons taken, left, and who took them. */
  get expandProgress(): { size: number; taken: number; remaining: number; receivers: number; expired: boolean } | null {
    const d = this.expand?.detail;
    if (!d) return null;
    const size = expandBagSize(d.activity);
    const bag = d.redBag;
    const remaining = bag ? Math.min(bag.remaining, size) : size;
    return { size, taken: size - remaining, remaining, receivers: bag?.receivers.length ?? 0, expired: bag?.expired ?? false };
  }

  /**
   * The path a friend opens (C§2): the entry page with the shop and the shared red bag as entry
   * targets, so the link also works on a phone that has never opened the app.
   */
  expandSharePath(): string | null {
    const e = this.expand;
    const shopId = this.deps.shop.shopId;
    if (!e || !e.coupon || shopId === null || !this.expandIsMine) return null;
    return `/pages/index/index?id=${shopId}&expandActivityId=${e.activityId}&expandCouponId=${e.coupon.id}`;
  }

  // --- times red bag (PROMO-3) -----------------------------------------------------------------

  /** activity/getTimesRedBag: the running times red bag and the member's count, or none. */
  async loadTimesRedBag(): Promise<void> {
    const res = await settle(this.deps.api.activity.getTimesRedBag(undefined, { silent: true }));
    change('promo/timesLoaded', () => {
      this.timesRedBag = res.ok ? res.data : null;
      this.timesLoaded = true;
    });
  }

  get timesProgress(): { done: number; limit: number; missing: number; due: boolean } | null {
    const info = this.timesRedBag?.info;
    return info ? { ...timesRedBagProgress(info), due: timesRedBagRewardDue(info) } : null;
  }

  /** activity/checkTimesRedBag {id}: a complete round hands over the coupons and the count restarts. */
  async checkTimesRedBag(): Promise<Coupon[] | null> {
    const bag = this.timesRedBag;
    if (!bag) return null;
    return this.exclusive('times', async () => {
      const res = await settle(this.deps.api.activity.checkTimesRedBag({ id: bag.info.id }));
      if (!res.ok) return null;
      change('promo/timesChecked', () => {
        if (this.timesRedBag) this.timesRedBag = { ...this.timesRedBag, info: res.data.info };
        this.timesReward = res.data.coupons;
      });
      // the member's count is a pricing fact too (the order that completes a round shows the gift)
      if (res.data.coupons.length > 0) await Promise.all([this.refreshCoupons(), this.deps.member.load().catch(() => undefined)]);
      return res.data.coupons;
    });
  }

  // --- promotion code (PROMO-4) ----------------------------------------------------------------

  /** activity/getActivityByCode {code}: shows what the code unlocks; "Coupon activity not exist" when nothing. */
  async searchCode(code: string): Promise<RuleError | null> {
    const trimmed = code.trim();
    if (trimmed === '') return ruleError(ErrorCode.couponActivityNotExist);
    const out = await this.exclusive('code', async () => {
      const res = await settle(this.deps.api.activity.getActivityByCode({ code: trimmed }));
      change('promo/codeSearched', () => {
        this.codeSearched = trimmed;
        this.codeActivity = res.ok ? res.data.activity : null;
      });
      if (!res.ok) return ruleOf(res.error);
      return res.data.activity ? null : ruleError(ErrorCode.couponActivityNotExist);
    });
    return out;
  }

  /** Applies the searched code to the order (the root's PromotionStore prices with it). */
  async applyCode(): Promise<RuleError | null> {
    const code = this.codeSearched;
    if (!code || !this.codeActivity) return ruleError(ErrorCode.couponActivityNotExist);
    const out = await this.exclusive('apply', () => this.deps.promotion.applyPromotionCode(code));
    return out ?? null;
  }

  /** Takes the code off the order. */
  removeCode(): void {
    this.deps.promotion.clearPromotionCode();
    change('promo/codeRemoved', () => {
      this.codeSearched = null;
      this.codeActivity = null;
    });
  }
}

/** The promotion screens' store of `root`, built from its I/O and session-level stores (first use only). */
export function promotionsArea(root: RootStore): PromotionsAreaStore {
  return root.area(
    'promotions',
    (r) =>
      new PromotionsAreaStore({
        api: r.api,
        storage: r.storage,
        now: r.now,
        member: r.member,
        promotion: r.promotion,
        shop: {
          get shopId() {
            return r.shop.shopId;
          },
          get zone() {
            return shopZone(r.shop.shop);
          },
        },
        // the ordering level opens the shop's cart, so a coupon chosen here stays chosen
        checkout: async () => {
          const res = await r.boot.load();
          if (!res.ok) throw new Error(String(res.code));
          return r.checkout;
        },
      }),
  );
}
