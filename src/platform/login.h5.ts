import { unsupported } from './types';
import type { LoginAdapter } from './types';

/** A browser has no host login: the customer logs in by phone and SMS code (user/h5Login, USER-1). */
export const login: LoginAdapter = {
  supported: false,
  login: () => unsupported('a browser logs in by phone and SMS code'),
};
