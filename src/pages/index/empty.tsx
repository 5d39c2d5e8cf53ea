import '@/i18n/areas/general';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { runAction, type ScreenAction } from '@/components/navigation';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/general/general.scss';

const LINKS: Array<[ScreenAction, 'menu' | 'orders']> = [
  ['goMenu', 'menu'],
  ['goOrders', 'orders'],
];

/**
 * index/empty (C§2): where a link to something that no longer exists lands (a removed product, an
 * expired share) — says so, leads home, and offers the menu and the orders.
 */
export default observer(function IndexEmptyPage() {
  void useStores().session.language;
  return (
    <PageShell route="index/empty" className="general-page">
      <EmptyState title={t('general.empty.title')} description={t('general.empty.text')} actionText={t('general.empty.home')} onAction={() => void runAction('goHome')} />
      <View className="general-links" id="empty-links">
        {LINKS.map(([action, key]) => (
          <Text key={key} className="general-links__item" id={`empty-${key}`} onClick={() => void runAction(action)}>
            {t(`general.empty.${key}` as const)}
          </Text>
        ))}
      </View>
    </PageShell>
  );
});
