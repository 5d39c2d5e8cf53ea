/** Wallet texts in English (complete: typed against the zh-CN tree). */
import type { WidenArea } from '../index';
import type { wallet as source } from './zh-CN';

export const wallet: WidenArea<typeof source> = {
  title: 'Top up',
};
