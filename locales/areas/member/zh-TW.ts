/** Member account texts in Traditional Chinese (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { member as source } from './zh-CN';

export const member: DeepPartial<WidenArea<typeof source>> = {
  title: '會員中心',
};
