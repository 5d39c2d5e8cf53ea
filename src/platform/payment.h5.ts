import { unsupported } from './types';
import type { PaymentAdapter } from './types';

/**
 * A browser has no host wallet: browser orders pay on the card provider page (order/stripe-pay) or
 * the all-in-one provider page (order/allin-pay), or in cash (ORDER-7).
 */
export const payment: PaymentAdapter = {
  supported: false,
  requestPayment: () => unsupported('no wallet payment in a browser; use the provider payment page'),
};
