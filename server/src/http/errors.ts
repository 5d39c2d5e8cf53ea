import type { ErrorCode, RuleError } from '../../../src/domain/errors';

/**
 * A business or validation failure: answered with HTTP 200 `{result:false, info, code}` (C§8) where
 * `info` is the message of `code` in the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params?: Record<string, string | number>,
    readonly data?: unknown,
    /** Extra detail appended to the message (e.g. which field failed validation). */
    readonly detail?: string,
  ) {
    super(code);
  }
}

/** The two HTTP statuses the client handles (C§8): 401 missing/expired token, 403 stopped shop. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 401 | 403,
    readonly code: ErrorCode,
  ) {
    super(code);
  }
}

/** Builds an AppError; `throw fail('noSmsLeft')`. */
export const fail = (code: ErrorCode, params?: Record<string, string | number>, data?: unknown): AppError =>
  new AppError(code, params, data);

/** Turns a domain RuleError into an AppError. */
export const fromRule = (e: RuleError, data?: unknown): AppError => new AppError(e.code, e.params, data);
