/** C§7 delivery: distance from the shop for the delivery fee tiers. */
import type { deliveryCalls } from './contract/delivery';
import { bindCall } from './request';
import type { RequestClient } from './request';

type Calls = typeof deliveryCalls;

/** The delivery calls bound to a client. */
export function createDeliveryApi(client: RequestClient) {
  return {
    getDistance: bindCall<Calls['getDistance']>(client, 'delivery/getDistance'),
    convertGps: bindCall<Calls['convertGps']>(client, 'delivery/convertGps', { silent: true }),
    ipLocation: bindCall<Calls['ipLocation']>(client, 'delivery/ipLocation', { silent: true }),
  };
}

export type DeliveryApi = ReturnType<typeof createDeliveryApi>;
