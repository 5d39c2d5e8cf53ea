/** Member account texts in English (complete: typed against the zh-CN tree). */
import type { WidenArea } from '../index';
import type { member as source } from './zh-CN';

export const member: WidenArea<typeof source> = {
  title: 'Member center',
};
