/**
 * WeChat's server API for the chat app (one client per server, docs/architecture.md §21): the login
 * code exchange (`sns/jscode2session`), the phone number of a phone-authorisation code
 * (`wxa/business/getuserphonenumber`) and the subscribe messages of the customer notices
 * (`cgi-bin/message/subscribe/send`, NOTICE-1). One base URL (WECHAT_API_BASE_URL) and one access
 * token: fetched with `cgi-bin/stable_token`, kept in the `platform_tokens` table so every node uses
 * the same one, refreshed by one node at a time (a lease on the row), and dropped once when WeChat
 * calls it invalid or expired (40001, 40014, 42001) — the call is then made again once with a fresh
 * token.
 */
import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { platformTokens } from '../db/schema';

/** WeChat's answers carry `errcode` (0 or absent = success) and `errmsg`. */
export interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
  [k: string]: unknown;
}

/** errcodes that mean the access token is not (or no longer) valid: drop it and ask again, once. */
export const TOKEN_INVALID_CODES: ReadonlySet<number> = new Set([40001, 40014, 42001]);

/**
 * A call that got no answer. `delivered` says whether WeChat may have received it: `no` when the
 * connection was never made (refused, no route, name not found), `maybe` when the request may have
 * been sent (a timeout, a connection cut while waiting).
 */
export class WechatTransportError extends Error {
  constructor(
    message: string,
    readonly delivered: 'no' | 'maybe',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'WechatTransportError';
  }
}

/** An error answer (errcode ≠ 0) where the caller needs a value. */
export class WechatApiError extends Error {
  constructor(readonly answer: WechatAnswer) {
    super(`WeChat errcode ${answer.errcode ?? '?'}: ${answer.errmsg ?? ''}`.trim());
    this.name = 'WechatApiError';
  }
}

/** Codes of a connection that was never made: the request did not leave. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function transportError(err: unknown): WechatTransportError {
  const e = err as { name?: string; message?: string; cause?: { code?: string } };
  const code = e.cause?.code;
  const delivered = code && NOT_SENT.has(code) ? 'no' : 'maybe';
  return new WechatTransportError(`WeChat API unreachable: ${code ?? e.name ?? ''} ${e.message ?? ''}`.trim(), delivered);
}

/** The shared access token of one app (the `platform_tokens` row `wechat:<appid>`). */
export interface TokenStore {
  read(name: string): Promise<{ token: string; expiresAt: number } | null>;
  /** Claims the refresh until `until`; true for one caller at a time. */
  claim(name: string, now: number, until: number): Promise<boolean>;
  save(name: string, token: string, expiresAt: number, now: number): Promise<void>;
  /** Gives the refresh up without a token (the fetch failed). */
  release(name: string, now: number): Promise<void>;
  /** Forgets `token` if it is still the stored one (WeChat called it invalid). */
  drop(name: string, token: string, now: number): Promise<void>;
}

/** The token store of every node: the database. */
export function dbTokenStore(db: Db): TokenStore {
  return {
    async read(name) {
      const [row] = await db.select().from(platformTokens).where(eq(platformTokens.name, name)).limit(1);
      return row?.token && row.expiresAt ? { token: row.token, expiresAt: row.expiresAt } : null;
    },
    async claim(name, now, until) {
      await db.insert(platformTokens).values({ name, updatedAt: now }).onConflictDoNothing();
      const won = await db
        .update(platformTokens)
        .set({ refreshingUntil: until, updatedAt: now })
        .where(
          and(
            eq(platformTokens.name, name),
            or(isNull(platformTokens.refreshingUntil), lt(platformTokens.refreshingUntil, now)),
            // not when another node saved a good token since this one read the store
            or(isNull(platformTokens.token), isNull(platformTokens.expiresAt), lte(platformTokens.expiresAt, now + TOKEN_MARGIN_MS)),
          ),
        )
        .returning({ name: platformTokens.name });
      return won.length === 1;
    },
    async save(name, token, expiresAt, now) {
      await db.update(platformTokens).set({ token, expiresAt, refreshingUntil: null, updatedAt: now }).where(eq(platformTokens.name, name));
    },
    async release(name, now) {
      await db.update(platformTokens).set({ refreshingUntil: null, updatedAt: now }).where(eq(platformTokens.name, name));
    },
    async drop(name, token, now) {
      await db
        .update(platformTokens)
        .set({ token: null, expiresAt: null, updatedAt: now })
        .where(and(eq(platformTokens.name, name), eq(platformTokens.token, token)));
    },
  };
}

