/** Helpers shared by the mini program adapters: Taro failures become catalogue answers. */
import type { ErrorCode } from '../domain/errors';
import type { PlatformResult } from './types';

/** The errMsg of a Taro/host failure, if any. */
export const errMsgOf = (e: unknown): string =>
  typeof e === 'object' && e !== null && typeof (e as { errMsg?: unknown }).errMsg === 'string'
    ? (e as { errMsg: string }).errMsg
    : String(e);

/** A failure answer; a host "…:fail cancel" means the user backed out. */
export function failure<T>(code: ErrorCode, e: unknown): PlatformResult<T> {
  const detail = errMsgOf(e);
  return { ok: false, code, detail, cancelled: /cancel/i.test(detail) };
}
