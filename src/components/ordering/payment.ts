/**
 * What follows a payment start (ORDER-7, ORDER-8), shared by the confirm page, "pay again" and the
 * provider pages: paid → success page; provider page → stripe-pay / allin-pay; not yet settled →
 * the callback page that checks whether it was paid; cancelled or failed → the order stays payable.
 */
import Taro from '@tarojs/taro';
import { errorMessage } from '@/i18n';
import type { PayOutcome } from '@/stores/order';
import { toast } from './feedback';

/** Pages of the order flow. Order ids travel as `orderId` (`id` is the shop id of a launch link, C§2). */
export const OrderPages = {
  success: (orderId: number) => `/pages/order/success?orderId=${orderId}`,
  fail: (orderId: number, code?: string) => `/pages/order/fail?orderId=${orderId}${code ? `&code=${code}` : ''}`,
  detail: (orderId: number) => `/pages/user/order/detail?orderId=${orderId}`,
  callback: (orderId: number) => `/pages/order/allin-pay-callback?orderId=${orderId}`,
} as const;

/** Goes where a payment outcome leads; `replace` swaps the current page (the confirm page is done). */
export async function followPayment(outcome: PayOutcome, replace = true): Promise<void> {
  const open = (url: string) => (replace ? Taro.redirectTo({ url }) : Taro.navigateTo({ url }));
  switch (outcome.status) {
    case 'paid':
      await open(OrderPages.success(outcome.orderId));
      return;
    case 'redirect':
      await open(`${outcome.page}?orderId=${outcome.orderId}&url=${encodeURIComponent(outcome.url)}`);
      return;
    case 'processing':
      await open(OrderPages.callback(outcome.orderId));
      return;
    case 'cancelled':
      toast(errorMessage(outcome.error));
      await open(OrderPages.detail(outcome.orderId));
      return;
    case 'failed':
      await open(OrderPages.fail(outcome.orderId, outcome.error.code));
      return;
  }
}

/**
 * Opens a provider's payment page: in a browser the page replaces the app and returns to
 * `returnPath` (a hash route of the app); in a mini program it opens in the web-view page. The
 * platform layer decides by build (src/platform/provider-page.*).
 */
export { openProviderPage } from '@/platform/provider-page';
