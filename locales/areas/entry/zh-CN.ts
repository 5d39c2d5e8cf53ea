/** Shop list texts of a launch without a shop (C§2 entry, SHOP-1), the source tree (zh-CN). */
export const entry = {
  title: '选择门店',
  locating: '正在获取位置，稍后按距离排序',
  nearest: '按距离由近到远',
  nearestArea: '按网络所在地区（{{city}}）由近到远',
  nearestAreaUnnamed: '按网络所在地区由近到远',
  byName: '未获取到位置，按店名排序',
  lastVisited: '上次光临',
  emptyBrand: '这个链接下暂无门店',
  allShops: '查看全部门店',
} as const;
