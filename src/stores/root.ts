/**
 * The root of the app's state (ARCHITECTURE rule 4): every store is built here from injected I/O,
 * so tests build a RootStore with fakes and no Taro.
 */
import type { Api } from '../api';
import type { KeyValueStorage, Platform } from '../platform/types';
import { AddressStore } from './address';
import { AuthStore } from './auth';
import { CartStore } from './cart';
import { MemberStore } from './member';
import { MenuStore } from './menu';
import { OrderStore } from './order';
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
}

export class RootStore {
  readonly api: Api;
  readonly storage: KeyValueStorage;
  readonly platform: Platform;
  readonly session: SessionStore;
  readonly auth: AuthStore;
  readonly shop: ShopStore;
  readonly member: MemberStore;
  readonly menu: MenuStore;
  readonly promotion: PromotionStore;
  readonly address: AddressStore;
  readonly cart: CartStore;
  readonly order: OrderStore;

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
    this.menu = new MenuStore({ api, storage, member: this.member, now });
    this.promotion = new PromotionStore({ api });
    this.address = new AddressStore({ api, platform });
    this.cart = new CartStore({
      api,
      storage,
      platform,
      abroad,
      session: this.session,
      shop: this.shop,
      menu: this.menu,
      member: this.member,
      promotion: this.promotion,
      address: this.address,
    });
    this.order = new OrderStore({
      api,
      platform,
      session: this.session,
      cart: this.cart,
      shop: this.shop,
      member: this.member,
      promotion: this.promotion,
      address: this.address,
      now,
    });
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
  }
}
