import { unsupported } from './types';
import type { SubscribeAdapter } from './types';

/** Subscribe messages belong to the mini program hosts; a browser has none. */
export const subscribe: SubscribeAdapter = {
  supported: false,
  requestSubscribe: () => unsupported('subscribe messages exist only in mini programs'),
};
