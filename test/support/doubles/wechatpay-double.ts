/**
 * A WeChat Pay API v3 double on loopback, written from the protocol (not from the adapter): it checks
 * every request's `Authorization` (WECHATPAY2-SHA256-RSA2048 over `METHOD\nURI\ntimestamp\nnonce\nbody\n`
 * with the merchant's public key, its mchid and serial, a timestamp within 5 minutes), keeps trades
 * (JSAPI prepay, query by out_trade_no, refunds), signs its answers and notifications with its own
 * platform key (`Wechatpay-*` headers over `timestamp\nnonce\nbody\n`) and encrypts notification
 * resources with the APIv3 key (AES-256-GCM, the tag appended to the ciphertext). Tests drive the
 * customer (`payByUser`) and the notifications: repeat, forge, reorder, withhold.
 */
import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WechatNotification {
  headers: Record<string, string>;
  rawBody: string;
}

interface Trade {
  appid: string;
  mchid: string;
  outTradeNo: string;
  total: number;
  currency: string;
  notifyUrl: string;
  openid: string;
  description: string;
  prepayId: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transactionId: string | null;
  body: string;
}

export interface RecordedRequest {
  method: string;
  uri: string;
  body: Record<string, unknown> | null;
  authorized: boolean;
}

export interface NotificationOptions {
  /** The notification id (a new one by default). */
  id?: string;
  /** Wechatpay-Timestamp in seconds (the double's clock by default). */
  timestamp?: number;
  /** Sign with another key (a forgery). */
  forgeWith?: KeyObject;
  /** Another serial in Wechatpay-Serial. */
  serial?: string;
  /** Change the resource before it is encrypted (wrong amount, mchid, appid …). */
  tamper?: (resource: Record<string, unknown>) => void;
  eventType?: string;
}

const b64 = (b: Buffer) => b.toString('base64');

