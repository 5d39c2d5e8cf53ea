import Taro from '@tarojs/taro';
import { translate } from '@/i18n';

/**
 * Writes the tab labels in the customer's language (APP-2). app.config is static, so the labels
 * there are the spec's Chinese ones; the ordering tab is relabelled by order type and industry
 * (cart / choose product / appointment, C§2) through `orderingLabelKey`, a `tabBar.*` key.
 */
export function applyTabBarLabels(orderingLabelKey: string = 'tabBar.ordering'): Promise<void> {
  const keys = ['tabBar.home', orderingLabelKey, 'tabBar.orders', 'tabBar.mine'];
  return Promise.all(
    keys.map((key, index) =>
      // Only a page with a tab bar can relabel it; elsewhere the call fails and the labels are
      // written the next time a tab page shows.
      Taro.setTabBarItem({ index, text: translate(key) }).catch(() => undefined),
    ),
  ).then(() => undefined);
}
