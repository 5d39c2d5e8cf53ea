/**
 * The points mall (MEMBER-7): the items offered for points (activity/getPointExchangeStoreProducts),
 * an item's detail with its coupon conditions (activity/pointStoreCouponDetail) and the exchange
 * (activity/pointExchangeProduct). Points are checked by the domain before a call; after an exchange
 * the member card (points) and the member's coupons are fetched again, so every screen agrees.
 * Built by the member subpackage's pages through `pointsMallArea(root)`.
 */
import { computed, makeObservable, observable } from 'mobx';
import type { Api } from '../../api';
import { newIdempotencyKey, ruleOf, settle } from '../../api/request';
import type { Activity } from '../../domain/types';
import type { PointExchangeRes, PointStoreItem } from '../../api/contract/activity';
import type { MemberInfoWire } from '../../api/contract/vip';
import { CouponListScope } from '../../domain/enums';
import { ErrorCode, ruleError, type RuleError } from '../../domain/errors';
import { checkPointExchange, pointsShort } from '../../domain/points-mall';
import type { Coupon } from '../../domain/types';
import { change } from '../named-action';
import type { RootStore } from '../root';

/** What the mall needs of the member store. */
export interface MallMember {
  readonly vipInfo: MemberInfoWire | null;
  load(): Promise<void>;
  setVipInfo(vipInfo: MemberInfoWire | null): void;
}

export interface PointsMallDeps {
  api: Pick<Api, 'activity'>;
  member: MallMember;
  /** Where the member's usable coupons live (pricing and the coupon picker read them). */
  promotion: { setCoupons(coupons: Coupon[]): void };
  /** The customer's open id (P§7 sends it with the detail and the exchange). */
  openid: () => string;
  /** A fresh Idempotency-Key: a retried exchange is answered once by the server. */
  newKey: () => string;
}

/** An item's detail: the item, its activity (coupon conditions) and the points the server counted. */
export interface MallDetail {
  item: PointStoreItem;
  activity: Activity;
  memberPoints: number;
}

/** The last exchange, for the success screen. */
export interface MallExchange {
  item: PointStoreItem;
  result: PointExchangeRes;
}

export class PointsMallStore {
  items: PointStoreItem[] = [];
  loaded = false;
  loading = false;
  /** Why the list could not be loaded (function closed, network…), or null. */
  loadError: ErrorCode | null = null;
  detail: MallDetail | null = null;
  detailLoading = false;
  /** The item being exchanged (one at a time: a double tap makes one call). */
  exchanging: number | null = null;
  lastExchange: MallExchange | null = null;

  constructor(private readonly deps: PointsMallDeps) {
    makeObservable(this, {
      items: observable.ref,
      loaded: observable,
      loading: observable,
      loadError: observable,
      detail: observable.ref,
      detailLoading: observable,
      exchanging: observable,
      lastExchange: observable.ref,
      points: computed,
      isMember: computed,
    });
  }

  get isMember(): boolean {
    return this.deps.member.vipInfo !== null;
  }

  /** The member's points now (0 for a visitor). */
  get points(): number {
    const p = this.deps.member.vipInfo?.points ?? 0;
    return Math.max(0, Math.trunc(p));
  }

  item(activityId: number): PointStoreItem | undefined {
    if (this.detail?.item.activityId === activityId) return this.detail.item;
    return this.items.find((i) => i.activityId === activityId);
  }

  /** Why the item cannot be exchanged now (register first, sold out, points short by `count`), or null. */
  blockOf(item: PointStoreItem): RuleError | null {
    return checkPointExchange({ isMember: this.isMember, points: this.points, price: item.points, stock: item.stock });
  }

  /** Points still missing for the item. */
  shortOf(item: PointStoreItem): number {
    return pointsShort(this.points, item.points);
  }

