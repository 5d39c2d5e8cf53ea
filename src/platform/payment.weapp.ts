import Taro from '@tarojs/taro';
import { ErrorCode } from '../domain/errors';
import { failure } from './taro-result';
import type { PaymentAdapter, WalletPayParams } from './types';

/** Chat-app wallet: the signed parameters come from the server's order answer. */
export const payment: PaymentAdapter = {
  supported: true,
  async requestPayment(params: WalletPayParams) {
    if (!params.timeStamp || !params.nonceStr || !params.package || !params.paySign) {
      return { ok: false, code: ErrorCode.paymentWrong, detail: 'incomplete wallet parameters' };
    }
    try {
      await Taro.requestPayment({
        timeStamp: params.timeStamp,
        nonceStr: params.nonceStr,
        package: params.package,
        signType: (params.signType ?? 'RSA') as 'MD5' | 'HMAC-SHA256' | 'RSA',
        paySign: params.paySign,
      });
      return { ok: true, value: undefined };
    } catch (e) {
      const answer = failure<void>(ErrorCode.paymentWrong, e);
      // a cancelled payment is "Pay cancelled", not a payment fault
      return !answer.ok && answer.cancelled ? { ...answer, code: ErrorCode.payCancelled } : answer;
    }
  },
};
