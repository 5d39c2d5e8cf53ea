import type { Transport, TransportFailure } from '../api/request';
import type { MyRequestHttpError } from './host-documented';

/** The declared fail answer of `my.request` (@mini-types/alipay), with the documented HTTP-error fields. */
type MyRequestFail = Parameters<NonNullable<Parameters<typeof my.request>[0]['fail']>>[0] & MyRequestHttpError;

/** my.request error codes (the payment app's my.request reference, "错误码"). */
const MY_REQUEST_ERROR = { abort: 9, network: 12, timeout: 13, decode: 14, http: 19 } as const;

/** A JSON body the host left as text (error answers are not always decoded). */
function decoded(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

/** Header names in lower case, as the host expects them (its own default is `content-type`). */
function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}

/**
 * The payment app's request semantics (docs/architecture.md §13 Platform by build): `my.request` calls `success` with
 * `{data, status, headers}` for 2xx answers only; every other status goes to `fail` with
 * `error: 19` (HTTP error) and the answer's `status` and `data`. Those are answers, not transport
 * failures: the request layer must see 401 (login again), 403 (shop stopped) and 5xx as such.
 * Only a fail without a status (timeout 13, abort 9, network 12…) means no answer arrived.
 * The call and its answers are typed by the host's declarations (@mini-types/alipay, tsconfig.alipay.json).
 */
export const taroTransport: Transport = {
  send: (request) =>
    new Promise((resolve, reject) => {
      my.request({
        url: request.url,
        method: request.method,
        headers: lowerCaseKeys(request.headers),
        // the host serialises an object body as JSON only for a lower-case JSON content-type and
        // as a query string otherwise: a body sent as text is the same JSON whatever the header
        data: (typeof request.data === 'object' && request.data !== null ? JSON.stringify(request.data) : request.data) as string | undefined,
        timeout: request.timeoutMs,
        dataType: 'json',
        success: (res) => resolve({ statusCode: res.status, data: res.data }),
        fail: (err: MyRequestFail) => {
          if (typeof err.status === 'number' && err.status > 0) {
            resolve({ statusCode: err.status, data: decoded(err.data) });
            return;
          }
          const kind =
            err.error === MY_REQUEST_ERROR.timeout ? 'timeout' : err.error === MY_REQUEST_ERROR.abort ? 'abort' : 'network';
          const failure: TransportFailure = { errMsg: `request:fail ${kind} (${err.error ?? '?'} ${err.errorMessage ?? ''})` };
          reject(failure);
        },
      });
    }),
};
