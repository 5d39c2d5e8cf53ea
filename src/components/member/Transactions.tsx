import '@/i18n/areas/wallet';
import { useEffect, type ComponentType } from 'react';
import Taro from '@tarojs/taro';
import { View } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { VipTransaction } from '@/api/contract/vip';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { CardFigures, ListFooter, LoadFailed, VisitorState } from '@/components/wallet/WalletParts';
import { usePagedScreen } from '@/components/wallet/pull';
import { PullIndicator } from '@/components/PullIndicator';
import { useWallet } from '@/components/wallet/use-wallet';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/wallet/wallet.scss';

/** The two histories of the card: which paged list, which figures on top, the list's element id. */
const HISTORIES = {
  balance: { list: 'balanceDoc', figures: 'money', listId: 'doc-list' },
  points: { list: 'pointDoc', figures: 'points', listId: 'point-list' },
} as const;

export type TransactionHistory = keyof typeof HISTORIES;

/** The empty list: what it says and where its action leads. */
export interface TransactionsEmpty {
  title: string;
  text: string;
  action: string;
  /** The page the action opens. */
  url: string;
}

export interface TransactionsProps {
  /** The page's route without "pages/" (its title, PageShell). */
  route: string;
  /** Balance movements (vip/doc) or point movements (vip/pointDoc). */
  history: TransactionHistory;
  /** One movement of the list. */
  Row: ComponentType<{ tx: VipTransaction }>;
  empty: TransactionsEmpty;
}

/**
 * A history screen of the card (P§2, MEMBER-5): the card's figures, then its movements newest first,
 * one Row each, with pull-down refresh and "loading more" at the end; a skeleton while the first page
 * loads, the visitor's way to a card, a failed first load with a retry, or the empty state.
 */
export const Transactions = observer(function Transactions({
  route,
  history,
  Row,
  empty,
}: TransactionsProps) {
  const kind = HISTORIES[history];
  const boot = useShopBoot({ ordering: false });
  const wallet = useWallet();
  const list = wallet[kind.list];
  const { session } = useStores();
  void session.language;
  const pull = usePagedScreen(list);

  useEffect(() => {
    if (boot?.ok) void list.load();
  }, [boot, list]);

  let body;
  if (!boot || (list.firstLoad && !(wallet.memberKnown && !wallet.isMember))) body = <Skeleton rows={5} />;
  else if (!wallet.isMember) body = <VisitorState />;
  else if (list.error && list.items.length === 0)
    body = <LoadFailed error={list.error} onRetry={() => void list.load()} />;
  else if (list.items.length === 0)
    body = (
      <EmptyState
        title={empty.title}
        description={empty.text}
        actionText={empty.action}
        onAction={() => void Taro.navigateTo({ url: empty.url })}
      />
    );
  else
    body = (
      <>
        <View className="tx-list" id={kind.listId}>
          {list.items.map((tx) => (
            <Row key={tx.id} tx={tx} />
          ))}
        </View>
        <ListFooter list={list} />
      </>
    );
  return (
    <PageShell route={route} className="wallet-page">
      <PullIndicator state={pull.state} />
      <View {...pull.handlers}>
        <CardFigures show={kind.figures} />
        {body}
      </View>
    </PageShell>
  );
});
