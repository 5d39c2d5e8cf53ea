/**
 * The member summary the ordering flow needs (P§3 "User and member"): the card (vipInfo), the shop's
 * member setting and levels — what pricing reads for member prices, the member discount, points and
 * gift balance, and what the pay-type list reads for member-card payment. The member center pages
 * build on their own store.
 */
import { computed, makeObservable, observable } from 'mobx';
import type { Api } from '../api';
import { settle } from '../api/request';
import type { MemberInfoWire } from '../api/contract/vip';
import type { MemberFacts, PricingMember } from '../domain/pricing';
import type { GiftAmountRule, MemberLevel, MemberSetting, TimesRedBagInfo } from '../domain/types';
import { change } from './named-action';

export interface MemberDeps {
  api: Pick<Api, 'store' | 'vip' | 'activity'>;
}

export class MemberStore {
  /** The customer's card in this shop; null for a visitor. */
  vipInfo: MemberInfoWire | null = null;
  memberSetting: MemberSetting = {};
  levels: MemberLevel[] = [];
  /** The shop's gift-balance rules (vip/giftAmountRules, P§9); loaded for a member only. */
  giftAmountRules: GiftAmountRule[] = [];
  /** The member's progress on the running times red bag (activity/getTimesRedBag); null when none. */
  timesRedBag: TimesRedBagInfo | null = null;
  /** The setting version the app holds (store/vipInfo answers unchanged for it). */
  version: number | undefined = undefined;
  loaded = false;
  loading = false;

  constructor(private readonly deps: MemberDeps) {
    makeObservable(this, {
      vipInfo: observable.ref,
      memberSetting: observable.ref,
      levels: observable.ref,
      giftAmountRules: observable.ref,
      timesRedBag: observable.ref,
      version: observable,
      loaded: observable,
      loading: observable,
      isMember: computed,
      pricingMember: computed,
      pricingFacts: computed,
      showVipPrice: computed,
      level: computed,
    });
  }

  get isMember(): boolean {
    return this.vipInfo !== null;
  }

  /** The member as pricing takes it (null for a visitor). */
  get pricingMember(): PricingMember | null {
    return this.vipInfo ? { info: this.vipInfo, setting: this.memberSetting } : null;
  }

  /**
   * The member facts of pricing (PricingFacts.member): the card, the setting, the gift-balance rules
   * and the times-red-bag progress — the same sources the server prices an order with.
   */
  get pricingFacts(): MemberFacts | null {
    const m = this.pricingMember;
    return m ? { ...m, giftAmountRules: this.giftAmountRules, timesRedBag: this.timesRedBag } : null;
  }

  /** P§5: member prices show (and apply) only when vip price display is on (default on). */
  get showVipPrice(): boolean {
    return this.memberSetting.isShowVipPrice !== false;
  }

  get level(): number | string | null {
    return this.vipInfo?.level ?? null;
  }

  /** store/vipInfo: the card is always fresh; setting and levels only when the version moved. */
  async load(): Promise<void> {
    change('member/loading', () => {
      this.loading = true;
    });
    try {
      const res = await this.deps.api.store.vipInfo({ version: this.version });
      change('member/load', () => {
        this.vipInfo = res.vipInfo;
        if (!res.unchanged) {
          this.memberSetting = res.memberSetting;
          this.levels = res.levels;
        }
        this.version = res.version;
        this.loaded = true;
      });
      await this.loadPricingFacts();
    } finally {
      change('member/loaded', () => {
        this.loading = false;
      });
    }
  }

  /**
   * What pricing reads besides the card (P§9 gift balance, P§3 times red bag): a member's only. A
   * failed call leaves the fact empty (the server's amountError then shows its own figures).
   */
  private async loadPricingFacts(): Promise<void> {
    if (!this.vipInfo) {
      change('member/pricingFacts', () => {
        this.giftAmountRules = [];
        this.timesRedBag = null;
      });
      return;
    }
    const [rules, bag] = await Promise.all([
      settle(this.deps.api.vip.giftAmountRules(undefined, { silent: true })),
      settle(this.deps.api.activity.getTimesRedBag(undefined, { silent: true })),
    ]);
    change('member/pricingFacts', () => {
      this.giftAmountRules = rules.ok ? (rules.data?.list ?? []) : [];
      this.timesRedBag = bag.ok ? (bag.data?.info ?? null) : null;
    });
  }

  /** Replaces the card (after registering, binding or paying by card). */
  setVipInfo(vipInfo: MemberInfoWire | null): void {
    change('member/setVipInfo', () => {
      this.vipInfo = vipInfo;
    });
  }

  /** Forgets the member (shop switch, logout). */
  reset(): void {
    change('member/reset', () => {
      this.vipInfo = null;
      this.memberSetting = {};
      this.levels = [];
      this.giftAmountRules = [];
      this.timesRedBag = null;
      this.version = undefined;
      this.loaded = false;
    });
  }
}
