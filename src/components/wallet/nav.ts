/** Where the wallet screens lead (routes of P§2). */
import Taro from '@tarojs/taro';

export const WalletPages = {
  member: '/pages/member/index',
  recharge: '/pages/member/recharge',
  chargeSuccess: (rechargeId: number) => `/pages/member/charge-success?rechargeId=${rechargeId}`,
  doc: '/pages/member/doc',
  points: '/pages/member/point-consume-list',
  pointMall: '/pages/member/point-store/point-store',
  limitCard: '/pages/member/limit-card',
  limitCardHistory: (cardId: number) => `/pages/member/limit-card-history?id=${cardId}`,
  register: '/pages/member/register',
  menu: '/pages/user/index-tab-1',
} as const;

/**
 * Back to the member center: the page under this one when it is the member center (no second copy
 * on the stack), otherwise it replaces this page.
 */
export async function backToMember(): Promise<void> {
  const pages = Taro.getCurrentPages();
  const below = pages.length > 1 ? pages[pages.length - 2] : null;
  if (below && below.route?.replace(/^\//, '').startsWith('pages/member/index')) {
    await Taro.navigateBack();
    return;
  }
  await Taro.redirectTo({ url: WalletPages.member });
}
