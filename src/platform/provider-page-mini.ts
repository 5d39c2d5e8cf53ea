import Taro from '@tarojs/taro';

/** The mini programs' page that shows an outside web page (C§2 index/web-view). */
export const WEB_VIEW_PAGE = '/pages/index/web-view';

/**
 * Opens a card / all-in-one provider's payment page in a mini program (ORDER-8): in the web-view
 * page, which the customer leaves with back; the order's callback page then checks the payment.
 * `window.location` here is Taro's stand-in (`https://taro.com/…`) and must not be used
 * (docs/architecture.md §13 Platform by build).
 */
export function openProviderPage(url: string, _returnPath: string): void {
  void Taro.navigateTo({ url: `${WEB_VIEW_PAGE}?url=${encodeURIComponent(url)}` });
}
