/**
 * Taro's toast and modal calls. On H5 this module is a chunk of its own (`ui.h5.ts`): Taro's H5 toast
 * and modal code (with its icon font) is about 6.5 KB gzip that the first screen never shows (APP-4).
 */
import Taro from '@tarojs/taro';
import type { Interaction } from './ui-taro';

export const interaction: Interaction = {
  showToast: (options) => Taro.showToast(options),
  showModal: (options) => Taro.showModal(options),
};
