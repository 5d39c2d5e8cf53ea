/**
 * The request layer (API-1, API-2; C§7, C§8, P§7, P§8).
 * Every call is a JSON POST to `<host>/new/consumer/<path>` with the headers token, Abroad-Env,
 * language and userAgentType, a 60 s timeout, and the error catalogue of C§8 applied in one place.
 * Transport, storage, toast and navigation are injected, so tests need no Taro.
 */
import { ErrorCode, FrameworkCode, NEED_REGISTER_IN_STORE_CODE, ruleError } from '../domain/errors';
import type { RuleError } from '../domain/errors';
import { Limits } from '../domain/enums';
import type { RequestLanguage } from '../domain/language';
import type { KeyValueStorage } from '../platform/types';
import type { ReqOf, ResOf } from './contract/common';

/** C§7: the consumer API base path (kept in step with API_BASE of the contract). */
export const CONSUMER_BASE_PATH = '/new/consumer/';
/** C§2: the entry page a 401 returns to. */
export const ENTRY_PAGE = '/pages/index/index';
/** Storage keys of the identity the 401 flow clears (C§6). */
export const TOKEN_STORAGE_KEY = 'token';
export const OPENID_STORAGE_KEY = 'openid';

/** The request headers of C§7, spelled as the spec spells them. */
export const RequestHeader = {
  token: 'token',
  abroadEnv: 'Abroad-Env',
  language: 'language',
  userAgentType: 'userAgentType',
  idempotencyKey: 'Idempotency-Key',
} as const;

// ---------------------------------------------------------------------------------------------
// Transport

export interface TransportRequest {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  data: unknown;
  timeoutMs: number;
}

export interface TransportResponse {
  statusCode: number;
  data: unknown;
}

/** A transport-level failure (no HTTP answer); `errno` carries the framework code of C§8 if known. */
export interface TransportFailure {
  errno?: number;
  errMsg?: string;
}

/** Sends one HTTP request; rejects with a TransportFailure when no answer arrives. */
export interface Transport {
  send(request: TransportRequest): Promise<TransportResponse>;
}

// ---------------------------------------------------------------------------------------------
// Errors

/** Why a call failed: a business answer (result false), an HTTP status, or the transport. */
export type ApiErrorKind = 'business' | 'http' | 'transport';

/** A failed call. `code` is a catalogue code; `info` the text shown (the server's, or the locale's). */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: ErrorCode;
  readonly info: string;
  readonly status?: number;
  /** The code as the server or framework sent it (e.g. -1 for "register in store", 5 for timeout). */
  readonly rawCode?: string | number;
  /** Extra data of a business failure (e.g. the short product of a stock check). */
  readonly data?: unknown;
  /** The values the server filled its message with ({{product}}, {{amount}}…). */
  readonly params?: Record<string, string | number>;

  constructor(init: {
    kind: ApiErrorKind;
    code: ErrorCode;
    info: string;
    status?: number;
    rawCode?: string | number;
    data?: unknown;
    params?: Record<string, string | number>;
  }) {
    super(init.info);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.code = init.code;
    this.info = init.info;
    this.status = init.status;
    this.rawCode = init.rawCode;
    this.data = init.data;
    this.params = init.params;
  }
}

/** A failed call as a rule failure: its code with the server's values, so the app's text is complete. */
export function ruleOf(error: ApiError): RuleError {
  return ruleError(error.code, error.params);
}

