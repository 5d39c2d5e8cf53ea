import '@/i18n/areas/wallet';
import { useEffect } from 'react';
import Taro, { useRouter } from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { LimitCardView } from '@/components/wallet/LimitCardView';
import { ListFooter, LoadFailed, VisitorState, useTimeText } from '@/components/wallet/WalletParts';
import { WalletPages } from '@/components/wallet/nav';
import { usePagedScreen } from '@/components/wallet/pull';
import { PullIndicator } from '@/components/PullIndicator';
import { useWallet } from '@/components/wallet/use-wallet';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import type { LimitCardUse } from '@/stores/areas/member-wallet';
import '@/components/ordering/ordering.scss';
import '@/components/wallet/wallet.scss';

/** One use: the times taken, when, and the order or note it was for. */
function UseRow({ use }: { use: LimitCardUse }) {
  const time = useTimeText();
  return (
    <View className="tx-row" id={`use-${use.id}`}>
      <View className="tx-row__main">
        <Text className="tx-row__type">{use.note || t('wallet.cardHistory.card')}</Text>
        <Text className="muted">{time(use.createdAt)}</Text>
        {use.orderId !== null ? <Text className="muted">{t('wallet.cardHistory.order', { id: use.orderId })}</Text> : null}
      </View>
      <View className="tx-row__side">
        <Text className="use-row__times">{t('wallet.cardHistory.times', { count: use.times })}</Text>
      </View>
    </View>
  );
}

/**
 * member/limit-card-history (P§2, MEMBER-6): one limit card (`id`) and its uses
 * (store/limitCardUseList, newest first), with pull-down refresh and "loading more".
 */
export default observer(function MemberLimitCardHistoryPage() {
  const boot = useShopBoot({ ordering: false });
  const wallet = useWallet();
  const list = wallet.cardUses;
  const { session } = useStores();
  void session.language;
  const cardId = Number((useRouter().params as Record<string, string | undefined>).id);
  const pull = usePagedScreen(list);

  useEffect(() => {
    if (boot?.ok && Number.isInteger(cardId) && cardId > 0) void wallet.openCardHistory(cardId);
  }, [boot, wallet, cardId]);

  const card = wallet.historyCardId === cardId ? wallet.historyCard : null;
  let body;
  const opened = wallet.historyCardId === cardId && wallet.limitCardsLoaded;
  if (!boot || (boot.ok && !opened && !wallet.limitCardsError) || (opened && card && list.firstLoad)) body = <Skeleton rows={4} />;
  else if (!wallet.isMember) body = <VisitorState />;
  else if (wallet.limitCardsError && !card) body = <LoadFailed error={wallet.limitCardsError} onRetry={() => void wallet.openCardHistory(cardId)} />;
  else if (!card)
    body = (
      <EmptyState
        title={t('wallet.limitCard.emptyTitle')}
        actionText={t('wallet.cardHistory.back')}
        onAction={() => void Taro.redirectTo({ url: WalletPages.limitCard })}
      />
    );
  else if (list.error && list.items.length === 0) body = <LoadFailed error={list.error} onRetry={() => void wallet.openCardHistory(cardId)} />;
  else
    body = (
      <>
        <LimitCardView card={card} wallet={wallet} link={false} />
        {list.items.length === 0 ? (
          <EmptyState title={t('wallet.cardHistory.emptyTitle')} description={t('wallet.cardHistory.emptyText')} />
        ) : (
          <>
            <View className="tx-list" id="use-list">
              {list.items.map((u) => (
                <UseRow key={u.id} use={u} />
              ))}
            </View>
            <ListFooter list={list} />
          </>
        )}
      </>
    );
  return (
    <PageShell route="member/limit-card-history" className="wallet-page">
      <PullIndicator state={pull.state} />
      <View {...pull.handlers}>
        {body}
      </View>
    </PageShell>
  );
});
