/**
 * The ordering stores: the menu, the cart, its checkout and the order, with everything they stand on
 * (the pricing engine, promotions, coupons, fees, tax, decimal.js). Built from the session-level
 * stores of a RootStore; on H5 this module is a chunk of its own that loads when an ordering page
 * needs it.
 */
import type { Api } from '../api';
import type { KeyValueStorage, Platform } from '../platform/types';
import type { AddressStore } from './address';
import { CartStore } from './cart';
import { CheckoutStore } from './checkout';
import type { MemberStore } from './member';
import { MenuStore } from './menu';
import type { OrderStore } from './order';
import { buildOrderStore, socketOrigin } from './order-build';
import type { PromotionStore } from './promotion';
import type { SessionStore } from './session';
import type { ShopStore } from './shop';
import { TableStore } from './table';

/** What the ordering stores are built from: the root's I/O and its session-level stores. */
export interface OrderingDeps {
  api: Api;
  storage: KeyValueStorage;
  platform: Platform;
  abroad: boolean;
  now: () => number;
  session: SessionStore;
  shop: ShopStore;
  member: MemberStore;
  promotion: PromotionStore;
  address: AddressStore;
  /** The order store when the root built it already (buildOrderStore), else built here. */
  order?: OrderStore | null;
  /** Whether the table room holds the socket now (the payment app has only one). */
  tableSocketBusy: () => boolean;
}

export interface OrderingStores {
  menu: MenuStore;
  cart: CartStore;
  checkout: CheckoutStore;
  order: OrderStore;
  table: TableStore;
}

export type OrderingBuilder = (deps: OrderingDeps) => OrderingStores;

/**
 * Builds the menu, cart, checkout and order stores over the given session-level stores. The checkout
 * reads the cart and listens to its events; the cart is built without it.
 */
export function buildOrderingStores(deps: OrderingDeps): OrderingStores {
  const { api, storage, platform, abroad, now, session, shop, member, promotion, address } = deps;
  const menu = new MenuStore({ api, storage, member, now });
  const cart = new CartStore({ storage, menu });
  const checkout = new CheckoutStore({ api, platform, abroad, session, shop, menu, member, promotion, address, cart });
  const order = deps.order ?? buildOrderStore({ api, platform, now, session, member, promotion, tableSocketBusy: deps.tableSocketBusy });
  const table = new TableStore({
    api,
    platform,
    session,
    shop,
    menu,
    cart,
    checkout,
    member,
    now,
    socketOrigin,
  });
  return { menu, cart, checkout, order, table };
}
