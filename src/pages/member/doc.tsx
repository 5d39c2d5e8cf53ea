import '@/i18n/areas/wallet';
import { useEffect } from 'react';
import Taro from '@tarojs/taro';
import { View } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { BalanceRow, CardFigures, ListFooter, LoadFailed, VisitorState } from '@/components/wallet/WalletParts';
import { WalletPages } from '@/components/wallet/nav';
import { usePagedScreen } from '@/components/wallet/pull';
import { PullIndicator } from '@/components/PullIndicator';
import { useWallet } from '@/components/wallet/use-wallet';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/wallet/wallet.scss';

/**
 * member/doc (P§2, MEMBER-5): the card's balance and gift amount, then its balance movements newest
 * first — type (P§3 transaction types), shop, time, the signed change right-aligned, the gift change
 * and the balance after — with pull-down refresh and "loading more" at the end.
 */
export default observer(function MemberDocPage() {
  const boot = useShopBoot({ ordering: false });
  const wallet = useWallet();
  const list = wallet.balanceDoc;
  const { session } = useStores();
  void session.language;
  const pull = usePagedScreen(list);

  useEffect(() => {
    if (boot?.ok) void list.load();
  }, [boot, list]);

  let body;
  if (!boot || (list.firstLoad && !(wallet.memberKnown && !wallet.isMember))) body = <Skeleton rows={5} />;
  else if (!wallet.isMember) body = <VisitorState />;
  else if (list.error && list.items.length === 0) body = <LoadFailed error={list.error} onRetry={() => void list.load()} />;
  else if (list.items.length === 0)
    body = (
      <EmptyState
        title={t('wallet.doc.emptyTitle')}
        description={t('wallet.doc.emptyText')}
        actionText={t('wallet.doc.goRecharge')}
        onAction={() => void Taro.navigateTo({ url: WalletPages.recharge })}
      />
    );
  else
    body = (
      <>
        <View className="tx-list" id="doc-list">
          {list.items.map((tx) => (
            <BalanceRow key={tx.id} tx={tx} />
          ))}
        </View>
        <ListFooter list={list} />
      </>
    );
  return (
    <PageShell route="member/doc" className="wallet-page">
      <PullIndicator state={pull.state} />
      <View {...pull.handlers}>
        <CardFigures show="money" />
        {body}
      </View>
    </PageShell>
  );
});
