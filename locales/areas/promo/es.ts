/** Promotions texts in Spanish (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { promo as source } from './zh-CN';

export const promo: DeepPartial<WidenArea<typeof source>> = {
  title: 'Cupones',
};
