/** What the table pages share: their routes and how a diner is named. */
import { t } from '@/i18n';
import type { RoomDiner } from '@/realtime/types';

export const TablePages = {
  table: '/pages/product/table',
  send: '/pages/order/order',
  ordered: '/pages/order/confirmed-order',
  menu: '/pages/user/index-tab-1',
} as const;

/** A diner's name, or "Guest n" by their place at the table when their profile has none. */
export function dinerName(d: Pick<RoomDiner, 'openId' | 'nickname'>, diners: ReadonlyArray<Pick<RoomDiner, 'openId'>>): string {
  if (d.nickname) return d.nickname;
  const i = diners.findIndex((x) => x.openId === d.openId);
  return t('pages.table.guest', { n: i >= 0 ? i + 1 : diners.length + 1 });
}
