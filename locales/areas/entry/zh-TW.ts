/** Shop list texts of a launch without a shop in Traditional Chinese for Taiwan (complete: typed against the zh-CN tree). */
import type { WidenArea } from '../index';
import type { entry as source } from './zh-CN';

export const entry: WidenArea<typeof source> = {
  title: '選擇門市',
  locating: '正在取得位置，稍後依距離排序',
  nearest: '依距離由近到遠',
  nearestArea: '依網路所在地區（{{city}}）由近到遠',
  nearestAreaUnnamed: '依網路所在地區由近到遠',
  byName: '未取得位置，依店名排序',
  lastVisited: '上次光臨',
  emptyBrand: '這個連結下暫無門市',
  allShops: '查看所有門市',
};
