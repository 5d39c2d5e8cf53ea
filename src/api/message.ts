/** C§7 message-centre calls of the shared table cart (API-3); same headers, same base. */
import type { messageCalls } from './contract/message';
import { bindCall } from './request';
import type { RequestClient } from './request';

type Calls = typeof messageCalls;

/** The message calls bound to a client. */
export function createMessageApi(client: RequestClient) {
  return {
    cartSync: bindCall<Calls['cartSync']>(client, 'consumer/cart-sync'),
    cartOperate: bindCall<Calls['cartOperate']>(client, 'consumer/cart-operate'),
  };
}

export type MessageApi = ReturnType<typeof createMessageApi>;