/** A token store of one process (a single-node tool, a test without a database). */
export function memoryTokenStore(): TokenStore {
  const rows = new Map<string, { token: string | null; expiresAt: number | null; refreshingUntil: number | null }>();
  const row = (name: string) => {
    let r = rows.get(name);
    if (!r) rows.set(name, (r = { token: null, expiresAt: null, refreshingUntil: null }));
    return r;
  };
  return {
    read: async (name) => {
      const r = row(name);
      return r.token && r.expiresAt ? { token: r.token, expiresAt: r.expiresAt } : null;
    },
    claim: async (name, now, until) => {
      const r = row(name);
      if (r.refreshingUntil !== null && r.refreshingUntil >= now) return false;
      if (r.token !== null && r.expiresAt !== null && r.expiresAt > now + TOKEN_MARGIN_MS) return false;
      r.refreshingUntil = until;
      return true;
    },
    save: async (name, token, expiresAt) => {
      Object.assign(row(name), { token, expiresAt, refreshingUntil: null });
    },
    release: async (name) => {
      row(name).refreshingUntil = null;
    },
    drop: async (name, token) => {
      const r = row(name);
      if (r.token === token) Object.assign(r, { token: null, expiresAt: null });
    },
  };
}

export interface WechatApiOptions {
  appId: string;
  secret: string;
  /** https://api.weixin.qq.com unless set. */
  baseUrl: string;
  tokens: TokenStore;
  now: () => number;
  fetchImpl?: typeof fetch;
  /** Time limit of one call (default 10 s). */
  timeoutMs?: number;
}

/** A token is used until this long before WeChat's expiry. */
const TOKEN_MARGIN_MS = 5 * 60_000;
/** How long one node may take to refresh the token before another may. */
const REFRESH_LEASE_MS = 15_000;

/** The chat app's server API client (one per server, shared by login, phone numbers and notices). */
export class WechatApi {
  private cached: { token: string; expiresAt: number } | null = null;
  private refreshing: Promise<string> | null = null;
  private readonly fetchImpl: typeof fetch;
  private readonly tokenName: string;

  constructor(private readonly opts: WechatApiOptions) {
    this.fetchImpl = opts.fetchImpl ?? fetch;
    this.tokenName = `wechat:${opts.appId}`;
  }

  get appId(): string {
    return this.opts.appId;
  }

