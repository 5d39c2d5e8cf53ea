import '@/i18n/areas/promo';
import Taro from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { t } from '@/i18n';
import { useStores } from '@/stores';

/**
 * The confirm page's promotion-code row (PROMO-4): the code on the order, or an invitation to enter
 * one, opening order/search-activity-by-code. Shown where the shop has promotion codes.
 */
export const PromotionCodeRow = observer(function PromotionCodeRow() {
  const { shop, promotion } = useStores();
  if (!shop.shop?.hasPromotionWithCode) return null;
  const applied = promotion.promotionCode !== null && promotion.promotionCodeActivity !== null;
  return (
    <View className="figure-row figure-row--link" id="promotion-code-row" onClick={() => void Taro.navigateTo({ url: '/pages/order/search-activity-by-code' })}>
      <Text className="figure-row__label">{t('promo.code.rowLabel')}</Text>
      <Text className={`figure-row__note${applied ? ' figure-row__note--on' : ''}`}>{applied ? promotion.promotionCode : t('promo.code.rowAdd')}</Text>
      <Text className="chevron">›</Text>
    </View>
  );
});
