import Taro from '@tarojs/taro';
import type { AppLifecycle } from './types';

/** App show/hide through Taro (host events on mini programs, page visibility in browsers). */
export const lifecycle: AppLifecycle = {
  onShow(listener) {
    const handler = () => listener();
    Taro.onAppShow(handler);
    return () => Taro.offAppShow(handler);
  },
  onHide(listener) {
    const handler = () => listener();
    Taro.onAppHide(handler);
    return () => Taro.offAppHide(handler);
  },
};
