/** Wallet texts in Traditional Chinese (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { wallet as source } from './zh-CN';

export const wallet: DeepPartial<WidenArea<typeof source>> = {
  title: '儲值',
};
