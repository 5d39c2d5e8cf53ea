/**
 * Alipay (the payment-app wallet): `alipay.trade.create` gives the trade number `my.tradePay` opens;
 * asynchronous notifications (form fields, RSA2 over the other fields sorted by name) are answered
 * with the plain text `success`; `alipay.trade.query`; `alipay.trade.refund` with `out_request_no`
 * (and `alipay.trade.fastpay.refund.query` when the refund did not move money yet). Requests, answer
 * signatures and notification signatures go through Alipay's own SDK (`alipay-sdk`), whose `gateway`
 * option points tests at a local double.
 */
import { AlipaySdk } from 'alipay-sdk';
import { PayType } from '../../../src/domain/enums';
import * as money from '../../../src/domain/money';
import type { AlipayConfig } from './config';
import {
  NotifyRejected,
  type NotifyAnswer,
  type NotifyRequest,
  type OnlineProvider,
  type ProviderEvent,
  type ProviderPayRequest,
  type ProviderRefundRequest,
  type ProviderRefundResult,
  type ProviderStart,
  type ProviderTradeState,
} from './types';

/** Yuan with 2 decimals, as Alipay writes amounts. */
const yuan = (v: string): string => money.of(v).toFixed(2);

/** "yyyy-MM-dd HH:mm:ss" in Beijing time (UTC+8) ↔ epoch ms. */
export const beijingTime = (ms: number): string => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
export function fromBeijingTime(s: string): number | null {
  const m = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(s);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]) - 8, Number(m[5]), Number(m[6]));
}

