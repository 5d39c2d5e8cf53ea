/** Points mall texts in Spanish (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { mall as source } from './zh-CN';

export const mall: DeepPartial<WidenArea<typeof source>> = {
  title: 'Tienda de puntos',
};
