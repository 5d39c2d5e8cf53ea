import Taro from '@tarojs/taro';
import { errorMessage, t } from '@/i18n';
import { ErrorCode } from '@/domain/errors';
import { rootStore } from '@/stores';

/** Leaves a member page: back when there is a page below, else the home tab. */
export function leavePage(): Promise<unknown> {
  if (Taro.getCurrentPages().length > 1) return Taro.navigateBack();
  return Taro.switchTab({ url: '/pages/user/index-tab' });
}

/**
 * P§4 "Member center entry on vip failure: dialog; confirm exits" (C§8 "Open vip center failed"):
 * one button, then the member center is left.
 */
export async function vipCenterFailed(reason?: ErrorCode | string | null): Promise<void> {
  const text = errorMessage(ErrorCode.openVipCenterFailed);
  const known = (Object.values(ErrorCode) as string[]).includes(reason ?? '');
  const content = known && reason !== ErrorCode.openVipCenterFailed ? `${text}: ${errorMessage(reason as ErrorCode)}` : text;
  await rootStore.platform.ui.modal({ title: t('common.tips'), content, showCancel: false, confirmText: t('common.ok') });
  await leavePage();
}
