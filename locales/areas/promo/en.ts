/** Promotions texts in English (complete: typed against the zh-CN tree). */
import type { WidenArea } from '../index';
import type { promo as source } from './zh-CN';

export const promo: WidenArea<typeof source> = {
  title: 'Coupons',
};
