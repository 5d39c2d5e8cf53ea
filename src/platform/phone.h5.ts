import { unsupported } from './types';
import type { PhoneAuthAdapter } from './types';

/** A browser cannot share the phone number: the customer types it and confirms an SMS code. */
export const phone: PhoneAuthAdapter = {
  supported: false,
  buttonOpenType: null,
  fromButtonEvent: () => unsupported('a browser enters the phone number and an SMS code instead'),
};
