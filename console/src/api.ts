/**
 * The console's request layer: one POST per call to `/console/api/<path>` with a JSON body and the
 * session cookie (httpOnly, never read here). Every success is validated with the contract's `res`
 * schema; a failure becomes a `ConsoleApiError` carrying the server's code, params and data. A 401
 * (the session ended or never was) runs `onUnauthorized` before the error reaches the caller.
 */
import { z } from 'zod';
import type { ReqOf, ResOf } from '../../src/api/contract/common';
import { CONSOLE_API_BASE, consoleCalls } from '../../src/api/contract/console';

export type ConsoleCalls = typeof consoleCalls;
export type CallName = keyof ConsoleCalls;

/** The part of `fetch` the layer uses (injected in tests). */
export type FetchLike = (
  url: string,
  init: { method: 'POST'; credentials: 'same-origin'; headers: Record<string, string>; body: string },
) => Promise<{ status: number; json(): Promise<unknown> }>;

/** A failure as the server shapes it (src/api/contract/common.ts `Failure`), read loosely: codes may be newer than this build. */
const FailureShape = z.object({
  result: z.literal(false),
  info: z.string().optional(),
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  data: z.unknown().optional(),
});

export class ConsoleApiError extends Error {
  constructor(
    readonly code: string,
    /** The server's own message (in zh or en), when it sent one. */
    readonly info: string,
    readonly status: number,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = undefined,
  ) {
    super(`${code}: ${info}`);
    this.name = 'ConsoleApiError';
  }
}

export interface ConsoleApiOptions {
  fetch: FetchLike;
  /** The `language` header (zh or en) for the server's own messages. */
  language?: () => string;
  /** Called on any 401 (the session is gone): the app signs out locally. */
  onUnauthorized?: () => void;
  base?: string;
}

export class ConsoleApi {
  constructor(private readonly options: ConsoleApiOptions) {}

  async call<K extends CallName>(name: K, req: ReqOf<ConsoleCalls[K]>): Promise<ResOf<ConsoleCalls[K]>> {
    const def = consoleCalls[name];
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const language = this.options.language?.();
    if (language) headers.language = language;
    let status = 0;
    let body: unknown;
    try {
      const res = await this.options.fetch(`${this.options.base ?? CONSOLE_API_BASE}${def.path}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers,
        body: JSON.stringify(req),
      });
      status = res.status;
      body = await res.json().catch(() => undefined);
    } catch {
      throw new ConsoleApiError('networkError', '', 0);
    }
    const failure = FailureShape.safeParse(body);
    if (status === 401) {
      this.options.onUnauthorized?.();
      throw new ConsoleApiError('loginExpired', failure.success ? (failure.data.info ?? '') : '', 401);
    }
    if (failure.success) {
      const f = failure.data;
      throw new ConsoleApiError(f.code ?? (status === 403 ? 'forbidden' : 'serverError'), f.info ?? '', status, f.params ?? {}, f.data);
    }
    if (status === 403) throw new ConsoleApiError('forbidden', '', status);
    if (status === 429) throw new ConsoleApiError('tooManyRequests', '', status);
    if (status >= 400 || !body || typeof body !== 'object' || (body as { result?: unknown }).result !== true) {
      throw new ConsoleApiError('serverError', '', status);
    }
    const parsed = def.res.safeParse((body as { info: unknown }).info);
    if (!parsed.success) throw new ConsoleApiError('serverError', `answer of ${def.path} outside the contract`, status);
    return parsed.data as ResOf<ConsoleCalls[K]>;
  }
}

/** The minutes a locked account waits, wherever the server put them (params, data, or the text). */
export function lockedMinutes(err: ConsoleApiError): number | null {
  const fromRecord = (r: unknown): number | null => {
    if (!r || typeof r !== 'object') return null;
    const rec = r as Record<string, unknown>;
    for (const key of ['minutes', 'minutesLeft', 'retryMinutes', 'lockedMinutes']) {
      const v = Number(rec[key]);
      if (rec[key] !== undefined && Number.isFinite(v)) return Math.max(1, Math.ceil(v));
    }
    for (const key of ['lockedUntilMs', 'retryAfterMs', 'msLeft']) {
      const v = Number(rec[key]);
      if (rec[key] !== undefined && Number.isFinite(v)) return Math.max(1, Math.ceil(v / 60_000));
    }
    return null;
  };
  const found = fromRecord(err.params) ?? fromRecord(err.data);
  if (found !== null) return found;
  const m = /(\d+)/.exec(err.info);
  return m ? Number(m[1]) : null;
}
