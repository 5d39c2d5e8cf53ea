/** C§7 table: the open-table (scan-order) flow of ORDER-4. */
import type { tableCalls } from './contract/table';
import { bindCall } from './request';
import type { RequestClient } from './request';

type Calls = typeof tableCalls;

/** The table calls bound to a client. */
export function createTableApi(client: RequestClient) {
  return {
    getTableInfo: bindCall<Calls['getTableInfo']>(client, 'table/getTableInfo'),
    order: bindCall<Calls['order']>(client, 'table/order'),
    userAddProducts: bindCall<Calls['userAddProducts']>(client, 'table/userAddProducts'),
    refreshOrder: bindCall<Calls['refreshOrder']>(client, 'table/refreshOrder'),
    userOrders: bindCall<Calls['userOrders']>(client, 'table/userOrders'),
    canPay: bindCall<Calls['canPay']>(client, 'table/canPay'),
    confirm: bindCall<Calls['confirm']>(client, 'table/confirm'),
    cancelPay: bindCall<Calls['cancelPay']>(client, 'table/cancelPay'),
  };
}

export type TableApi = ReturnType<typeof createTableApi>;
