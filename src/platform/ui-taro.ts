import Taro from '@tarojs/taro';
import type { ModalOptions, UiAdapter } from './types';

/** C§9: toasts show 1500 ms. */
export const TOAST_DURATION_MS = 1500;

/** Taro's toast and modal: bundled on the mini programs, a chunk of their own on H5 (`ui.h5.ts`). */
export interface Interaction {
  showToast(options: Taro.showToast.Option): Promise<unknown>;
  showModal(options: Taro.showModal.Option): Promise<{ confirm: boolean }>;
}

const quiet = async (p: Promise<unknown>): Promise<void> => {
  try {
    await p;
  } catch {
    // a navigation refused by the host (e.g. to the current page) changes nothing
  }
};

/**
 * Toast, modal and navigation through Taro (identical on every platform). `interaction` is the toast
 * and modal calls (bundled: a toast shows at once), or a loader of them (H5: it shows once loaded).
 */
export function taroUi(interaction: Interaction | (() => Promise<Interaction>)): UiAdapter {
  const withInteraction = <T>(use: (api: Interaction) => Promise<T>): Promise<T> =>
    typeof interaction === 'function' ? interaction().then(use) : use(interaction);
  return {
    toast(message, options) {
      if (!message) return;
      const title = message;
      const icon = options?.icon ?? 'none';
      const duration = options?.durationMs ?? TOAST_DURATION_MS;
      void quiet(withInteraction((api) => api.showToast({ title, icon, duration })));
    },
    async modal(options: ModalOptions) {
      try {
        const res = await withInteraction((api) =>
          api.showModal({
            title: options.title ?? '',
            content: options.content,
            showCancel: options.showCancel ?? true,
            ...(options.confirmText ? { confirmText: options.confirmText } : {}),
            ...(options.cancelText ? { cancelText: options.cancelText } : {}),
          }),
        );
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
}
