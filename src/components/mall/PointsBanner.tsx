import Taro from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { t } from '@/i18n';
import type { PointsMallStore } from '@/stores/areas/points-mall';

/** The member's points at the top of the mall (MEMBER-7); a visitor is offered to register. */
export const PointsBanner = observer(function PointsBanner({ mall }: { mall: PointsMallStore }) {
  if (!mall.isMember) {
    return (
      <View className="mall-banner" id="mall-banner">
        <Text className="mall-banner__label">{t('mall.myPoints')}</Text>
        <Text className="mall-banner__hint">{t('mall.visitorHint')}</Text>
        <View className="mall-banner__action" id="mall-register" onClick={() => void Taro.navigateTo({ url: '/pages/member/register' })}>
          <Text>{t('mall.register')}</Text>
        </View>
      </View>
    );
  }
  return (
    <View className="mall-banner" id="mall-banner">
      <Text className="mall-banner__label">{t('mall.myPoints')}</Text>
      <Text className="mall-banner__points" id="mall-points">
        {mall.points}
        <Text className="mall-banner__unit">{t('mall.pointsUnit')}</Text>
      </Text>
      <Text className="mall-banner__hint">{t('mall.hint')}</Text>
    </View>
  );
});
