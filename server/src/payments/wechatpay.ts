/**
 * WeChat Pay API v3 (the chat-app wallet: JSAPI / mini-program payment). Requests are signed with the
 * merchant key (`Authorization: WECHATPAY2-SHA256-RSA2048 …` over `METHOD\nPATH?QUERY\ntimestamp\nnonce\nbody\n`),
 * answers and notifications are verified with WeChat Pay's key of the named serial (over
 * `timestamp\nnonce\nbody\n`), notification resources are decrypted with the APIv3 key
 * (AEAD_AES_256_GCM, the tag is the ciphertext's last 16 bytes). The signing, verifying and decrypting
 * primitives are wechatpay-axios-plugin's (`Formatter`, `Rsa`, `Aes.AesGcm`); HTTP is fetch, so the
 * base URL can be a local double in tests.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { PayType } from '../../../src/domain/enums';
import * as money from '../../../src/domain/money';
import type { WechatPayConfig } from './config';
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

/** Yuan (decimal string) to fen (integer). */
export const toFen = (yuan: string): number => money.of(yuan).times(100).toDecimalPlaces(0).toNumber();
/** Fen to yuan (decimal string with 2 places). */
export const toYuan = (fen: number): string => money.of(fen).dividedBy(100).toFixed(2);

/** Epoch ms as RFC 3339 in China time (time_expire). */
const rfc3339China = (ms: number): string => `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

/** At most `max` UTF-8 bytes of a text, cut on a character boundary. */
function truncateBytes(s: string, max: number): string {
  let out = '';
  for (const ch of s) {
    if (Buffer.byteLength(out + ch, 'utf8') > max) break;
    out += ch;
  }
  return out;
}

/** An answer WeChat Pay gave with an error status. */
export class WechatPayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`WeChat Pay ${status} ${code}: ${message}`);
    this.name = 'WechatPayError';
  }
}

interface Decrypted {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  out_refund_no?: string;
  refund_id?: string;
  refund_status?: string;
  amount?: { total?: number; currency?: string; refund?: number; payer_total?: number };
}

export class WechatPayProvider implements OnlineProvider {
  readonly kind = 'online' as const;
  readonly name = 'wechatpay' as const;
  readonly payType = PayType.weixin;
  private readonly privateKey: KeyObject;
  private readonly platformKeys: Map<string, KeyObject>;
  private readonly timeoutMs: number;

  constructor(
    private readonly cfg: WechatPayConfig,
    private readonly deps: { now: () => number; fetchTimeoutMs?: number },
  ) {
    this.privateKey = createPrivateKey(cfg.merchantPrivateKey);
    this.platformKeys = new Map(cfg.platformKeys.map((k) => [k.serial, createPublicKey(k.publicKey)]));
    this.timeoutMs = deps.fetchTimeoutMs ?? 10_000;
  }

  /** A signed request; the answer's signature is checked before its body is trusted. */
  private async call<T>(method: 'GET' | 'POST', pathAndQuery: string, body?: object): Promise<{ status: number; json: T }> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(this.deps.now() / 1000));
    const nonce = Formatter.nonce(32);
    const signature = Rsa.sign(Formatter.request(method, pathAndQuery, timestamp, nonce, text), this.privateKey);
    const res = await fetch(`${this.cfg.baseUrl}${pathAndQuery}`, {
      method,
      headers: {
        Authorization: Formatter.authorization(this.cfg.mchid, nonce, signature, timestamp, this.cfg.merchantSerial),
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        'User-Agent': 'shop-storefront-server',
      },
      body: body === undefined ? undefined : text,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const answer = await res.text();
    if (res.status >= 500) throw new WechatPayError(res.status, 'SYSTEM_ERROR', answer.slice(0, 200));
    if (!this.verified(res.headers.get('wechatpay-timestamp'), res.headers.get('wechatpay-nonce'), res.headers.get('wechatpay-signature'), res.headers.get('wechatpay-serial'), answer))
      throw new WechatPayError(res.status, 'SIGN_ERROR', 'the answer is not signed by WeChat Pay');
    const json = (answer ? JSON.parse(answer) : {}) as T & { code?: string; message?: string };
    if (res.status >= 400) throw new WechatPayError(res.status, json.code ?? 'ERROR', json.message ?? '');
    return { status: res.status, json };
  }

  private verified(timestamp: string | null | undefined, nonce: string | null | undefined, signature: string | null | undefined, serial: string | null | undefined, body: string): boolean {
    if (!timestamp || !nonce || !signature || !serial) return false;
    const key = this.platformKeys.get(serial);
    if (!key) return false;
    try {
      return Rsa.verify(Formatter.response(timestamp, nonce, body), signature, key);
    } catch {
      return false;
    }
  }

  async start(req: ProviderPayRequest): Promise<ProviderStart> {
    if (!req.payerId) throw new Error('WeChat Pay needs the payer openid (the customer signed in through the chat app)');
    const { json } = await this.call<{ prepay_id: string }>('POST', '/v3/pay/transactions/jsapi', {
      appid: this.cfg.appid,
      mchid: this.cfg.mchid,
      description: truncateBytes(req.description, 127),
      out_trade_no: req.tradeNo,
      ...(req.expiresAt ? { time_expire: rfc3339China(req.expiresAt) } : {}),
      notify_url: req.notifyUrl,
      amount: { total: toFen(req.amount), currency: 'CNY' },
      payer: { openid: req.payerId },
    });
    if (!json.prepay_id) throw new WechatPayError(200, 'NO_PREPAY_ID', 'the answer has no prepay_id');
    const timeStamp = String(Math.floor(this.deps.now() / 1000));
    const nonceStr = Formatter.nonce(32);
    const pkg = `prepay_id=${json.prepay_id}`;
    const paySign = Rsa.sign(Formatter.joinedByLineFeed(this.cfg.appid, timeStamp, nonceStr, pkg), this.privateKey);
    return {
      kind: 'wallet',
      provider: PayType.weixin,
      tradeNo: req.tradeNo,
      amount: Number(req.amount),
      params: { timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign },
    };
  }

  async query(tradeNo: string): Promise<ProviderTradeState | null> {
    let json: Decrypted;
    try {
      json = (await this.call<Decrypted>('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(tradeNo)}?mchid=${encodeURIComponent(this.cfg.mchid)}`)).json;
    } catch (e) {
      if (e instanceof WechatPayError && e.status === 404) return null;
      throw e;
    }
    const s = json.trade_state;
    const amount = json.amount?.total !== undefined ? toYuan(json.amount.total) : undefined;
    if (s === 'SUCCESS' || s === 'REFUND') return { state: 'paid', amount, providerTradeId: json.transaction_id };
    if (s === 'CLOSED' || s === 'REVOKED') return { state: 'cancelled', amount };
    if (s === 'PAYERROR') return { state: 'failed', amount };
    return { state: 'open', amount };
  }

  async refund(req: ProviderRefundRequest): Promise<ProviderRefundResult> {
    let json: { status?: string; refund_id?: string };
    try {
      json = (
        await this.call<{ status?: string; refund_id?: string }>('POST', '/v3/refund/domestic/refunds', {
          out_trade_no: req.tradeNo,
          out_refund_no: req.refundNo,
          reason: truncateBytes(req.reason, 80),
          notify_url: req.notifyUrl,
          amount: { refund: toFen(req.amount), total: toFen(req.total), currency: 'CNY' },
        })
      ).json;
    } catch (e) {
      // a business refusal (4xx with a code) is final; a transport or 5xx failure is retried by the outbox
      if (e instanceof WechatPayError && e.status >= 400 && e.status < 500 && e.code !== 'SIGN_ERROR' && e.code !== 'FREQUENCY_LIMITED')
        return { state: 'failed', detail: `${e.code}: ${e.message}` };
      throw e;
    }
    if (json.status === 'SUCCESS') return { state: 'succeeded', providerRefundId: json.refund_id };
    if (json.status === 'PROCESSING') return { state: 'processing', providerRefundId: json.refund_id };
    return { state: 'failed', providerRefundId: json.refund_id, detail: json.status ?? 'unknown refund status' };
  }

  async verifyNotification(req: NotifyRequest): Promise<ProviderEvent> {
    const h = req.headers;
    const timestamp = h['wechatpay-timestamp'];
    if (!timestamp || !/^\d{1,12}$/.test(timestamp)) throw new NotifyRejected('missing timestamp');
    const serial = h['wechatpay-serial'];
    if (!serial || !this.platformKeys.has(serial)) throw new NotifyRejected('unknown serial');
    if (!this.verified(timestamp, h['wechatpay-nonce'], h['wechatpay-signature'], serial, req.rawBody))
      throw new NotifyRejected('bad signature');
    let n: { id?: string; event_type?: string; resource?: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string } };
    try {
      n = JSON.parse(req.rawBody) as typeof n;
    } catch {
      throw new NotifyRejected('malformed');
    }
    const r = n.resource;
    if (!n.id || !n.event_type || !r || r.algorithm !== 'AEAD_AES_256_GCM' || !r.ciphertext || !r.nonce) throw new NotifyRejected('malformed');
    let d: Decrypted;
    try {
      d = JSON.parse(Aes.AesGcm.decrypt(r.ciphertext, this.cfg.apiV3Key, r.nonce, r.associated_data ?? '')) as Decrypted;
    } catch {
      throw new NotifyRejected('cannot decrypt');
    }
    const at = Number(timestamp) * 1000;
    if (d.mchid !== this.cfg.mchid) throw new NotifyRejected('wrong mchid');
    if (n.event_type.startsWith('TRANSACTION.')) {
      if (d.appid !== this.cfg.appid) throw new NotifyRejected('wrong appid');
      if (!d.out_trade_no) throw new NotifyRejected('malformed');
      if (n.event_type !== 'TRANSACTION.SUCCESS' || d.trade_state !== 'SUCCESS')
        return { type: 'ignored', eventId: n.id, at, tradeNo: d.out_trade_no, detail: `${n.event_type} ${d.trade_state ?? ''}` };
      if (d.amount?.currency !== 'CNY' || !Number.isInteger(d.amount.total)) throw new NotifyRejected('wrong currency or amount');
      return { type: 'paid', eventId: n.id, at, tradeNo: d.out_trade_no, amount: toYuan(d.amount.total as number), providerTradeId: d.transaction_id ?? '' };
    }
    if (n.event_type.startsWith('REFUND.')) {
      if (!d.out_trade_no || !d.out_refund_no) throw new NotifyRejected('malformed');
      const amount = toYuan(d.amount?.refund ?? 0);
      const base = { eventId: n.id, at, tradeNo: d.out_trade_no, refundNo: d.out_refund_no, amount, providerRefundId: d.refund_id };
      return n.event_type === 'REFUND.SUCCESS' ? { type: 'refunded', ...base } : { type: 'refundFailed', ...base };
    }
    return { type: 'ignored', eventId: n.id, at, detail: n.event_type };
  }

  ack(): NotifyAnswer {
    return { status: 204, contentType: 'application/json', body: '' };
  }

  nack(reason: string): NotifyAnswer {
    return { status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: reason }) };
  }
}
