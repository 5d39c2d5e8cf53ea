/**
 * The consumer API client by area (API-1): one function per call of C§7 and P§7, all going through
 * the request layer. Stores receive an `Api`; pages never call the network directly.
 */
import { createActivityApi } from './activity';
import { createAddressApi } from './address';
import { createBeautyApi } from './beauty';
import { createDeliveryApi } from './delivery';
import { createMessageApi } from './message';
import { createOrderApi } from './order';
import type { RequestClient } from './request';
import { createStoreApi } from './store';
import { createTableApi } from './table';
import { createUserApi } from './user';
import { createVipApi } from './vip';

/** Builds every area's calls on one client. */
export function createApi(client: RequestClient) {
  return {
    client,
    store: createStoreApi(client),
    order: createOrderApi(client),
    table: createTableApi(client),
    delivery: createDeliveryApi(client),
    beauty: createBeautyApi(client),
    user: createUserApi(client),
    vip: createVipApi(client),
    address: createAddressApi(client),
    activity: createActivityApi(client),
    message: createMessageApi(client),
  };
}

export type Api = ReturnType<typeof createApi>;
/** The areas of the API (store, order, …), without the client. */
export type ApiArea = Exclude<keyof Api, 'client'>;

export { ApiError, RequestClient, isApiError, newIdempotencyKey, settle } from './request';
export type { ApiResult, CallOptions, RequestDeps, Transport } from './request';