  /** activity/getPointExchangeStoreProducts, with the member card fetched alongside (the points on top). */
  async load(): Promise<void> {
    change('pointsMall/loading', () => {
      this.loading = true;
    });
    const [res] = await Promise.all([
      settle(this.deps.api.activity.getPointExchangeStoreProducts(undefined, { silent: true })),
      this.deps.member.load().catch(() => undefined),
    ]);
    change('pointsMall/load', () => {
      this.loading = false;
      if (res.ok) {
        this.items = res.data.list;
        this.loadError = null;
        this.loaded = true;
      } else {
        this.loadError = res.error.code;
      }
    });
  }

  /** activity/pointStoreCouponDetail {couponActivityId, openid}. */
  async loadDetail(activityId: number): Promise<RuleError | null> {
    change('pointsMall/detailLoading', () => {
      this.detailLoading = true;
      if (this.detail?.item.activityId !== activityId) this.detail = null;
    });
    const res = await settle(
      this.deps.api.activity.pointStoreCouponDetail({ couponActivityId: activityId, openid: this.openid() }, { silent: true }),
    );
    change('pointsMall/detail', () => {
      this.detailLoading = false;
      if (res.ok) this.detail = res.data;
    });
    return res.ok ? null : ruleOf(res.error);
  }

  /**
   * activity/pointExchangeProduct {openid, activityId, memberId}. Refused without a call when the
   * domain says so (points short, sold out, not a member); only one exchange runs at a time. After it
   * the card and the coupons are fetched again (the answer's points show at once).
   */
  async exchange(activityId: number): Promise<RuleError | null> {
    if (this.exchanging !== null) return ruleError(ErrorCode.requestInProgress);
    const item = this.item(activityId);
    const vip = this.deps.member.vipInfo;
    if (!item) return ruleError(ErrorCode.couponActivityNotExist);
    const blocked = this.blockOf(item);
    if (blocked || !vip) return blocked ?? ruleError(ErrorCode.pleaseRegisterFirst);
    change('pointsMall/exchanging', () => {
      this.exchanging = activityId;
    });
    try {
      const res = await settle(
        this.deps.api.activity.pointExchangeProduct(
          { openid: this.openid(), activityId, memberId: vip.id },
          { silent: true, idempotencyKey: this.deps.newKey() },
        ),
      );
      if (!res.ok) {
        // the server's points may differ from what the app showed: fetch them again
        await this.deps.member.load().catch(() => undefined);
        return ruleOf(res.error);
      }
      const result = res.data;
      const card = this.deps.member.vipInfo;
      if (card) this.deps.member.setVipInfo({ ...card, points: result.points });
      change('pointsMall/exchanged', () => {
        this.lastExchange = { item, result };
        this.items = this.items.map((i) => (i.activityId === activityId ? { ...i, stock: Math.max(0, i.stock - 1) } : i));
      });
      await this.refreshAfterExchange();
      return null;
    } finally {
      change('pointsMall/exchangeDone', () => {
        this.exchanging = null;
      });
    }
  }

  /** The card and the usable coupons again (a failure keeps what the exchange answered). */
  private async refreshAfterExchange(): Promise<void> {
    const [, coupons] = await Promise.all([
      this.deps.member.load().catch(() => undefined),
      settle(this.deps.api.activity.couponList({ isAll: CouponListScope.now }, { silent: true })),
    ]);
    if (coupons.ok) this.deps.promotion.setCoupons(coupons.data.list);
  }

  private openid(): string {
    // the contract needs one; the server does not trust it (the token decides who pays)
    return this.deps.openid() || 'h5';
  }
}

/** The points mall's store of `root`, built from its API and session-level stores (first use only). */
export function pointsMallArea(root: RootStore): PointsMallStore {
  return root.area(
    'pointsMall',
    (r) =>
      new PointsMallStore({
        api: r.api,
        member: r.member,
        promotion: r.promotion,
        openid: () => r.session.openid,
        newKey: newIdempotencyKey,
      }),
  );
}
