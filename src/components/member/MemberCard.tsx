import Taro from '@tarojs/taro';
import { View, Text, Image } from '@tarojs/components';
import { useLongPress } from '@/components/use-long-press';
import type { MemberInfoWire } from '@/api/contract/vip';
import type { MemberSetting } from '@/domain/types';
import { mediaUrl } from '@/platform/media';
import { t } from '@/i18n';

export interface MemberCardProps {
  card: MemberInfoWire;
  setting: MemberSetting;
}

/**
 * The member card in the shop's card style (docs/architecture.md §22 Screens: member center): the
 * card's logo and name from the member setting, the level and the card number.
 */
export function MemberCard({ card, setting }: MemberCardProps) {
  // a long press on the card number copies it (the host confirms with its own "copied" toast)
  const copyNo = useLongPress(() => {
    if (card.cardNo) void Taro.setClipboardData({ data: card.cardNo });
  });
  const logo = mediaUrl(setting.cardLogo ?? setting.logo);
  const name = setting.cardName || setting.name || t('member.card.defaultName');
  return (
    <View className="member-card" id="member-card">
      <View className="member-card__head">
        {logo ? <Image nativeProps={{ alt: '' }} className="member-card__logo" src={logo} mode="aspectFill" /> : <View className="member-card__logo member-card__logo--blank" />}
        <View className="member-card__titles">
          <Text className="member-card__name">{name}</Text>
          {card.levelName ? <Text className="member-card__level">{card.levelName}</Text> : null}
        </View>
      </View>
      <View className="member-card__foot">
        <Text className="member-card__holder">{card.name || ''}</Text>
        {card.cardNo ? (
          <Text className="member-card__no" id="member-card-no" {...copyNo}>
            {t('member.card.cardNo', { no: card.cardNo })}
          </Text>
        ) : null}
      </View>
    </View>
  );
}

export interface FigureProps {
  id: string;
  value: string;
  label: string;
  onTap?: () => void;
}

/** One of the card's four tappable figures (balance, gift amount, points, coupons). */
export function Figure({ id, value, label, onTap }: FigureProps) {
  return (
    <View className="member-figure" id={id} onClick={onTap}>
      <Text className="member-figure__value">{value}</Text>
      <Text className="member-figure__label">{label}</Text>
    </View>
  );
}

export interface EntryProps {
  id: string;
  label: string;
  note?: string;
  onTap: () => void;
}

/** A row of the member center's entry list. */
export function Entry({ id, label, note, onTap }: EntryProps) {
  return (
    <View className="member-entry" id={id} onClick={onTap}>
      <Text className="member-entry__label">{label}</Text>
      {note ? <Text className="member-entry__note">{note}</Text> : null}
      <Text className="chevron">›</Text>
    </View>
  );
}
