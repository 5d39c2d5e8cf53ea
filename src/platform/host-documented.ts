/**
 * Answer fields the hosts' documentation promises but their declarations (miniprogram-api-typings,
 * @mini-types/alipay) leave out. The adapters may read a field beyond the declarations only through
 * a type here; each is listed in docs/decisions.md "Host declarations and documentation" and in the
 * allow-list of test/mini/host-surface.test.ts.
 */

/**
 * `my.request` fail with `error: 19` (HTTP status error): the payment app's my.request reference
 * ("错误码") gives the answer's status, body and headers with it; the declarations' fail type has
 * `error` and `errorMessage` only.
 */
export interface MyRequestHttpError {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}

/**
 * `my.connectSocket`: the payment app's reference lists success / fail / complete callbacks; the
 * declarations' options have none. A refused connect reaches the adapter through `fail`.
 */
export interface MyConnectSocketCallbacks {
  success?: (res: unknown) => void;
  fail?: (e: unknown) => void;
}

/**
 * `my.onSocketClose`: the declarations give `reason` only. The adapter reads a close `code` when the
 * host gives one (the model does) and takes 1006 (closed abnormally) when it does not.
 */
export interface MySocketCloseCode {
  code?: number;
}
