import '@/i18n/areas/general';
import Taro, { useRouter } from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { runAction } from '@/components/navigation';
import { appRoute, isTabRoute, queryValue } from '@/components/general/query';
import { errorMessage, hasMessage, routeTitle, t } from '@/i18n';
import type { ErrorCode } from '@/domain/errors';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/general/general.scss';

/** Opens the page that failed again (a tab page by tab switching). */
function retry(route: string | null): void {
  if (!route) {
    void runAction('back');
    return;
  }
  if (isTabRoute(route)) void Taro.switchTab({ url: route.split('?')[0] });
  else void Taro.redirectTo({ url: route });
}

/**
 * index/error (C§2): a page that could not be opened. Its query says what failed — `from`, the route of
 * the page (opened again by "retry"), and `code`, the reason as a message of C§8 (`getShopDataFailed`,
 * `networkError`, …) — and the customer can try again or go back to the shop.
 */
export default observer(function IndexErrorPage() {
  void useStores().session.language;
  const params = useRouter().params as Record<string, string | undefined>;
  const from = appRoute(params.from);
  const code = queryValue(params.code);
  const page = from ? routeTitle(from) || from.split('?')[0] : '';
  const reason = code && hasMessage(`errors.${code}`) ? errorMessage(code as ErrorCode) : t('general.error.unknown');
  return (
    <PageShell route="index/error" className="general-page">
      <View className="general-result" id="error-page">
        <View className="general-result__mark">!</View>
        <Text className="general-result__title">{t('general.error.title')}</Text>
        {page ? (
          <Text className="general-result__text" id="error-page-name">
            {t('general.error.what', { page })}
          </Text>
        ) : null}
        <Text className="general-result__text" id="error-reason">
          {t('general.error.reason', { reason })}
        </Text>
        <Text className="general-result__text">{t('general.error.hint')}</Text>
      </View>
      <View className="primary-button" id="error-retry" onClick={() => retry(from)}>
        <Text>{t('general.error.retry')}</Text>
      </View>
      <View className="text-button" id="error-home" onClick={() => void runAction('goHome')}>
        <Text>{t('general.error.home')}</Text>
      </View>
    </PageShell>
  );
});
