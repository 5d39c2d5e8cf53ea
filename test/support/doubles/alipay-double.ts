/**
 * An Alipay open-platform gateway double on loopback, written from the protocol (not from the
 * adapter): it checks each request's RSA2 signature (every parameter but `sign`, sorted by name,
 * `k=v&…`, with the application's public key) and its app_id, keeps trades (alipay.trade.create,
 * query, refund, fastpay.refund.query), answers `{"<method>_response": {...}, "sign": "…"}` signed
 * over the exact text of the response object, and builds asynchronous notifications (form fields,
 * RSA2 over the fields but `sign` and `sign_type`) that tests deliver, repeat, forge or withhold.
 * For the mini program (NOTICE-1, USER-1) it also answers `alipay.system.oauth.token` (a login
 * code → the user's id, 2088…) and `alipay.open.app.mini.templatemessage.send` (to_user_id or
 * to_open_id, form_id — the trade number of the customer's payment, good for three messages —,
 * user_template_id, page, data as a JSON string of `{key: {value}}`); it dedupes nothing.
 */
import { createHash, createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AlipayNotification {
  headers: Record<string, string>;
  rawBody: string;
  fields: Record<string, string>;
}

interface Trade {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  buyer: string;
  notifyUrl: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  refunded: Map<string, string>;
}

export interface RecordedAlipayRequest {
  method: string;
  params: Record<string, string>;
  biz: Record<string, unknown>;
  authorized: boolean;
}

export interface AlipayTemplateSend {
  to: string;
  formId: string;
  userTemplateId: string;
  page: string;
  data: Record<string, { value: string }>;
}

export interface AlipayNotificationOptions {
  notifyId?: string;
  /** notify_time as epoch ms (the double's clock by default). */
  at?: number;
  /** Sign with another key (a forgery). */
  forgeWith?: KeyObject;
  /** Change fields before signing (wrong amount, app_id, seller_id …). */
  tamper?: (fields: Record<string, string>) => void;
  /** Change fields after signing (a tampered message). */
  tamperAfter?: (fields: Record<string, string>) => void;
}

const beijing = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const signText = (fields: Record<string, string>, skip: string[]) =>
  Object.keys(fields)
    .filter((k) => !skip.includes(k) && fields[k] !== '' && fields[k] !== undefined)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');

export async function startAlipayDouble(opts: { appId: string; appPublicKey: KeyObject | string; sellerId: string; now: () => number }) {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const trades = new Map<string, Trade>();
  const requests: RecordedAlipayRequest[] = [];
  const state = {
    /** Refund calls still to answer HTTP 502 (an outage). */
    refundOutages: 0,
    /** A business refusal for the next refunds (sub_code), if set. */
    refundRefusal: null as string | null,
    /** Template messages still to answer HTTP 502 (an outage). */
    templateOutages: 0,
  };
  /** Template messages accepted (each one a message the customer gets). */
  const templateSends: AlipayTemplateSend[] = [];
  const formIdUses = new Map<string, number>();
  const userIdOf = (code: string) => `2088${BigInt(`0x${createHash('sha256').update(code).digest('hex').slice(0, 12)}`).toString().padStart(12, '0').slice(-12)}`;
  let seq = 0;
  const sign = (text: string, key: KeyObject = keys.privateKey) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://double');
      const params: Record<string, string> = {};
      for (const [k, v] of url.searchParams) params[k] = v;
      for (const [k, v] of new URLSearchParams(body)) params[k] = v;
      const method = params.method ?? '';
      const authorized =
        params.app_id === opts.appId &&
        params.sign_type === 'RSA2' &&
        createVerify('RSA-SHA256').update(signText(params, ['sign']), 'utf8').verify(opts.appPublicKey, params.sign ?? '', 'base64');
      let biz: Record<string, unknown> = {};
      try {
        biz = params.biz_content ? (JSON.parse(params.biz_content) as Record<string, unknown>) : {};
      } catch {
        biz = {};
      }
      requests.push({ method, params, biz, authorized });
      const key = `${method.replaceAll('.', '_')}_response`;
      const answer = (inner: Record<string, unknown>) => {
        const text = JSON.stringify(inner);
        res.writeHead(200, { 'Content-Type': 'application/json;charset=utf-8' });
        res.end(`{"${key}":${text},"sign":"${sign(text)}"}`);
      };
      const refuse = (subCode: string, subMsg: string) => answer({ code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });
      if (!authorized) return answer({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: 'signature check failed' });
      const outTradeNo = String(biz.out_trade_no ?? '');
      const t = trades.get(outTradeNo);
      if (method === 'alipay.trade.create') {
        if (t) return answer({ code: '10000', msg: 'Success', out_trade_no: outTradeNo, trade_no: t.tradeNo });
        if (!/^\d+\.\d{2}$/.test(String(biz.total_amount))) return refuse('ACQ.INVALID_PARAMETER', 'total_amount');
        const tradeNo = `2026${Date.now()}${String((seq += 1)).padStart(4, '0')}`;
        trades.set(outTradeNo, {
          outTradeNo,
          tradeNo,
          totalAmount: String(biz.total_amount),
          buyer: String(biz.buyer_id ?? biz.buyer_open_id ?? ''),
          notifyUrl: params.notify_url ?? '',
          status: 'WAIT_BUYER_PAY',
          refunded: new Map(),
        });
        return answer({ code: '10000', msg: 'Success', out_trade_no: outTradeNo, trade_no: tradeNo });
      }
      if (method === 'alipay.trade.query') {
        if (!t) return refuse('ACQ.TRADE_NOT_EXIST', 'no such trade');
        return answer({ code: '10000', msg: 'Success', out_trade_no: outTradeNo, trade_no: t.tradeNo, trade_status: t.status, total_amount: t.totalAmount });
      }
      if (method === 'alipay.trade.refund') {
        if (state.refundOutages > 0) {
          state.refundOutages -= 1;
          res.writeHead(502);
          return res.end('bad gateway');
        }
        if (state.refundRefusal) return refuse(state.refundRefusal, 'refused');
        if (!t || t.status !== 'TRADE_SUCCESS') return refuse('ACQ.TRADE_STATUS_ERROR', 'the trade is not paid');
        const requestNo = String(biz.out_request_no ?? '');
        const again = t.refunded.has(requestNo);
        if (!again) t.refunded.set(requestNo, String(biz.refund_amount));
        return answer({ code: '10000', msg: 'Success', out_trade_no: outTradeNo, trade_no: t.tradeNo, refund_fee: String(biz.refund_amount), fund_change: again ? 'N' : 'Y' });
      }
      if (method === 'alipay.trade.fastpay.refund.query') {
        const done = t?.refunded.get(String(biz.out_request_no ?? ''));
        return answer({ code: '10000', msg: 'Success', out_trade_no: outTradeNo, ...(done ? { refund_status: 'REFUND_SUCCESS', refund_amount: done } : {}) });
      }
      if (method === 'alipay.system.oauth.token') {
        const code = params.code ?? '';
        if (params.grant_type !== 'authorization_code' || !code || code.startsWith('bad'))
          return answer({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.code-invalid', sub_msg: '授权码code无效' });
        return answer({ user_id: userIdOf(code), access_token: `ato${randomBytes(8).toString('hex')}`, expires_in: 1296000, refresh_token: `rto${randomBytes(8).toString('hex')}`, re_expires_in: 2592000 });
      }
      if (method === 'alipay.open.app.mini.templatemessage.send') {
        if (state.templateOutages > 0) {
          state.templateOutages -= 1;
          res.writeHead(502);
          return res.end('bad gateway');
        }
        const to = String(biz.to_user_id ?? biz.to_open_id ?? '');
        const formId = String(biz.form_id ?? '');
        const userTemplateId = String(biz.user_template_id ?? '');
        let data: Record<string, { value: string }> | null = null;
        try {
          const parsed = JSON.parse(String(biz.data ?? '')) as Record<string, { value?: unknown }>;
          if (parsed && typeof parsed === 'object' && Object.values(parsed).every((v) => typeof v?.value === 'string')) data = parsed as Record<string, { value: string }>;
        } catch {
          data = null;
        }
        if (!to || !userTemplateId || typeof biz.page !== 'string' || !data) return refuse('INVALID_PARAMETER', '参数有误');
        // the form id is the customer's own paid trade (or a form they submitted), good for three messages
        const trade = [...trades.values()].find((x) => x.tradeNo === formId);
        if (!trade || trade.buyer !== to || trade.status === 'WAIT_BUYER_PAY') return refuse('FORM_ID_ILLEGAL', 'form_id 无效');
        const used = formIdUses.get(formId) ?? 0;
        if (used >= 3) return refuse('FORM_ID_USED_UP', 'form_id 可用次数已用完');
        formIdUses.set(formId, used + 1);
        templateSends.push({ to, formId, userTemplateId, page: biz.page, data });
        return answer({ code: '10000', msg: 'Success' });
      }
      return answer({ code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method', sub_msg: method });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function notification(t: Trade, status: string, o: AlipayNotificationOptions = {}): AlipayNotification {
    const at = o.at ?? opts.now();
    const fields: Record<string, string> = {
      notify_time: beijing(at),
      notify_type: 'trade_status_sync',
      notify_id: o.notifyId ?? `ntf${randomBytes(10).toString('hex')}`,
      app_id: opts.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      trade_status: status,
      total_amount: t.totalAmount,
      receipt_amount: t.totalAmount,
      buyer_id: t.buyer,
      seller_id: opts.sellerId,
      gmt_payment: beijing(at),
    };
    o.tamper?.(fields);
    fields.sign = sign(signText(fields, ['sign', 'sign_type']), o.forgeWith);
    o.tamperAfter?.(fields);
    return { fields, rawBody: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } };
  }

  return {
    gateway: `http://127.0.0.1:${port}/gateway.do`,
    alipayPublicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    requests,
    trades,
    state,
    templateSends,
    /** The user id alipay.system.oauth.token gives for a login code. */
    userIdOf,
    /** The buyer pays in the wallet; the notification Alipay would send (not sent). */
    payByUser(outTradeNo: string, o: AlipayNotificationOptions = {}): AlipayNotification {
      const t = trades.get(outTradeNo);
      if (!t) throw new Error(`no trade ${outTradeNo}`);
      t.status = 'TRADE_SUCCESS';
      return notification(t, 'TRADE_SUCCESS', o);
    },
    /** Another notification of the trade's current state (a new notify_id unless given). */
    notificationOf(outTradeNo: string, status: string, o: AlipayNotificationOptions = {}): AlipayNotification {
      const t = trades.get(outTradeNo);
      if (!t) throw new Error(`no trade ${outTradeNo}`);
      return notification(t, status, o);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type AlipayDouble = Awaited<ReturnType<typeof startAlipayDouble>>;
