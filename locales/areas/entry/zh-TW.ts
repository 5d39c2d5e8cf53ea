/** Shop list texts of a launch without a shop in Traditional Chinese (deep-partial: what is missing falls back to en). */
import type { DeepPartial } from '../../deep-partial';
import type { WidenArea } from '../index';
import type { entry as source } from './zh-CN';

export const entry: DeepPartial<WidenArea<typeof source>> = {
  title: '選擇門店',
  locating: '正在取得位置，稍後按距離排序',
  nearest: '按距離由近到遠',
  byName: '未取得位置，按店名排序',
  lastVisited: '上次光臨',
  emptyBrand: '這個連結下暫無門店',
  allShops: '查看全部門店',
};
