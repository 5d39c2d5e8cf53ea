import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { OrderTypeLimit, UserLimit } from '@/domain/enums';
import type { Activity } from '@/domain/types';
import { t } from '@/i18n';
import type { PointStoreItem } from '@/api/contract/activity';
import { useMoneyText } from '@/components/ordering/Money';
import { useStores } from '@/stores';
import { dayText } from './texts';
import { shopZone } from '@/domain/shop-time';

/** The order types of an activity's bitmask (P§3 order-type limit flags), in the customer's language. */
function orderTypeNames(mask: number | undefined): string | null {
  if (!mask) return null;
  const names: string[] = [];
  if (mask & OrderTypeLimit.takeaway) names.push(t('orderType.takeaway'));
  if (mask & OrderTypeLimit.pick) names.push(t('orderType.selfPickup'));
  if (mask & OrderTypeLimit.dine) names.push(t('orderType.dine'));
  if (mask & OrderTypeLimit.appointment) names.push(t('orderType.appointment'));
  return names.join(' / ');
}

/**
 * What an item gives and its conditions (MEMBER-7, P§3 "conditions shown to users"): each coupon as
 * a ticket (amount off and threshold), then the amount requirement, order types, user type, the
 * exchange window, the per-member limit and the shop's description.
 */
export const ItemDetail = observer(function ItemDetail({ item, activity }: { item: PointStoreItem; activity: Activity }) {
  const money = useMoneyText();
  const { shop } = useStores();
  const offset = shopZone(shop.shop);
  const coupons = activity.coupons ?? [];
  const types = orderTypeNames(activity.orderType);
  const start = dayText(activity.startDate, offset);
  const end = dayText(activity.endDate, offset);
  const conditions: string[] = [];
  for (const c of coupons) {
    conditions.push(c.minAmount && c.minAmount > 0 ? t('mall.detail.minAmount', { amount: money(c.minAmount) }) : t('mall.detail.anyAmount'));
  }
  conditions.push(types ? t('mall.detail.orderTypes', { types }) : t('mall.detail.allOrderTypes'));
  if (activity.userType === UserLimit.member) conditions.push(t('mall.detail.memberOnly'));
  if (activity.productLimit && activity.productLimit > 0) conditions.push(t('mall.perMember', { count: activity.productLimit }));
  if (start && end) conditions.push(t('mall.detail.window', { start, end }));
  return (
    <View>
      {coupons.length > 0 ? (
        coupons.map((c) => (
          <View key={c.id} className="mall-ticket" id={`mall-coupon-${c.id}`}>
            <View className="mall-ticket__value">
              <Text className="mall-ticket__amount">{money(c.reductionAmount ?? 0)}</Text>
              <Text className="mall-ticket__rule">
                {c.minAmount && c.minAmount > 0
                  ? t('mall.detail.fullLess', { min: money(c.minAmount), less: money(c.reductionAmount ?? 0) })
                  : t('mall.detail.noThreshold', { less: money(c.reductionAmount ?? 0) })}
              </Text>
            </View>
            <View className="mall-ticket__body">
              <Text className="mall-ticket__name">{c.name ?? item.name}</Text>
              <Text className="muted">{t('mall.detail.couponLine', { name: t('mall.kind.coupon'), count: c.quantity ?? 1 })}</Text>
            </View>
          </View>
        ))
      ) : (
        <View className="card">
          <Text className="card__title">{t('mall.detail.includes')}</Text>
          <Text>{activity.product?.name ?? activity.productName ?? item.name}</Text>
          <Text className="muted">{t('mall.success.productNote')}</Text>
        </View>
      )}
      <View className="card" id="mall-conditions">
        <Text className="card__title">{t('mall.detail.conditions')}</Text>
        <View className="mall-conditions">
          {conditions.map((line, i) => (
            <Text key={i} className="mall-conditions__line">
              {line}
            </Text>
          ))}
        </View>
      </View>
      {item.description ? (
        <View className="card">
          <Text className="card__title">{t('mall.detail.description')}</Text>
          <Text className="muted">{item.description}</Text>
        </View>
      ) : null}
    </View>
  );
});
