/**
 * The order store built on its own (the order list and the pages that read orders only), apart from
 * the menu, cart and checkout of src/stores/ordering.ts: on H5 this module and the order store travel
 * in a chunk without the pricing engine, so the orders tab does not load it (MENU-8).
 */
import type { Api } from '../api';
import { apiHost } from '../platform/env';
import { pageOrigin } from '../platform/page-origin';
import type { Platform } from '../platform/types';
import type { MemberStore } from './member';
import { OrderStore } from './order';
import type { PromotionStore } from './promotion';
import type { SessionStore } from './session';

export interface OrderBuildDeps {
  api: Api;
  platform: Platform;
  now: () => number;
  session: SessionStore;
  member: MemberStore;
  promotion: PromotionStore;
  /** Whether the table room holds the socket now (the payment app has only one). */
  tableSocketBusy: () => boolean;
}

export type OrderBuilder = (deps: OrderBuildDeps) => OrderStore;

/** The table room's and the order channel's socket origin: the API origin, or in a browser the page's own. */
export const socketOrigin = (): string => apiHost() || pageOrigin();

export function buildOrderStore(deps: OrderBuildDeps): OrderStore {
  const { api, platform, now, session, member, promotion } = deps;
  return new OrderStore({
    api,
    platform,
    session,
    member,
    promotion,
    now,
    live: {
      socket: platform.socket,
      lifecycle: platform.lifecycle,
      socketOrigin,
      token: () => session.token,
      // the payment app has one socket: the table room keeps it while the diner is at a table
      socketBusy: () => platform.name === 'alipay' && deps.tableSocketBusy(),
    },
  });
}
