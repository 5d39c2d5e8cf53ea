import type { PayStart } from '../../../src/api/contract/shared-shapes';
import type { PayType } from '../../../src/domain/enums';

/** The providers a server can run (PAYMENTS, comma-separated). */
export type ProviderName = 'sandbox' | 'wechatpay' | 'alipay';

/** The provider side of a trade: open until paid, failed or closed; refunded later. */
export type ProviderState = 'open' | 'paid' | 'failed' | 'cancelled' | 'refunded';

/** What starting a provider payment needs. Amounts are in yuan, as decimal strings ("12.30"). */
export interface ProviderPayRequest {
  /** Our trade number: out_trade_no (unique, at most 32 characters, [A-Za-z0-9]). */
  tradeNo: string;
  /** What the customer sees on the provider's page or wallet (order number, shop name). */
  description: string;
  amount: string;
  /** The payer's id with this provider: the chat-app openid, the payment-app buyer id. */
  payerId: string | null;
  /** The URL the provider posts its notifications to. */
  notifyUrl: string;
  /** H5 provider pages: where the customer returns after paying. */
  returnUrl?: string;
  /** The customer's address (some providers want it). */
  clientIp?: string;
  /** Epoch ms until which the trade may be paid (the order's payDeadline), if any. */
  expiresAt?: number | null;
}

/** The answer of `start`: what the app opens (never `paid`: only a notification or query settles). */
export type ProviderStart = Exclude<PayStart, { kind: 'paid' }>;

/** What the provider says of a trade when asked (query). */
export interface ProviderTradeState {
  state: ProviderState;
  /** Yuan, decimal string, when the provider reports an amount. */
  amount?: string;
  providerTradeId?: string;
}

/** A refund to ask of the provider. */
export interface ProviderRefundRequest {
  tradeNo: string;
  /** Our refund number: out_refund_no / out_request_no (unique per refund, reused on every retry). */
  refundNo: string;
  /** Yuan, decimal strings. */
  amount: string;
  total: string;
  reason: string;
  notifyUrl: string;
}

/**
 * The provider's answer to a refund: done, accepted and still running (a notification or a query
 * will tell), or refused for good (a retry cannot help). A transport failure throws instead, and the
 * outbox retries it.
 */
export interface ProviderRefundResult {
  state: 'succeeded' | 'processing' | 'failed';
  providerRefundId?: string;
  detail?: string;
}

/** A notification as it reached us: the raw body (signatures cover its exact bytes) and the headers. */
export interface NotifyRequest {
  headers: Record<string, string | undefined>;
  rawBody: string;
}

/**
 * A verified notification. `eventId` is the provider's notification id (WeChat Pay `id`, Alipay
 * `notify_id`): a second delivery of the same id changes nothing. `at` is the provider's time of the
 * notification (epoch ms), checked against a window.
 */
export type ProviderEvent =
  | {
      type: 'paid';
      eventId: string;
      at: number;
      tradeNo: string;
      amount: string;
      providerTradeId: string;
    }
  | { type: 'closed' | 'failed'; eventId: string; at: number; tradeNo: string }
  | {
      type: 'refunded' | 'refundFailed';
      eventId: string;
      at: number;
      tradeNo: string;
      refundNo: string;
      amount: string;
      providerRefundId?: string;
    }
  /** Verified, but nothing to do (e.g. Alipay WAIT_BUYER_PAY). */
  | { type: 'ignored'; eventId: string; at: number; tradeNo?: string; detail: string };

/** A notification refused: bad signature, wrong merchant or app, undecryptable, malformed. */
export class NotifyRejected extends Error {
  constructor(readonly reason: string) {
    super(`notification rejected: ${reason}`);
    this.name = 'NotifyRejected';
  }
}

/** The HTTP answer a provider expects to a notification. */
export interface NotifyAnswer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * An online payment provider (ORDER-7). `start` creates the trade with the provider and returns what
 * the app opens; `query` asks the provider's side of a trade (order/payQuery and the sweeper);
 * `refund` asks for a refund; `verifyNotification` checks a notification's signature, merchant and
 * app, decrypts it and names the event — it throws `NotifyRejected` for anything it cannot trust.
 */
export interface OnlineProvider {
  readonly kind: 'online';
  readonly name: ProviderName;
  readonly payType: PayType;
  start(req: ProviderPayRequest): Promise<ProviderStart>;
  query(tradeNo: string): Promise<ProviderTradeState | null>;
  refund(req: ProviderRefundRequest): Promise<ProviderRefundResult>;
  verifyNotification(req: NotifyRequest): Promise<ProviderEvent>;
  /** The answer that tells the provider the notification was taken (WeChat Pay 204, Alipay `success`). */
  ack(): NotifyAnswer;
  /** The answer that makes the provider deliver again later. */
  nack(reason: string): NotifyAnswer;
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
