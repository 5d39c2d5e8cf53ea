import { ErrorCode } from '../domain/errors';
import type { PhoneAuthAdapter } from './types';

/** Chat-app: the getPhoneNumber button event carries a one-time code (or a deny errMsg). */
export const phone: PhoneAuthAdapter = {
  supported: true,
  buttonOpenType: 'getPhoneNumber',
  async fromButtonEvent(detail) {
    const d = (detail ?? {}) as { code?: unknown; errMsg?: unknown };
    if (typeof d.code === 'string' && d.code !== '') return { ok: true, value: { code: d.code } };
    const errMsg = typeof d.errMsg === 'string' ? d.errMsg : 'no code';
    // "getPhoneNumber:fail user deny": the user said no
    return { ok: false, code: ErrorCode.requiredPhone, cancelled: /deny|cancel/i.test(errMsg), detail: errMsg };
  },
};
