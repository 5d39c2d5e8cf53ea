import Taro from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { t } from '@/i18n';
import type { LimitCard, MemberWalletStore } from '@/stores/areas/member-wallet';
import { WalletPages } from './nav';
import { useDateText } from './WalletParts';

/** One limit card: its name (the product or service), times left, times used and its validity. */
export const LimitCardView = observer(function LimitCardView({ card, wallet, link }: { card: LimitCard; wallet: MemberWalletStore; link: boolean }) {
  const day = useDateText();
  const usable = wallet.cardUsable(card);
  const state = card.remainingTimes <= 0 ? t('wallet.limitCard.usedUp') : !usable ? t('wallet.limitCard.expired') : null;
  return (
    <View
      id={`limit-card-${card.id}`}
      className={`limit-card${usable ? '' : ' limit-card--off'}`}
      onClick={link ? () => void Taro.navigateTo({ url: WalletPages.limitCardHistory(card.id) }) : undefined}
    >
      <View className="limit-card__head">
        <Text className="limit-card__name">{card.name}</Text>
        <Text className="limit-card__times">{state ?? t('wallet.limitCard.remaining', { count: card.remainingTimes })}</Text>
      </View>
      <Text className="muted">{t('wallet.limitCard.used', { used: card.usedTimes, total: card.totalTimes })}</Text>
      <View className="limit-card__foot">
        <Text className="muted">
          {card.expiresAt === null ? t('wallet.limitCard.noExpiry') : t('wallet.limitCard.validUntil', { date: day(card.expiresAt) })}
        </Text>
        {link ? <Text className="limit-card__link">{t('wallet.limitCard.history')} ›</Text> : null}
      </View>
    </View>
  );
});
