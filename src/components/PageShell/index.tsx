import { useEffect, type CSSProperties, type ReactNode } from 'react';
import Taro from '@tarojs/taro';
import { View } from '@tarojs/components';
import { observer } from 'mobx-react';
import { routeTitle, t } from '@/i18n';
import { EmptyState } from '@/components/EmptyState';
import { focusablePageBoxes, setDocumentLanguage } from '@/platform/browser';
import { useStores } from '@/stores';
import { applyTabBarLabels } from '../tab-bar';
import { readableMainColor } from './readable-color';
import './index.scss';

/**
 * Pages that cannot stand without a shop: the ordering tab and the menu, the product, order and
 * member pages and the coupons. Opened with no shop to open (ShopBoot.noShop), each shows the way to
 * choose one, as the home tab does; the entry, the shop list, the home tab, the order list, the
 * addresses and the general pages keep their own screens.
 */
const NEEDS_SHOP = (route: string): boolean =>
  route === 'user/index-tab-1' || ['member/', 'product/', 'order/', 'user/coupon/'].some((prefix) => route.startsWith(prefix));

export interface PageShellProps {
  /** The route without "pages/", e.g. "user/order/list"; its title is `routes.<route>`. */
  route: string;
  /** Tab pages also write the tab labels in the customer's language (APP-2). */
  tab?: boolean;
  className?: string;
  children?: ReactNode;
}

/**
 * The theme variables of APP-8: the shop's main colour, and the main colour
 * our styles draw text and buttons in (`--main-strong`: darkened when the shop's colour is too light
 * for text, readable-color.ts).
 */
export function themeStyle(mainColor: string): CSSProperties {
  return {
    '--main-color': mainColor,
    '--main-strong': readableMainColor(mainColor),
  } as CSSProperties;
}

/**
 * Every screen sits in a PageShell: localised title, safe-area padding and the shop's main colour
 * (default #df554a, APP-8) applied to our styles.
 */
export const PageShell = observer(function PageShell({ route, tab = false, className, children }: PageShellProps) {
  const { session, boot } = useStores();
  // (a page test may build its stores without a boot)
  const noShop = (boot as typeof boot | undefined)?.noShop === true;
  const language = session.language;
  const orderingLabelKey = session.tabOrderingLabelKey;

  useEffect(() => {
    // app.config titles are static Chinese; the customer's language is applied at run time.
    Taro.setNavigationBarTitle({ title: routeTitle(route) }).catch(() => undefined);
  }, [route, language]);

  useEffect(() => {
    // H5: the document's language follows the customer's (screen readers, translation offers)
    setDocumentLanguage(language);
  }, [language]);

  useEffect(() => {
    // H5: each page scrolls in its own box (the router's .taro_page); keyboard users reach it to scroll it
    focusablePageBoxes();
  }, []);

  useEffect(() => {
    if (tab) void applyTabBarLabels(orderingLabelKey);
  }, [tab, orderingLabelKey, language]);

  return (
    <View className={`page-shell${tab ? ' page-shell--tab' : ''}${className ? ` ${className}` : ''}`} style={themeStyle(session.mainColor)}>
      {noShop && NEEDS_SHOP(route) ? (
        <EmptyState
          id="no-shop"
          title={t('pages.home.chooseShop')}
          description={t('pages.home.chooseShopHint')}
          actionText={t('pages.actions.chooseShop')}
          onAction={() => void Taro.reLaunch({ url: `/pages/store/list?entry=1${session.brand !== null ? `&brand=${session.brand}` : ''}` })}
        />
      ) : (
        children
      )}
    </View>
  );
});
