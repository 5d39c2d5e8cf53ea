import Taro from '@tarojs/taro';
import type { ModalOptions, UiAdapter } from './types';

/** C§9: toasts show 1500 ms. */
export const TOAST_DURATION_MS = 1500;

const quiet = async (p: Promise<unknown>): Promise<void> => {
  try {
    await p;
  } catch {
    // a navigation refused by the host (e.g. to the current page) changes nothing
  }
};

/** Toast, modal and navigation through Taro (identical on every platform). */
export const ui: UiAdapter = {
  toast(message, options) {
    if (!message) return;
    void quiet(
      Taro.showToast({ title: message, icon: options?.icon ?? 'none', duration: options?.durationMs ?? TOAST_DURATION_MS }),
    );
  },
  async modal(options: ModalOptions) {
    try {
      const res = await Taro.showModal({
        title: options.title ?? '',
        content: options.content,
        showCancel: options.showCancel ?? true,
        ...(options.confirmText ? { confirmText: options.confirmText } : {}),
        ...(options.cancelText ? { cancelText: options.cancelText } : {}),
      });
      return res.confirm;
    } catch {
      return false;
    }
  },
  navigateTo: (url) => quiet(Taro.navigateTo({ url })),
  redirectTo: (url) => quiet(Taro.redirectTo({ url })),
  reLaunch: (url) => quiet(Taro.reLaunch({ url })),
  switchTab: (url) => quiet(Taro.switchTab({ url })),
  navigateBack: (delta = 1) => quiet(Taro.navigateBack({ delta })),
  setTitle(title) {
    void quiet(Taro.setNavigationBarTitle({ title }));
  },
};
