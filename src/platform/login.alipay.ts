import { ErrorCode } from '../domain/errors';
import { alipayHost } from './alipay-host';
import { failure } from './taro-result';
import type { LoginAdapter, PlatformResult } from './types';

type LoginCode = { code: string; via: 'aliLogin' };

/** Payment-app login: a silent auth code (scope auth_base) the server exchanges (user/aliLogin). */
export const login: LoginAdapter = {
  supported: true,
  login: () =>
    new Promise<PlatformResult<LoginCode>>((resolve) => {
      alipayHost().getAuthCode({
        scopes: 'auth_base',
        success: (res) => resolve({ ok: true, value: { code: res.authCode, via: 'aliLogin' } }),
        fail: (e) => resolve(failure(ErrorCode.loginExpired, e)),
      });
    }),
};