/** Business answers that a retry may turn out differently (the outbox asks again). */
const RETRYABLE = new Set(['ACQ.SYSTEM_ERROR', 'aop.ACQ.SYSTEM_ERROR', 'isp.unknow-error', 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL_PROCESSING']);

interface AlipayAnswer {
  code?: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
  [k: string]: unknown;
}

/** An answer of the gateway that is not a success. */
export class AlipayError extends Error {
  constructor(readonly answer: AlipayAnswer) {
    super(`Alipay ${answer.code ?? '?'} ${answer.sub_code ?? ''}: ${answer.sub_msg ?? answer.msg ?? ''}`.trim());
    this.name = 'AlipayError';
  }
}

const keyType = (pem: string): 'PKCS1' | 'PKCS8' => (pem.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8');

export class AlipayProvider implements OnlineProvider {
  readonly kind = 'online' as const;
  readonly name = 'alipay' as const;
  readonly payType = PayType.alipay;
  private readonly sdk: AlipaySdk;

  constructor(
    private readonly cfg: AlipayConfig,
    deps: { now: () => number; timeoutMs?: number },
  ) {
    this.sdk = new AlipaySdk({
      appId: cfg.appId,
      privateKey: cfg.privateKey,
      keyType: keyType(cfg.privateKey),
      alipayPublicKey: cfg.alipayPublicKey,
      gateway: cfg.gateway,
      timeout: deps.timeoutMs ?? 10_000,
      camelcase: false,
      signType: 'RSA2',
    });
  }

  /** One gateway call; the answer's signature is checked by the SDK before it is read. */
  private async exec(method: string, bizContent: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<AlipayAnswer> {
    return (await this.sdk.exec(method, { ...extra, bizContent }, { validateSign: true })) as AlipayAnswer;
  }

  async start(req: ProviderPayRequest): Promise<ProviderStart> {
    if (!req.payerId) throw new Error('Alipay needs the buyer id (the customer signed in through the payment app)');
    const buyer = /^2088\d{12}$/.test(req.payerId) ? { buyer_id: req.payerId } : { buyer_open_id: req.payerId };
    const answer = await this.exec(
      'alipay.trade.create',
      {
        out_trade_no: req.tradeNo,
        total_amount: yuan(req.amount),
        subject: req.description.slice(0, 256),
        ...buyer,
        ...(req.expiresAt ? { time_expire: beijingTime(req.expiresAt) } : {}),
      },
      { notify_url: req.notifyUrl },
    );
    if (answer.code !== '10000' || typeof answer.trade_no !== 'string') throw new AlipayError(answer);
    return { kind: 'wallet', provider: PayType.alipay, tradeNo: req.tradeNo, amount: Number(req.amount), params: { tradeNO: answer.trade_no } };
  }

  async query(tradeNo: string): Promise<ProviderTradeState | null> {
    const a = await this.exec('alipay.trade.query', { out_trade_no: tradeNo });
    if (a.code !== '10000') {
      if (a.sub_code === 'ACQ.TRADE_NOT_EXIST') return null;
      throw new AlipayError(a);
    }
    const amount = typeof a.total_amount === 'string' ? yuan(a.total_amount) : undefined;
    const status = a.trade_status;
    if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED')
      return { state: 'paid', amount, providerTradeId: typeof a.trade_no === 'string' ? a.trade_no : undefined };
    if (status === 'TRADE_CLOSED') return { state: 'cancelled', amount };
    return { state: 'open', amount };
  }

  async refund(req: ProviderRefundRequest): Promise<ProviderRefundResult> {
    const a = await this.exec('alipay.trade.refund', {
      out_trade_no: req.tradeNo,
      refund_amount: yuan(req.amount),
      out_request_no: req.refundNo,
      refund_reason: req.reason.slice(0, 256),
    });
    if (a.code === '10000') {
      if (a.fund_change === 'Y') return { state: 'succeeded', providerRefundId: req.refundNo };
      // no money moved by this call: a repeat of an earlier success, or not done yet — ask
      const q = await this.exec('alipay.trade.fastpay.refund.query', { out_trade_no: req.tradeNo, out_request_no: req.refundNo });
      if (q.code === '10000' && q.refund_status === 'REFUND_SUCCESS') return { state: 'succeeded', providerRefundId: req.refundNo };
      return { state: 'processing', providerRefundId: req.refundNo };
    }
    if (a.sub_code && !RETRYABLE.has(a.sub_code) && a.code === '40004') return { state: 'failed', detail: `${a.sub_code}: ${a.sub_msg ?? ''}` };
    throw new AlipayError(a);
  }

  async verifyNotification(req: NotifyRequest): Promise<ProviderEvent> {
    const fields: Record<string, string> = {};
    try {
      for (const [k, v] of new URLSearchParams(req.rawBody)) fields[k] = v;
    } catch {
      throw new NotifyRejected('malformed');
    }
    if (!fields.sign || !this.sdk.checkNotifySignV2(fields)) throw new NotifyRejected('bad signature');
    if (fields.app_id !== this.cfg.appId) throw new NotifyRejected('wrong app_id');
    if (this.cfg.sellerId && fields.seller_id !== this.cfg.sellerId) throw new NotifyRejected('wrong seller_id');
    const at = fromBeijingTime(fields.notify_time ?? '');
    if (at === null) throw new NotifyRejected('missing notify_time');
    const eventId = fields.notify_id;
    const tradeNo = fields.out_trade_no;
    if (!eventId || !tradeNo) throw new NotifyRejected('malformed');
    const status = fields.trade_status;
    if (fields.refund_fee && fields.out_biz_no && (status === 'TRADE_SUCCESS' || status === 'TRADE_CLOSED'))
      return { type: 'refunded', eventId, at, tradeNo, refundNo: fields.out_biz_no, amount: yuan(fields.refund_fee) };
    if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') {
      if (!fields.total_amount || !/^\d+(\.\d{1,2})?$/.test(fields.total_amount)) throw new NotifyRejected('malformed amount');
      return { type: 'paid', eventId, at, tradeNo, amount: yuan(fields.total_amount), providerTradeId: fields.trade_no ?? '' };
    }
    if (status === 'TRADE_CLOSED') return { type: 'closed', eventId, at, tradeNo };
    return { type: 'ignored', eventId, at, tradeNo, detail: status ?? 'no trade_status' };
  }

  ack(): NotifyAnswer {
    return { status: 200, contentType: 'text/plain', body: 'success' };
  }

  nack(): NotifyAnswer {
    return { status: 200, contentType: 'text/plain', body: 'fail' };
  }
}
