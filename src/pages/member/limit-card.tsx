import '@/i18n/areas/wallet';
import { useEffect } from 'react';
import Taro from '@tarojs/taro';
import { View } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { usePageShow } from '@/components/ordering/hooks';
import { LimitCardView } from '@/components/wallet/LimitCardView';
import { LoadFailed, VisitorState } from '@/components/wallet/WalletParts';
import { WalletPages } from '@/components/wallet/nav';
import { useWallet } from '@/components/wallet/use-wallet';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/wallet/wallet.scss';

/**
 * member/limit-card (P§2, MEMBER-6): the member's limit cards (store/limitCardList) — product or
 * service, times left, validity; used-up and expired cards greyed — each opening its use history.
 */
export default observer(function MemberLimitCardPage() {
  const boot = useShopBoot({ ordering: false });
  const wallet = useWallet();
  const { session } = useStores();
  void session.language;

  useEffect(() => {
    if (boot?.ok) void wallet.loadLimitCards();
  }, [boot, wallet]);
  usePageShow(() => {
    if (boot?.ok && wallet.limitCardsLoaded) void wallet.loadLimitCards();
  });

  let body;
  if (!boot || (!wallet.limitCardsLoaded && !wallet.limitCardsError)) body = <Skeleton rows={3} />;
  else if (!wallet.isMember) body = <VisitorState />;
  else if (wallet.limitCardsError && wallet.limitCards.length === 0)
    body = <LoadFailed error={wallet.limitCardsError} onRetry={() => void wallet.loadLimitCards()} />;
  else if (wallet.limitCards.length === 0)
    body = (
      <EmptyState
        title={t('wallet.limitCard.emptyTitle')}
        description={t('wallet.limitCard.emptyText')}
        actionText={t('wallet.limitCard.goMenu')}
        onAction={() => void Taro.switchTab({ url: WalletPages.menu })}
      />
    );
  else
    body = (
      <View id="limit-cards">
        {wallet.limitCards.map((c) => (
          <LimitCardView key={c.id} card={c} wallet={wallet} link />
        ))}
      </View>
    );
  return (
    <PageShell route="member/limit-card" className="wallet-page">
      {body}
    </PageShell>
  );
});
