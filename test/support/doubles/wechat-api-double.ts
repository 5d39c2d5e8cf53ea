/**
 * A double of WeChat's server API (api.weixin.qq.com) on loopback, written from WeChat's
 * documentation of the mini program's server calls (not from the server's client):
 *
 * - `GET /sns/jscode2session?appid&secret&js_code&grant_type=authorization_code` → `{openid,
 *   session_key}`; a wrong app id or secret → 40125 / 40013, an unknown or used code → 40029, 40163.
 * - `POST /cgi-bin/stable_token {grant_type: client_credential, appid, secret, force_refresh}` →
 *   `{access_token, expires_in: 7200}`: the same token while it is valid, a new one once it expired
 *   or with force_refresh.
 * - `POST /wxa/business/getuserphonenumber?access_token=… {code}` → `{errcode: 0, phone_info}`.
 * - `POST /cgi-bin/message/subscribe/send?access_token=… {touser, template_id, page, data,
 *   miniprogram_state, lang}` → `{errcode: 0, errmsg: "ok", msgid}`. Each subscription the customer
 *   accepted (`subscribe`) allows one message of that template; none left → 43101 "user refuse to
 *   accept the msg". A token unknown → 40001, expired → 42001. data must be `{key: {value}}`
 *   (47003 otherwise), touser an open id the double issued (40003), template_id non-empty (40037).
 *
 * The double dedupes nothing: every send it accepts is counted in `sends`. Tests can make it fail
 * (`outages`: HTTP 503 answers; `busy`: errcode -1 "system error") or hold the answers of sends it
 * accepted (`holdSends`, `releaseHeld`) — a held send is accepted (counted) before its answer is held.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SubscribeSend {
  touser: string;
  template_id: string;
  page?: string;
  data: Record<string, { value: string }>;
  miniprogram_state?: string;
  lang?: string;
  msgid: number;
}

export interface WechatApiDoubleOptions {
  appId: string;
  secret: string;
}

export async function startWechatApiDouble(opts: WechatApiDoubleOptions) {
  const sends: SubscribeSend[] = [];
  /** Every call of subscribe/send, answered or not (what the server tried). */
  const sendCalls: Array<{ touser: string; template_id: string; answer: number | 'held' | 'http 503' }> = [];
  const tokenFetches: Array<{ force_refresh: boolean }> = [];
  const subscriptions = new Map<string, number>();
  const issuedOpenids = new Set<string>();
  const phoneCodes = new Map<string, string>();
  const usedCodes = new Set<string>();
  const held: Array<() => void> = [];
  const state = {
    /** The next n sends answer HTTP 503 (a gateway outage; nothing is done). */
    outages: 0,
    /** The next n sends answer errcode -1 "system error" (busy; nothing is done). */
    busy: 0,
    /** Hold the answer of every accepted send until `releaseHeld`. */
    holdSends: false,
  };
  let token = { value: '', expired: true };
  const oldTokens = new Set<string>();
  let msgid = 1000;

  const openidOf = (code: string): string => {
    const id = `o${createHash('sha256').update(`${opts.appId}:${code}`).digest('base64url').slice(0, 27)}`;
    issuedOpenids.add(id);
    return id;
  };
  const key = (openid: string, templateId: string) => `${openid}\u0000${templateId}`;

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://double');
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const err = (errcode: number, errmsg: string) => json(200, { errcode, errmsg: `${errmsg} rid: ${randomBytes(4).toString('hex')}` });
      let payload: Record<string, unknown> = {};
      if (req.method === 'POST') {
        try {
          payload = JSON.parse(body || '{}') as Record<string, unknown>;
        } catch {
          return err(47001, 'data format error');
        }
      }
      /** Checks the call's access token: 0, or the errcode it was answered with (unknown 40001, expired 42001). */
      const tokenError = (): number => {
        const t = url.searchParams.get('access_token') ?? '';
        if (t && t === token.value && !token.expired) return 0;
        if (oldTokens.has(t) || (t === token.value && token.expired)) {
          err(42001, 'access_token expired');
          return 42001;
        }
        err(40001, 'invalid credential, access_token is invalid or not latest');
        return 40001;
      };

      if (req.method === 'GET' && url.pathname === '/sns/jscode2session') {
        const q = Object.fromEntries(url.searchParams);
        if (q.appid !== opts.appId) return err(40013, 'invalid appid');
        if (q.secret !== opts.secret) return err(40125, 'invalid appsecret');
        if (q.grant_type !== 'authorization_code') return err(40002, 'invalid grant_type');
        const code = q.js_code ?? '';
        if (!code || code.startsWith('bad')) return err(40029, 'invalid code');
        if (usedCodes.has(code)) return err(40163, 'code been used');
        usedCodes.add(code);
        return json(200, { openid: openidOf(code), session_key: randomBytes(16).toString('base64') });
      }
      if (req.method === 'POST' && url.pathname === '/cgi-bin/stable_token') {
        if (payload.grant_type !== 'client_credential') return err(40002, 'invalid grant_type');
        if (payload.appid !== opts.appId) return err(40013, 'invalid appid');
        if (payload.secret !== opts.secret) return err(40125, 'invalid appsecret');
        const force = payload.force_refresh === true;
        tokenFetches.push({ force_refresh: force });
        if (force || token.expired) {
          if (token.value) oldTokens.add(token.value);
          token = { value: `tok_${randomBytes(12).toString('hex')}`, expired: false };
        }
        return json(200, { access_token: token.value, expires_in: 7200 });
      }
      if (req.method === 'POST' && url.pathname === '/wxa/business/getuserphonenumber') {
        if (tokenError()) return undefined;
        const phone = phoneCodes.get(String(payload.code ?? ''));
        if (!phone) return err(40029, 'invalid code');
        phoneCodes.delete(String(payload.code));
        return json(200, {
          errcode: 0,
          errmsg: 'ok',
          phone_info: { phoneNumber: phone, purePhoneNumber: phone, countryCode: '86', watermark: { timestamp: Math.floor(Date.now() / 1000), appid: opts.appId } },
        });
      }
      if (req.method === 'POST' && url.pathname === '/cgi-bin/message/subscribe/send') {
        const touser = String(payload.touser ?? '');
        const templateId = String(payload.template_id ?? '');
        if (state.outages > 0) {
          state.outages -= 1;
          sendCalls.push({ touser, template_id: templateId, answer: 'http 503' });
          res.writeHead(503, { 'content-type': 'text/html' });
          return res.end('<html>503 Service Unavailable</html>');
        }
        const refused = tokenError();
        if (refused) return sendCalls.push({ touser, template_id: templateId, answer: refused });
        const answer = (code: number, msg: string) => {
          sendCalls.push({ touser, template_id: templateId, answer: code });
          return err(code, msg);
        };
        if (state.busy > 0) {
          state.busy -= 1;
          return answer(-1, 'system error');
        }
        if (!issuedOpenids.has(touser)) return answer(40003, 'invalid openid');
        if (!templateId) return answer(40037, 'invalid template_id');
        const data = payload.data as Record<string, unknown> | undefined;
        const okData =
          !!data &&
          typeof data === 'object' &&
          Object.keys(data).length > 0 &&
          Object.values(data).every((v) => !!v && typeof v === 'object' && typeof (v as { value?: unknown }).value === 'string');
        if (!okData) return answer(47003, 'argument invalid! data.value invalid');
        if (payload.miniprogram_state !== undefined && !['developer', 'trial', 'formal'].includes(String(payload.miniprogram_state)))
          return answer(47003, 'argument invalid! miniprogram_state');
        const left = subscriptions.get(key(touser, templateId)) ?? 0;
        if (left <= 0) return answer(43101, 'user refuse to accept the msg');
        subscriptions.set(key(touser, templateId), left - 1);
        msgid += 1;
        const send: SubscribeSend = {
          touser,
          template_id: templateId,
          ...(typeof payload.page === 'string' ? { page: payload.page } : {}),
          data: data as SubscribeSend['data'],
          ...(typeof payload.miniprogram_state === 'string' ? { miniprogram_state: payload.miniprogram_state } : {}),
          ...(typeof payload.lang === 'string' ? { lang: payload.lang } : {}),
          msgid,
        };
        sends.push(send);
        const reply = () => json(200, { errcode: 0, errmsg: 'ok', msgid: send.msgid });
        if (state.holdSends) {
          sendCalls.push({ touser, template_id: templateId, answer: 'held' });
          held.push(reply);
          return undefined;
        }
        sendCalls.push({ touser, template_id: templateId, answer: 0 });
        return reply();
      }
      return err(40066, 'invalid url');
    });
  });
  // a held answer's socket is left open; closing the double ends them
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    /** Sends accepted (each one a message the customer gets). */
    sends,
    sendCalls,
    tokenFetches,
    state,
    /** The open id jscode2session gives for `code` (the same the login gets). */
    openidOf,
    /** The customer accepts `times` messages of a template (wx.requestSubscribeMessage). */
    subscribe(openid: string, templateId: string, times = 1): void {
      issuedOpenids.add(openid);
      subscriptions.set(key(openid, templateId), (subscriptions.get(key(openid, templateId)) ?? 0) + times);
    },
    subscriptionsLeft: (openid: string, templateId: string): number => subscriptions.get(key(openid, templateId)) ?? 0,
    /** A phone-authorisation code standing for `phone` (getPhoneNumber's code), usable once. */
    phoneCode(phone: string): string {
      const code = `pc_${randomBytes(8).toString('hex')}`;
      phoneCodes.set(code, phone);
      return code;
    },
    /** The current access token expires now (calls with it answer 42001; stable_token gives a new one). */
    expireToken(): void {
      token.expired = true;
    },
    /** Answers every held send. */
    releaseHeld(): void {
      for (const reply of held.splice(0)) reply();
    },
    heldCount: (): number => held.length,
    reset(): void {
      sends.length = 0;
      sendCalls.length = 0;
      tokenFetches.length = 0;
      subscriptions.clear();
      held.length = 0;
      Object.assign(state, { outages: 0, busy: 0, holdSends: false });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export type WechatApiDouble = Awaited<ReturnType<typeof startWechatApiDouble>>;