/** The string and number values of a failure's `params` (anything else is dropped). */
function failureParams(raw: unknown): Record<string, string | number> | undefined {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** A call's outcome as data, for callers that branch rather than catch. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/** Turns a call into an ApiResult (non-API errors are rethrown: they are bugs). */
export async function settle<T>(call: Promise<T>): Promise<ApiResult<T>> {
  try {
    return { ok: true, data: await call };
  } catch (e) {
    if (isApiError(e)) return { ok: false, error: e };
    throw e;
  }
}

const ERROR_CODES = new Set<string>(Object.values(ErrorCode));
const isErrorCode = (v: unknown): v is ErrorCode => typeof v === 'string' && ERROR_CODES.has(v);

/** C§8 framework codes → catalogue codes. */
export function frameworkErrorCode(failure: TransportFailure): ErrorCode {
  switch (failure.errno) {
    case FrameworkCode.timeout:
      return ErrorCode.requestTimeout;
    case FrameworkCode.abort:
      return ErrorCode.requestAborted;
    case FrameworkCode.socketConnectFailure:
      return ErrorCode.socketConnectFailed;
    case FrameworkCode.networkError:
      return ErrorCode.networkError;
    default: {
      // hosts without errno report the kind only in errMsg ("request:fail timeout", "…abort")
      const msg = (failure.errMsg ?? '').toLowerCase();
      if (msg.includes('timeout')) return ErrorCode.requestTimeout;
      if (msg.includes('abort')) return ErrorCode.requestAborted;
      return ErrorCode.networkError;
    }
  }
}

/** C§8 HTTP statuses → catalogue codes (2xx never gets here). */
export function httpErrorCode(status: number): ErrorCode {
  if (status === 401) return ErrorCode.loginExpired;
  if (status === 403) return ErrorCode.forbidden;
  if (status > 302) return ErrorCode.serverError;
  return ErrorCode.networkError;
}

// ---------------------------------------------------------------------------------------------
// Token

interface StoredToken {
  value: string;
  expiresAt: number;
}

/** The login token, stored with its expiry: it lives 24 hours on the device (C§4 "Other", C§9). */
export class TokenStore {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly now: () => number = Date.now,
  ) {}

  /** The token, or null when none is stored or it has expired (an expired one is dropped). */
  get(): string | null {
    const stored = this.storage.get<StoredToken | string>(TOKEN_STORAGE_KEY);
    if (!stored || typeof stored !== 'object' || typeof stored.value !== 'string') {
      if (stored !== undefined) this.storage.remove(TOKEN_STORAGE_KEY);
      return null;
    }
    if (stored.expiresAt <= this.now()) {
      this.storage.remove(TOKEN_STORAGE_KEY);
      return null;
    }
    return stored.value;
  }

  /**
   * Stores a token for 24 hours from now, or until the server's expiry when that comes first. The
   * server has just issued the token, so an expiry already past on this device's clock means the
   * clocks disagree (a phone set days ahead): the token then lives its 24 hours by the device's
   * clock, and the server's 401 still ends it. Taken as given, it would be dropped at once and every
   * login answered by another login.
   */
  set(token: string, expiresAt?: number): void {
    const now = this.now();
    const local = now + Limits.tokenLifeMs;
    const until = expiresAt !== undefined && expiresAt > now && expiresAt < local ? expiresAt : local;
    this.storage.set(TOKEN_STORAGE_KEY, { value: token, expiresAt: until });
  }

  clear(): void {
    this.storage.remove(TOKEN_STORAGE_KEY);
  }
}

// ---------------------------------------------------------------------------------------------
// Client

/** Per-call options. */
export interface CallOptions {
  /** Suppress the toast of a business failure (result false); the call still rejects. */
  silent?: boolean;
  /** Sent as Idempotency-Key (order submission, so a retry never creates a second order). */
  idempotencyKey?: string;
}

/** What the client needs from the rest of the app. */
export interface RequestDeps {
  transport: Transport;
  storage: KeyValueStorage;
  /** Shows a toast (C§9: 1500 ms). */
  toast: (message: string) => void;
  /** Closes every page and opens `url` (401 → entry page). */
  reLaunch: (url: string) => void | Promise<void>;
  /** The localised text of a catalogue code (the i18n `errorMessage`). */
  message: (code: ErrorCode) => string;
  /** Header values that change at run time. */
  context: () => { abroad: boolean; language: RequestLanguage; userAgentType: number | string | null };
  /** Scheme and host chosen by the environment; empty = same origin. */
  host?: string;
  /** Called after a 401 cleared the stored identity, so in-memory state can follow. */
  onUnauthorized?: () => void;
  now?: () => number;
}

interface Envelope {
  result: boolean;
  info?: unknown;
  code?: unknown;
  data?: unknown;
  params?: unknown;
}

const isEnvelope = (body: unknown): body is Envelope =>
  typeof body === 'object' && body !== null && typeof (body as { result?: unknown }).result === 'boolean';

/** The consumer API client: one `post()` for every call of C§7 / P§7. */
export class RequestClient {
  readonly tokens: TokenStore;

  constructor(private readonly deps: RequestDeps) {
    this.tokens = new TokenStore(deps.storage, deps.now);
  }

  /** The absolute URL of a call path such as `store/detail`. */
  url(path: string): string {
    return `${this.deps.host ?? ''}${CONSUMER_BASE_PATH}${path.replace(/^\//, '')}`;
  }

