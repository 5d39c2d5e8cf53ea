import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import { Money } from './Money';
import { toastError } from './feedback';
import './gifts-offers.scss';

/**
 * What the order's activities give and offer (PRICE-11, PRICE-5), as the engine's breakdown lists
 * them: the free products and coupons (P§3 overSendProduct, overSendCoupon…) and the products the
 * customer may add at the offer's price or for points (markupRedemption 15, pointRedeem 18), each
 * with a stepper that accepts it into the order. Shown on the cart sheet and the confirm page.
 */
export const GiftsOffers = observer(function GiftsOffers() {
  const { checkout } = useStores();
  const b = checkout.breakdown;
  if (!b) return null;
  const gifts = b.gifts.filter((g) => g.quantity > 0);
  if (gifts.length === 0 && b.offers.length === 0) return null;
  const accepted = (activityId: number, productId: number) =>
    checkout.acceptedOffers.find((a) => a.activityId === activityId && a.productId === productId)?.quantity ?? 0;
  return (
    <View className="gifts-offers" id="gifts-offers">
      {gifts.map((g) => (
        <View key={`${g.activityId}-${g.kind}-${g.productId ?? g.couponId}`} className="gift-row" id={`gift-${g.activityId}-${g.productId ?? g.couponId}`}>
          <Text className="gift-row__tag">{g.kind === 'coupon' ? t('pages.ordering.giftCouponTag') : t('pages.ordering.giftTag')}</Text>
          <Text className="gift-row__name">{g.name ?? ''}</Text>
          <Text className="gift-row__qty">×{g.quantity}</Text>
          {g.kind === 'product' ? <Text className="gift-row__free">{t('pages.ordering.giftFree')}</Text> : null}
        </View>
      ))}
      {b.offers.map((o) => {
        const n = accepted(o.activityId, o.productId);
        const set = (q: number) => toastError(checkout.acceptOffer(o, q));
        return (
          <View key={`${o.activityId}-${o.productId}`} className="offer-row" id={`offer-${o.activityId}-${o.productId}`}>
            <View className="offer-row__main">
              <Text className="offer-row__tag">{o.points ? t('pages.ordering.pointRedeemTag') : t('pages.ordering.offerTag')}</Text>
              <Text className="offer-row__name">{o.name ?? ''}</Text>
              <View className="offer-row__price">
                {o.points ? <Text className="offer-row__points">{t('pages.ordering.offerPoints', { points: o.points })}</Text> : null}
                {!o.points || o.price > 0 ? <Money value={o.price} className="offer-row__money" /> : null}
              </View>
            </View>
            {n === 0 ? (
              <View className="offer-row__take" id={`offer-take-${o.activityId}-${o.productId}`} onClick={() => set(1)}>
                <Text>{o.points ? t('pages.ordering.offerRedeem') : t('pages.ordering.offerTake')}</Text>
              </View>
            ) : (
              <View className="stepper">
                <View className="stepper__btn stepper__btn--minus" id={`offer-minus-${o.activityId}-${o.productId}`} onClick={() => set(n - 1)}>
                  <Text>−</Text>
                </View>
                <Text className="stepper__count">{n}</Text>
                <View className="stepper__btn stepper__btn--plus" id={`offer-plus-${o.activityId}-${o.productId}`} onClick={() => set(n + 1)}>
                  <Text>+</Text>
                </View>
              </View>
            )}
          </View>
        );
      })}
    </View>
  );
});