export async function startWechatPayDouble(opts: {
  mchid: string;
  appid: string;
  merchantPublicKey: KeyObject | string;
  merchantSerial: string;
  now: () => number;
}) {
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platformSerial = `PUB_KEY_ID_${randomBytes(8).toString('hex').toUpperCase()}`;
  const apiV3Key = randomBytes(16).toString('hex'); // 32 characters
  const trades = new Map<string, Trade>();
  const refunds = new Map<string, { outTradeNo: string; refund: number; status: string; refundId: string }>();
  const requests: RecordedRequest[] = [];
  const state = {
    /** How refunds are answered: SUCCESS at once, PROCESSING (a notification follows), or ABNORMAL. */
    refundMode: 'SUCCESS' as 'SUCCESS' | 'PROCESSING' | 'ABNORMAL',
    /** Refund calls still to answer 500 (an outage). */
    refundOutages: 0,
  };
  let seq = 0;

  const sign = (message: string, key: KeyObject = platform.privateKey) => createSign('RSA-SHA256').update(message).sign(key, 'base64');
  const signedHeaders = (body: string, key?: KeyObject, serial = platformSerial, ts?: number) => {
    const timestamp = String(ts ?? Math.floor(opts.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': sign(`${timestamp}\n${nonce}\n${body}\n`, key),
      'Wechatpay-Serial': serial,
    };
  };

  function authorized(method: string, uri: string, body: string, header: string | undefined): boolean {
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header ?? '');
    if (!m) return false;
    const fields = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (fields.mchid !== opts.mchid || fields.serial_no !== opts.merchantSerial) return false;
    if (Math.abs(Number(fields.timestamp) * 1000 - opts.now()) > 5 * 60_000) return false;
    return createVerify('RSA-SHA256')
      .update(`${method}\n${uri}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`)
      .verify(opts.merchantPublicKey, fields.signature ?? '', 'base64');
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const uri = req.url ?? '/';
      const method = req.method ?? 'GET';
      const ok = authorized(method, uri, body, req.headers.authorization);
      let parsed: Record<string, unknown> | null = null;
      try {
        parsed = body ? (JSON.parse(body) as Record<string, unknown>) : null;
      } catch {
        parsed = null;
      }
      requests.push({ method, uri, body: parsed, authorized: ok });
      const answer = (status: number, payload: unknown) => {
        const text = payload === undefined ? '' : JSON.stringify(payload);
        res.writeHead(status, { 'Content-Type': 'application/json', ...signedHeaders(text) });
        res.end(text);
      };
      if (!ok) return answer(401, { code: 'SIGN_ERROR', message: 'signature verification failed' });
      const path = uri.split('?')[0];
      if (method === 'POST' && path === '/v3/pay/transactions/jsapi' && parsed) {
        const p = parsed as { appid: string; mchid: string; out_trade_no: string; notify_url: string; description: string; amount: { total: number; currency?: string }; payer: { openid: string } };
        if (p.appid !== opts.appid || p.mchid !== opts.mchid) return answer(400, { code: 'PARAM_ERROR', message: 'appid and mchid do not match' });
        if (!Number.isInteger(p.amount?.total) || p.amount.total <= 0) return answer(400, { code: 'PARAM_ERROR', message: 'amount.total' });
        const seen = trades.get(p.out_trade_no);
        if (seen) {
          if (seen.body !== body && seen.total !== p.amount.total) return answer(400, { code: 'INVALID_REQUEST', message: 'out_trade_no used with other parameters' });
          return answer(200, { prepay_id: seen.prepayId });
        }
        const prepayId = `wx${Date.now().toString(36)}${(seq += 1)}`;
        trades.set(p.out_trade_no, {
          appid: p.appid,
          mchid: p.mchid,
          outTradeNo: p.out_trade_no,
          total: p.amount.total,
          currency: p.amount.currency ?? 'CNY',
          notifyUrl: p.notify_url,
          openid: p.payer?.openid,
          description: p.description,
          prepayId,
          state: 'NOTPAY',
          transactionId: null,
          body,
        });
        return answer(200, { prepay_id: prepayId });
      }
      const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path);
      if (method === 'GET' && q) {
        const t = trades.get(decodeURIComponent(q[1]));
        if (!t) return answer(404, { code: 'ORDER_NOT_EXIST', message: 'no such trade' });
        return answer(200, {
          appid: t.appid,
          mchid: t.mchid,
          out_trade_no: t.outTradeNo,
          transaction_id: t.transactionId ?? undefined,
          trade_state: t.state,
          amount: { total: t.total, currency: t.currency },
        });
      }
      if (method === 'POST' && path === '/v3/refund/domestic/refunds' && parsed) {
        if (state.refundOutages > 0) {
          state.refundOutages -= 1;
          res.writeHead(500, { 'Content-Type': 'application/json' });
          return res.end('{"code":"SYSTEM_ERROR","message":"try again"}');
        }
        const p = parsed as { out_trade_no: string; out_refund_no: string; amount: { refund: number; total: number } };
        const t = trades.get(p.out_trade_no);
        if (!t || (t.state !== 'SUCCESS' && t.state !== 'REFUND')) return answer(400, { code: 'RESOURCE_NOT_EXISTS', message: 'no paid trade' });
        if (p.amount.total !== t.total || p.amount.refund > t.total) return answer(400, { code: 'PARAM_ERROR', message: 'refund amount' });
        const existing = refunds.get(p.out_refund_no);
        const r = existing ?? { outTradeNo: t.outTradeNo, refund: p.amount.refund, status: state.refundMode, refundId: `50${Date.now()}${(seq += 1)}` };
        refunds.set(p.out_refund_no, r);
        if (r.status === 'SUCCESS') t.state = 'REFUND';
        return answer(200, { refund_id: r.refundId, out_refund_no: p.out_refund_no, status: r.status, amount: { refund: r.refund, total: t.total } });
      }
      return answer(404, { code: 'NOT_FOUND', message: uri });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function notification(eventType: string, resource: Record<string, unknown>, o: NotificationOptions = {}): WechatNotification {
    o.tamper?.(resource);
    const nonce = randomBytes(6).toString('hex'); // 12 bytes of text: the GCM nonce
    const associated = 'transaction';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from(associated, 'utf8'));
    const ciphertext = b64(Buffer.concat([cipher.update(JSON.stringify(resource), 'utf8'), cipher.final(), cipher.getAuthTag()]));
    const body = JSON.stringify({
      id: o.id ?? `EV-${randomBytes(8).toString('hex')}`,
      create_time: new Date(opts.now()).toISOString(),
      resource_type: 'encrypt-resource',
      event_type: o.eventType ?? eventType,
      summary: 'notification',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: associated, nonce },
    });
    return { rawBody: body, headers: { 'content-type': 'application/json', ...lower(signedHeaders(body, o.forgeWith, o.serial, o.timestamp)) } };
  }

  const tradeResource = (t: Trade) => ({
    mchid: t.mchid,
    appid: t.appid,
    out_trade_no: t.outTradeNo,
    transaction_id: t.transactionId,
    trade_type: 'JSAPI',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    success_time: new Date(opts.now()).toISOString(),
    payer: { openid: t.openid },
    amount: { total: t.total, payer_total: t.total, currency: 'CNY', payer_currency: 'CNY' },
  });

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    platformPublicKey: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    platformSerial,
    apiV3Key,
    requests,
    trades,
    state,
    /** The customer pays the trade in the wallet; the notification WeChat Pay would send (not sent). */
    payByUser(outTradeNo: string, o: NotificationOptions = {}): WechatNotification {
      const t = trades.get(outTradeNo);
      if (!t) throw new Error(`no trade ${outTradeNo}`);
      t.state = 'SUCCESS';
      t.transactionId = t.transactionId ?? `42000${Date.now()}${(seq += 1)}`;
      return notification('TRANSACTION.SUCCESS', tradeResource(t), o);
    },
    /** Another notification of a paid trade (a new id unless given). */
    paidNotification(outTradeNo: string, o: NotificationOptions = {}): WechatNotification {
      const t = trades.get(outTradeNo);
      if (!t) throw new Error(`no trade ${outTradeNo}`);
      return notification('TRANSACTION.SUCCESS', tradeResource(t), o);
    },
    /** The REFUND.SUCCESS (or ABNORMAL) notification of a refund accepted as PROCESSING. */
    finishRefund(outRefundNo: string, status: 'SUCCESS' | 'ABNORMAL' = 'SUCCESS', o: NotificationOptions = {}): WechatNotification {
      const r = refunds.get(outRefundNo);
      if (!r) throw new Error(`no refund ${outRefundNo}`);
      r.status = status;
      const t = trades.get(r.outTradeNo);
      if (t && status === 'SUCCESS') t.state = 'REFUND';
      return notification(`REFUND.${status}`, {
        mchid: opts.mchid,
        out_trade_no: r.outTradeNo,
        transaction_id: t?.transactionId,
        out_refund_no: outRefundNo,
        refund_id: r.refundId,
        refund_status: status,
        amount: { total: t?.total ?? r.refund, refund: r.refund, payer_total: t?.total ?? r.refund, payer_refund: r.refund },
      }, o);
    },
    /** Sends a notification to a URL (the trade's notify_url by default); the HTTP status. */
    async deliver(n: WechatNotification, url: string): Promise<number> {
      const res = await fetch(url, { method: 'POST', headers: n.headers, body: n.rawBody });
      return res.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const lower = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

export type WechatPayDouble = Awaited<ReturnType<typeof startWechatPayDouble>>;
