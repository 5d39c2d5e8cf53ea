/**
 * The member summary the ordering flow needs (P§3 "User and member"): the card (vipInfo), the shop's
 * member setting and levels — what pricing reads for member prices, the member discount, points and
 * gift balance, and what the pay-type list reads for member-card payment. The member center pages
 * build on their own store.
 */
import { computed, makeObservable, observable } from 'mobx';
import type { Api } from '../api';
import type { MemberInfoWire } from '../api/contract/vip';
import type { PricingMember } from '../domain/pricing';
import type { MemberLevel, MemberSetting } from '../domain/types';
import { change } from './named-action';

export interface MemberDeps {
  api: Pick<Api, 'store'>;
}

export class MemberStore {
  /** The customer's card in this shop; null for a visitor. */
  vipInfo: MemberInfoWire | null = null;
  memberSetting: MemberSetting = {};
  levels: MemberLevel[] = [];
  /** The setting version the app holds (store/vipInfo answers unchanged for it). */
  version: number | undefined = undefined;
  loaded = false;
  loading = false;

  constructor(private readonly deps: MemberDeps) {
    makeObservable(this, {
      vipInfo: observable.ref,
      memberSetting: observable.ref,
      levels: observable.ref,
      version: observable,
      loaded: observable,
      loading: observable,
      isMember: computed,
      pricingMember: computed,
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
    } finally {
      change('member/loaded', () => {
        this.loading = false;
      });
    }
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
      this.version = undefined;
      this.loaded = false;
    });
  }
}
