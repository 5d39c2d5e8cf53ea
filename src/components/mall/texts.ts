import Taro from '@tarojs/taro';
import { ErrorCode, type RuleError } from '@/domain/errors';
import { errorMessage, getLanguage, t } from '@/i18n';
import { formatDayText, formatShopDate } from '@/domain/formats';
import type { Language } from '@/domain/language';
import type { PointStoreItem } from '@/api/contract/activity';
import { ask, toast } from '@/components/ordering/feedback';
import type { PointsMallStore } from '@/stores/areas/points-mall';
import { type ShopZone, DEFAULT_UTC_OFFSET_MINUTES } from '@/domain/shop-time';

/** The short reason on a disabled exchange button (MEMBER-7: disabled with the reason). */
export function blockText(block: RuleError): string {
  switch (block.code) {
    case ErrorCode.pointsInsufficient:
      return t('mall.short', { count: Number(block.params?.count ?? 0) });
    case ErrorCode.exchangeSoldOut:
      return t('mall.soldOut');
    case ErrorCode.pleaseRegisterFirst:
      return t('mall.registerFirst');
    default:
      return errorMessage(block);
  }
}

/** The message of a refused exchange: points short says how many are missing. */
export function refusalText(error: RuleError): string {
  if (error.code === ErrorCode.pointsInsufficient && error.params?.count !== undefined) {
    return t('mall.shortLong', { count: Number(error.params.count) });
  }
  return errorMessage(error);
}

/** The day of a date text or epoch ms, in the shop's offset (default China), as the language writes it (zh-CN "2025-01-01"). */
export function dayText(d: string | number | undefined, zone: ShopZone = DEFAULT_UTC_OFFSET_MINUTES, language: Language = getLanguage()): string {
  if (d === undefined || d === '') return '';
  if (typeof d === 'string' && /^\d{4}-\d{2}-\d{2}/.test(d)) return formatDayText(d, language);
  const ms = typeof d === 'number' ? d : Date.parse(d);
  if (!Number.isFinite(ms)) return String(d);
  return formatShopDate(ms, zone, language);
}

/** A confirmation dialog is open. */
let asking = false;

/**
 * Asks to confirm, exchanges, then opens the success screen (`redirect` from the detail page, so Back
 * returns to the mall). A refusal is toasted and nothing else happens.
 */
export async function confirmAndExchange(mall: PointsMallStore, item: PointStoreItem, opts: { redirect?: boolean } = {}): Promise<void> {
  // a double tap asks once and exchanges once (the store refuses a second exchange while one runs)
  if (asking || mall.exchanging !== null) return;
  const block = mall.blockOf(item);
  if (block) {
    toast(refusalText(block));
    return;
  }
  asking = true;
  let sure = false;
  try {
    sure = await ask(t('mall.confirmExchange', { count: item.points, name: item.name }));
  } finally {
    asking = false;
  }
  if (!sure) return;
  const error = await mall.exchange(item.activityId);
  if (error) {
    // a second tap while the first runs says nothing: the first one answers
    if (error.code !== ErrorCode.requestInProgress) toast(refusalText(error));
    return;
  }
  const url = '/pages/member/point-store/exchange-success';
  await (opts.redirect ? Taro.redirectTo({ url }) : Taro.navigateTo({ url }));
}
