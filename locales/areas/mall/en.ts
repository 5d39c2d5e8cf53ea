/** Points mall texts in English (complete: typed against the zh-CN tree). */
import type { WidenArea } from '../index';
import type { mall as source } from './zh-CN';

export const mall: WidenArea<typeof source> = {
  title: 'Points mall',
};
