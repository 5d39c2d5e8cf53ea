/** C§7 address: the delivery addresses of the customer (USER-3). */
import type { addressCalls } from './contract/address';
import { bindCall } from './request';
import type { RequestClient } from './request';

type Calls = typeof addressCalls;

/** The address calls bound to a client. */
export function createAddressApi(client: RequestClient) {
  return {
    list: bindCall<Calls['list']>(client, 'address/list'),
    detail: bindCall<Calls['detail']>(client, 'address/detail'),
    add: bindCall<Calls['add']>(client, 'address/add'),
    update: bindCall<Calls['update']>(client, 'address/update'),
    delete: bindCall<Calls['delete']>(client, 'address/delete'),
  };
}

export type AddressApi = ReturnType<typeof createAddressApi>;
