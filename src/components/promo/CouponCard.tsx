import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { couponConditions, couponFace, couponListState, couponValidity } from '@/domain/coupons/conditions';
import type { Coupon } from '@/domain/types';
import { useMoneyText } from '@/components/ordering/Money';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import { conditionText, faceText, stateText } from './coupon-text';
import { shopZone } from '@/domain/shop-time';

export interface CouponCardProps {
  coupon: Coupon;
  /** Why it cannot be used here although valid (e.g. meant for another shop of the chain). */
  elsewhere?: boolean;
  onOpen?: () => void;
  onUse?: () => void;
}

/**
 * A coupon as a customer knows it (PROMO-1): the figure it takes off and its threshold on the left,
 * name, validity and state on the right, and "use" when it can be used here; otherwise greyed with
 * the reason.
 */
export const CouponCard = observer(function CouponCard({ coupon, elsewhere, onOpen, onUse }: CouponCardProps) {
  const { shop, now } = useStores();
  const money = useMoneyText();
  const offset = shopZone(shop.shop);
  const state = couponListState(coupon, now(), offset);
  const usable = state === 'usable' && !elsewhere;
  const face = couponFace(coupon);
  const threshold = couponConditions(coupon, offset).find((c) => c.key === 'minAmount' || c.key === 'noThreshold');
  const validity = conditionText(couponValidity(coupon, offset), money, shop.shopId);
  return (
    <View className={`coupon-card${usable ? '' : ' coupon-card--off'}`} id={`coupon-card-${coupon.id}`} onClick={onOpen}>
      <View className="coupon-card__face">
        <Text className={`coupon-card__value${face.kind === 'amount' ? '' : ' coupon-card__value--text'}`}>{faceText(face, money)}</Text>
        <Text className="coupon-card__threshold">
          {threshold?.key === 'minAmount' ? t('promo.face.threshold', { amount: money(threshold.amount) }) : t('promo.face.noThreshold')}
        </Text>
      </View>
      <View className="coupon-card__body">
        <Text className="coupon-card__name">{coupon.name}</Text>
        <Text className="coupon-card__line">{validity}</Text>
        <View className="coupon-card__foot">
          <Text className={`coupon-card__state coupon-card__state--${usable ? 'usable' : 'off'}`}>
            {elsewhere && state === 'usable' ? t('promo.list.otherShops') : stateText(state)}
          </Text>
          {usable && onUse ? (
            <View
              className="coupon-card__use"
              id={`coupon-use-${coupon.id}`}
              onClick={(e) => {
                e.stopPropagation();
                onUse();
              }}
            >
              <Text>{t('promo.actions.use')}</Text>
            </View>
          ) : null}
        </View>
      </View>
    </View>
  );
});
