import { ErrorCode } from '../domain/errors';
import { alipayHost } from './alipay-host';
import { failure } from './taro-result';
import type { PhoneAuthAdapter, PlatformResult } from './types';

/** Payment-app: after the getAuthorize button, `my.getPhoneNumber` gives the encrypted response. */
export const phone: PhoneAuthAdapter = {
  supported: true,
  buttonOpenType: 'getAuthorize',
  fromButtonEvent: () =>
    new Promise<PlatformResult<{ code: string }>>((resolve) => {
      alipayHost().getPhoneNumber({
        success: (res) => resolve({ ok: true, value: { code: res.response } }),
        fail: (e) => resolve(failure(ErrorCode.requiredPhone, e)),
      });
    }),
};
