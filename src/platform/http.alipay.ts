import type { Transport, TransportFailure } from '../api/request';

interface MyRequestSuccess {
  data: unknown;
  status: number;
  headers?: Record<string, string>;
}
interface MyRequestFail {
  error?: number;
  errorMessage?: string;
  /** Set with error 19 (HTTP error): the answer's status, body and headers. */
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}
type MyRequest = (options: {
  url: string;
  method: string;
  headers: Record<string, string>;
  data: unknown;
  timeout: number;
  dataType: 'json';
  success: (res: MyRequestSuccess) => void;
  fail: (err: MyRequestFail) => void;
}) => unknown;

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
 */
export const taroTransport: Transport = {
  send: (request) =>
    new Promise((resolve, reject) => {
      const request$ = (my as { request: MyRequest }).request;
      request$({
        url: request.url,
        method: request.method,
        headers: lowerCaseKeys(request.headers),
        // the host serialises an object body as JSON only for a lower-case JSON content-type and
        // as a query string otherwise: a body sent as text is the same JSON whatever the header
        data: typeof request.data === 'object' && request.data !== null ? JSON.stringify(request.data) : request.data,
        timeout: request.timeoutMs,
        dataType: 'json',
        success: (res) => resolve({ statusCode: res.status, data: res.data }),
        fail: (err) => {
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
