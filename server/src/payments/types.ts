import type { PayStart } from '../../../src/api/contract/shared-shapes';
import type { PayType } from '../../../src/domain/enums';

/** The provider side of a payment: open until the customer pays, fails or cancels; refunded later. */
export type ProviderState = 'open' | 'paid' | 'failed' | 'cancelled' | 'refunded';

/** What starting a provider payment needs. */
export interface ProviderPayRequest {
  tradeNo: string;
  orderNo: string;
  amount: number;
  returnUrl?: string;
}

/**
 * A payment provider (ORDER-7). Cash and the member card settle inside the order service
 * (`counter` and `balance`); online providers hand the app what it needs to pay (`start`), answer
 * the provider-side state of a trade (`query`, for order/payQuery) and refund a paid trade.
 */
export interface OnlineProvider {
  readonly kind: 'online';
  readonly payType: PayType;
  start(req: ProviderPayRequest): Exclude<PayStart, { kind: 'paid' }>;
  query(tradeNo: string): Promise<ProviderState | null>;
  refund(tradeNo: string, amount: number): Promise<'refunded' | 'failed'>;
}

/** Cash: the order goes to the shop at once and is paid at the counter. */
export interface CounterProvider {
  readonly kind: 'counter';
  readonly payType: PayType;
}

/** The member card: pay password, then balance and gift amount debited in the order's transaction. */
export interface BalanceProvider {
  readonly kind: 'balance';
  readonly payType: PayType;
}

export type PaymentProvider = OnlineProvider | CounterProvider | BalanceProvider;
