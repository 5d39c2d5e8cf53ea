/** ORDER-10 multi-shop orders: the chain shops' pricing facts, the group's confirm, payment and detail. */
import type { multiOrderCalls } from './contract/multi-order';
import { bindCall } from './request';
import type { RequestClient } from './request';

type Calls = typeof multiOrderCalls;

/** The multi-shop order calls bound to a client. */
export function createMultiOrderApi(client: RequestClient) {
  return {
    shops: bindCall<Calls['shops']>(client, 'order/multiShops'),
    // like order/confirm: no error toast, the page shows the refusal with its shop
    confirm: bindCall<Calls['confirm']>(client, 'order/multiConfirm', { silent: true }),
    pay: bindCall<Calls['pay']>(client, 'order/multiPay'),
    payQuery: bindCall<Calls['payQuery']>(client, 'order/multiPayQuery'),
    detail: bindCall<Calls['detail']>(client, 'order/multiDetail'),
  };
}

export type MultiOrderApi = ReturnType<typeof createMultiOrderApi>;
