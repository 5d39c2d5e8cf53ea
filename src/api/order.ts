/** C§7 order: list, detail, submission, payment start and follow-up calls. */
import type { orderCalls } from './contract/order';
import { bindCall } from './request';
import type { RequestClient } from './request';

type Calls = typeof orderCalls;

/** The order calls bound to a client. */
export function createOrderApi(client: RequestClient) {
  return {
    last: bindCall<Calls['last']>(client, 'order/last'),
    list: bindCall<Calls['list']>(client, 'order/list'),
    detail: bindCall<Calls['detail']>(client, 'order/detail'),
    // C§7: order/confirm shows no error toast; the confirm page shows the failure itself
    confirm: bindCall<Calls['confirm']>(client, 'order/confirm', { silent: true }),
    confirmDelivered: bindCall<Calls['confirmDelivered']>(client, 'order/confirmDelivered'),
    close: bindCall<Calls['close']>(client, 'order/close'),
    deliveryInfo: bindCall<Calls['deliveryInfo']>(client, 'order/deliveryInfo'),
    payErrorCallback: bindCall<Calls['payErrorCallback']>(client, 'order/payErrorCallback'),
    sendProductOrderSuccess: bindCall<Calls['sendProductOrderSuccess']>(client, 'order/sendProductOrderSuccess'),
    daySeq: bindCall<Calls['daySeq']>(client, 'order/daySeq'),
    updateTradeNo: bindCall<Calls['updateTradeNo']>(client, 'order/updateTradeNo'),
    pay: bindCall<Calls['pay']>(client, 'order/pay'),
    payQuery: bindCall<Calls['payQuery']>(client, 'order/payQuery'),
  };
}

export type OrderApi = ReturnType<typeof createOrderApi>;