  /** The headers of C§7 for the next call. */
  headers(options?: CallOptions): Record<string, string> {
    const ctx = this.deps.context();
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      [RequestHeader.token]: this.tokens.get() ?? '',
      [RequestHeader.abroadEnv]: ctx.abroad ? '1' : '0',
      [RequestHeader.language]: ctx.language,
      // no order type chosen yet: an empty userAgentType (the server reads it as unknown)
      [RequestHeader.userAgentType]: ctx.userAgentType == null ? '' : String(ctx.userAgentType),
    };
    if (options?.idempotencyKey) headers[RequestHeader.idempotencyKey] = options.idempotencyKey;
    return headers;
  }

  /** The headers of C§7 without a content type (multipart uploads set their own). */
  authHeaders(): Record<string, string> {
    const headers = this.headers();
    delete headers['Content-Type'];
    return headers;
  }

  /** POSTs `body` to `path`; resolves with `info` of a `result: true` answer, rejects with ApiError. */
  async post<T>(path: string, body: unknown = {}, options: CallOptions = {}): Promise<T> {
    let response: TransportResponse;
    try {
      response = await this.deps.transport.send({
        url: this.url(path),
        method: 'POST',
        headers: this.headers(options),
        data: body ?? {},
        timeoutMs: Limits.requestTimeoutMs,
      });
    } catch (e) {
      throw this.transportFailure(e);
    }

    const { statusCode, data } = response;
    // C§7: success is HTTP 200–299
    if (statusCode < 200 || statusCode > 299) throw this.httpFailure(statusCode);
    if (!isEnvelope(data)) {
      const info = this.deps.message(ErrorCode.serverError);
      this.deps.toast(info);
      throw new ApiError({ kind: 'http', code: ErrorCode.serverError, info, status: statusCode });
    }
    if (data.result) return data.info as T;
    throw this.businessFailure(data, options, statusCode);
  }

  /** Stores the token of a login answer (24 h). */
  setToken(token: string): void {
    this.tokens.set(token);
  }

  /** Clears the stored identity (C§6: token and openid). */
  clearIdentity(): void {
    this.tokens.clear();
    this.deps.storage.remove(OPENID_STORAGE_KEY);
  }

  private businessFailure(data: Envelope, options: CallOptions, status: number): ApiError {
    const rawCode = typeof data.code === 'string' || typeof data.code === 'number' ? data.code : undefined;
    // P§8: the fast-bind code -1 means "register in the store"
    const code = isErrorCode(rawCode)
      ? rawCode
      : rawCode === NEED_REGISTER_IN_STORE_CODE
        ? ErrorCode.needRegisterInStore
        : ErrorCode.badRequest;
    const info = typeof data.info === 'string' && data.info !== '' ? data.info : this.deps.message(code);
    // C§7: result false shows info as a toast unless the call suppresses it
    if (!options.silent) this.deps.toast(info);
    return new ApiError({ kind: 'business', code, info, status, rawCode, data: data.data, params: failureParams(data.params) });
  }

  private httpFailure(status: number): ApiError {
    const code = httpErrorCode(status);
    const info = this.deps.message(code);
    this.deps.toast(info);
    if (status === 401) {
      // C§8 / C§6: a 401 clears openid and token and returns to the entry page
      this.clearIdentity();
      this.deps.onUnauthorized?.();
      void this.deps.reLaunch(ENTRY_PAGE);
    }
    return new ApiError({ kind: 'http', code, info, status });
  }

  private transportFailure(e: unknown): ApiError {
    const failure: TransportFailure = typeof e === 'object' && e !== null ? (e as TransportFailure) : {};
    const code = frameworkErrorCode(failure);
    const info = this.deps.message(code);
    // an abort is the app's own doing (a page left, a newer call replaced it): nothing to tell the user
    if (code !== ErrorCode.requestAborted) this.deps.toast(info);
    return new ApiError({ kind: 'transport', code, info, rawCode: failure.errno });
  }
}

/** A fresh Idempotency-Key for one order submission (a retry of the same submission reuses it). */
export function newIdempotencyKey(): string {
  const random = Math.random().toString(36).slice(2, 12);
  return `${Date.now().toString(36)}-${random}`;
}

// ---------------------------------------------------------------------------------------------
// Typed calls

/**
 * One call of the contract as a function: the request and answer types come from the contract
 * definition `C` (type-only import, docs/architecture.md §14 The contract). A call whose request has no required field
 * may be made without one.
 */
export type CallFn<C> = (Record<string, never> extends ReqOf<C>
  ? (request?: ReqOf<C>, options?: CallOptions) => Promise<ResOf<C>>
  : (request: ReqOf<C>, options?: CallOptions) => Promise<ResOf<C>>) & {
  /** The call's path under /new/consumer/ (kept equal to the contract's, a test checks). */
  readonly path: string;
};

/** Binds a contract call to a client; `defaults` are per-call options such as `silent` (C§7). */
export function bindCall<C>(client: RequestClient, path: string, defaults: CallOptions = {}): CallFn<C> {
  const fn = (request?: unknown, options?: CallOptions) =>
    client.post<ResOf<C>>(path, request ?? {}, { ...defaults, ...options });
  return Object.assign(fn, { path }) as unknown as CallFn<C>;
}
