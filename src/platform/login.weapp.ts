import Taro from '@tarojs/taro';
import { ErrorCode } from '../domain/errors';
import { failure } from './taro-result';
import type { LoginAdapter } from './types';

/** Chat-app login: `wx.login` gives a one-time code the server exchanges (user/login). */
export const login: LoginAdapter = {
  supported: true,
  async login() {
    try {
      const res = await Taro.login();
      return { ok: true, value: { code: res.code, via: 'login' } };
    } catch (e) {
      return failure(ErrorCode.loginExpired, e);
    }
  },
};