  private async request(path: string, init: RequestInit = {}): Promise<WechatAnswer> {
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.opts.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000) });
    } catch (err) {
      throw transportError(err);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw transportError(err);
    }
    // a gateway error page (5xx) is no answer of WeChat's: nothing was done
    if (res.status >= 500) throw new WechatTransportError(`WeChat API answered HTTP ${res.status}`, 'no', res.status);
    try {
      return JSON.parse(text) as WechatAnswer;
    } catch {
      throw new WechatTransportError(`WeChat API answered HTTP ${res.status} without JSON`, res.status >= 400 ? 'no' : 'maybe', res.status);
    }
  }

  private postJson(path: string, body: unknown): Promise<WechatAnswer> {
    return this.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  /**
   * The access token shared by every node: this process's copy while valid, else the stored one,
   * else fetched by the one node that claims the refresh (the others wait for it).
   */
  async accessToken(): Promise<string> {
    const now = this.opts.now();
    if (this.cached && this.cached.expiresAt - TOKEN_MARGIN_MS > now) return this.cached.token;
    // one refresh at a time in this process too
    this.refreshing ??= this.loadToken().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async loadToken(): Promise<string> {
    const { tokens, now } = this.opts;
    for (let round = 0; round < 60; round += 1) {
      const stored = await tokens.read(this.tokenName);
      if (stored && stored.expiresAt - TOKEN_MARGIN_MS > now()) {
        this.cached = stored;
        return stored.token;
      }
      if (await tokens.claim(this.tokenName, now(), now() + REFRESH_LEASE_MS)) {
        try {
          const answer = await this.postJson('/cgi-bin/stable_token', {
            grant_type: 'client_credential',
            appid: this.opts.appId,
            secret: this.opts.secret,
            force_refresh: false,
          });
          if (typeof answer.access_token !== 'string' || !answer.access_token) throw new WechatApiError(answer);
          const expiresIn = typeof answer.expires_in === 'number' ? answer.expires_in : 7200;
          const token = { token: answer.access_token, expiresAt: now() + expiresIn * 1000 };
          await tokens.save(this.tokenName, token.token, token.expiresAt, now());
          this.cached = token;
          return token.token;
        } catch (err) {
          await tokens.release(this.tokenName, now());
          throw err;
        }
      }
      // another node is refreshing: its token shows up in the store
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new WechatTransportError('the WeChat access token is being refreshed by another node for too long', 'no');
  }

  /** Drops a token WeChat called invalid (once for all nodes: only while it is still the stored one). */
  private async dropToken(token: string): Promise<void> {
    if (this.cached?.token === token) this.cached = null;
    await this.opts.tokens.drop(this.tokenName, token, this.opts.now());
  }

  /** A call with the access token; an invalid or expired token is dropped and the call made again once. */
  private async withToken(call: (token: string) => Promise<WechatAnswer>): Promise<WechatAnswer> {
    const token = await this.accessToken();
    const answer = await call(token);
    if (answer.errcode === undefined || !TOKEN_INVALID_CODES.has(answer.errcode)) return answer;
    await this.dropToken(token);
    return call(await this.accessToken());
  }

  /** `sns/jscode2session`: the open id (and union id) of a login code. */
  async codeToSession(code: string): Promise<{ openid: string; unionid?: string } | WechatAnswer> {
    const q = new URLSearchParams({ appid: this.opts.appId, secret: this.opts.secret, js_code: code, grant_type: 'authorization_code' });
    const answer = await this.request(`/sns/jscode2session?${q}`);
    if (typeof answer.openid === 'string' && answer.openid) return { openid: answer.openid, ...(typeof answer.unionid === 'string' ? { unionid: answer.unionid } : {}) };
    return answer;
  }

  /** `wxa/business/getuserphonenumber`: the phone number of a phone-authorisation code, or null. */
  async phoneNumber(code: string): Promise<string | null> {
    const answer = await this.withToken((token) => this.postJson(`/wxa/business/getuserphonenumber?access_token=${encodeURIComponent(token)}`, { code }));
    const info = answer.phone_info as { purePhoneNumber?: unknown } | undefined;
    return answer.errcode === undefined || answer.errcode === 0 ? (typeof info?.purePhoneNumber === 'string' ? info.purePhoneNumber : null) : null;
  }

  /** `cgi-bin/message/subscribe/send`: WeChat's answer (errcode 0 = sent). */
  sendSubscribeMessage(message: SubscribeMessage): Promise<WechatAnswer> {
    return this.withToken((token) => this.postJson(`/cgi-bin/message/subscribe/send?access_token=${encodeURIComponent(token)}`, message));
  }
}

/** The body of `subscribeMessage.send`. */
export interface SubscribeMessage {
  touser: string;
  template_id: string;
  page?: string;
  data: Record<string, { value: string }>;
  miniprogram_state?: 'developer' | 'trial' | 'formal';
  lang?: 'zh_CN' | 'en_US' | 'zh_HK' | 'zh_TW';
}
