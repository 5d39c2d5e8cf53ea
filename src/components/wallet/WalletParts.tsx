import Taro from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { EmptyState } from '@/components/EmptyState';
import { Money } from '@/components/ordering/Money';
import { dateText, dateTimeText } from '@/components/ordering/time-slots';
import type { RuleError } from '@/domain/errors';
import { errorMessage, t } from '@/i18n';
import { useStores } from '@/stores';
import type { PagedList } from '@/stores/areas/paged-list';
import { signedAmount, type VipTransaction } from '@/stores/areas/member-wallet';
import { WalletPages } from './nav';
import { shopZone } from '@/domain/shop-time';

/** Day and time in the shop's time zone, as the language on screen writes them. */
export function useTimeText(): (ms: number) => string {
  const { shop } = useStores();
  const offset = shopZone(shop.shop);
  return (ms: number) => dateTimeText(ms, offset);
}

/** The day in the shop's time zone, as the language on screen writes it. */
export function useDateText(): (ms: number) => string {
  const { shop } = useStores();
  const offset = shopZone(shop.shop);
  return (ms: number) => dateText(ms, offset);
}

/** A signed movement: "+¥100.00" / "-¥35.00", in the main colour when money comes in. */
export function SignedMoney({ value, className }: { value: number; className?: string }) {
  const { sign, value: size } = signedAmount(value);
  return (
    <Text className={`signed signed--${sign === '+' ? 'in' : sign === '-' ? 'out' : 'none'}${className ? ` ${className}` : ''}`}>
      <Text className="signed__sign">{sign}</Text>
      <Money value={size} />
    </Text>
  );
}

/** Signed points: "+200" / "-100". */
export function SignedPoints({ value }: { value: number }) {
  const { sign, value: size } = signedAmount(value);
  return (
    <Text className={`signed signed--${sign === '+' ? 'in' : sign === '-' ? 'out' : 'none'}`}>
      {sign}
      {size}
    </Text>
  );
}

/** A balance movement (vip/doc): type, shop and time; the change, the gift change and the balance after. */
export const BalanceRow = observer(function BalanceRow({ tx }: { tx: VipTransaction }) {
  const time = useTimeText();
  return (
    <View className="tx-row" id={`tx-${tx.id}`}>
      <View className="tx-row__main">
        <Text className="tx-row__type">{t(`wallet.types.${tx.type}` as const)}</Text>
        <Text className="muted">{time(tx.time)}</Text>
        {tx.shopName ? <Text className="muted">{tx.shopName}</Text> : null}
        {tx.orderNo ? <Text className="muted">{t('wallet.doc.orderNo', { no: tx.orderNo })}</Text> : null}
      </View>
      <View className="tx-row__side">
        <SignedMoney value={tx.amount} className="tx-row__amount" />
        {tx.giftAmount !== 0 ? (
          <View className="tx-row__note">
            <Text className="muted">{t('wallet.doc.giftLabel')}</Text>
            <SignedMoney value={tx.giftAmount} className="tx-row__gift" />
          </View>
        ) : null}
        {tx.balance !== null ? (
          <View className="tx-row__note">
            <Text className="muted">{t('wallet.doc.balanceLabel')}</Text>
            <Money value={tx.balance} className="tx-row__after" />
          </View>
        ) : null}
      </View>
    </View>
  );
});

/** A points movement (vip/pointDoc): type, shop and time; the change and the points after. */
export const PointsRow = observer(function PointsRow({ tx }: { tx: VipTransaction }) {
  const time = useTimeText();
  return (
    <View className="tx-row" id={`tx-${tx.id}`}>
      <View className="tx-row__main">
        <Text className="tx-row__type">{t(`wallet.types.${tx.type}` as const)}</Text>
        <Text className="muted">{time(tx.time)}</Text>
        {tx.shopName ? <Text className="muted">{tx.shopName}</Text> : null}
        {tx.note ? <Text className="muted">{tx.note}</Text> : null}
      </View>
      <View className="tx-row__side">
        <SignedPoints value={tx.points} />
        {tx.pointsAfter !== null && tx.pointsAfter !== undefined ? (
          <Text className="muted tx-row__after">{t('wallet.pointDoc.after', { points: tx.pointsAfter })}</Text>
        ) : null}
      </View>
    </View>
  );
});

/** The end of a paged list: "loading more", "no more", or a retry after a failed page. */
export const ListFooter = observer(function ListFooter<T extends { id: number }>({ list }: { list: PagedList<T> }) {
  if (list.error && list.items.length > 0) {
    return (
      <View className="list-end" id="list-retry" onClick={() => void list.loadMore()}>
        <Text className="link">{t('wallet.retry')}</Text>
      </View>
    );
  }
  const text = list.loading && !list.refreshing ? t('wallet.loadingMore') : list.hasMore ? '' : t('wallet.noMore');
  return (
    <Text className="list-end" id="list-end">
      {text}
    </Text>
  );
});

/** A first load that failed: what went wrong and a retry (docs/architecture.md §22 Screens: errors say what to do next). */
export function LoadFailed({ error, onRetry }: { error: RuleError; onRetry: () => void }) {
  return <EmptyState title={t('wallet.loadFailed')} description={errorMessage(error)} actionText={t('wallet.retry')} onAction={onRetry} />;
}

/** A visitor on a member screen: the card is needed first (P§7 pleaseRegisterFirst). */
export function VisitorState() {
  return (
    <EmptyState
      title={t('wallet.visitorTitle')}
      description={t('wallet.visitorText')}
      actionText={t('wallet.register')}
      onAction={() => void Taro.navigateTo({ url: WalletPages.register })}
    />
  );
}

/** The card's figures at the top of a history screen (balance and gift amount, or points). */
export const CardFigures = observer(function CardFigures({ show }: { show: 'money' | 'points' }) {
  const { member } = useStores();
  const info = member.vipInfo;
  if (!info) return null;
  return (
    <View className="wallet-hero" id="wallet-figures">
      {show === 'money' ? (
        <>
          <View className="wallet-hero__figure">
            <Text className="wallet-hero__label">{t('wallet.balance')}</Text>
            <Money value={info.amount} className="wallet-hero__value" />
          </View>
          <View className="wallet-hero__figure">
            <Text className="wallet-hero__label">{t('wallet.giftAmount')}</Text>
            <Money value={info.giftAmount} className="wallet-hero__value" />
          </View>
        </>
      ) : (
        <View className="wallet-hero__figure">
          <Text className="wallet-hero__label">{t('wallet.pointDoc.current')}</Text>
          <Text className="wallet-hero__value wallet-hero__points">{info.points}</Text>
        </View>
      )}
    </View>
  );
});
