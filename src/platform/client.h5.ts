import { deviceId } from './device-id';
import { browserLaunchQuery } from './launch-query';
import type { ClientInfo } from './types';

/** Client info of the browser build; the launch query is read from the page URL. */
export const client: ClientInfo = {
  name: 'h5',
  userAgent: typeof navigator !== 'undefined' ? navigator.userAgent : '',
  get deviceId() {
    return deviceId();
  },
  launchQuery: () => (typeof window !== 'undefined' ? browserLaunchQuery(window.location.href) : {}),
};
