import { ErrorCode } from '../domain/errors';
import { alipayHost } from './alipay-host';
import { failure } from './taro-result';
import type { PaymentAdapter, PlatformResult, WalletPayParams } from './types';

/** Payment-app result codes: 9000 paid, 8000/6004 still processing, 6001 cancelled. */
const PAID = '9000';
const PROCESSING = ['8000', '6004'];
const CANCELLED = '6001';

/** Payment-app wallet: `my.tradePay` with the trade number the server created. */
export const payment: PaymentAdapter = {
  supported: true,
  requestPayment: (params: WalletPayParams) =>
    new Promise<PlatformResult<void>>((resolve) => {
      if (!params.tradeNO) {
        resolve({ ok: false, code: ErrorCode.paymentWrong, detail: 'missing tradeNO' });
        return;
      }
      alipayHost().tradePay({
        tradeNO: params.tradeNO,
        success: ({ resultCode }) => {
          if (resultCode === PAID) resolve({ ok: true, value: undefined });
          else if (resultCode === CANCELLED) resolve({ ok: false, code: ErrorCode.payCancelled, cancelled: true });
          // the wallet does not know yet: the order page asks the server (C§8 "check whether paid")
          else if (PROCESSING.includes(resultCode)) resolve({ ok: false, code: ErrorCode.checkWhetherPaid, detail: resultCode });
          else resolve({ ok: false, code: ErrorCode.paymentWrong, detail: resultCode });
        },
        fail: (e) => resolve(failure(ErrorCode.paymentWrong, e)),
      });
    }),
};
