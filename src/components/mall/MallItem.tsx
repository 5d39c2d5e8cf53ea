import Taro from '@tarojs/taro';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { Limits } from '@/domain/enums';
import { t } from '@/i18n';
import type { PointStoreItem } from '@/api/contract/activity';
import type { PointsMallStore } from '@/stores/areas/points-mall';
import { blockText, confirmAndExchange } from './texts';

/** Its price in points: the main colour, the unit small. */
export function PointsPrice({ points }: { points: number }) {
  return (
    <Text className="mall-price">
      {points}
      <Text className="mall-price__unit">{t('mall.pointsUnit')}</Text>
    </Text>
  );
}

/**
 * One item of the mall (MEMBER-7): picture, name, kind, stock left, the point price and the exchange
 * button — greyed with its reason when the member cannot exchange it (points short, sold out, not a
 * member). A coupon opens its details; the button exchanges after a confirmation.
 */
export const MallItem = observer(function MallItem({ mall, item }: { mall: PointsMallStore; item: PointStoreItem }) {
  const block = mall.blockOf(item);
  const busy = mall.exchanging === item.activityId;
  const kind = t(`mall.kind.${item.kind}` as const);
  const open = () => void Taro.navigateTo({ url: `/pages/member/point-store/coupon-detail?id=${item.activityId}` });
  return (
    <View className="card mall-item" id={`mall-item-${item.activityId}`} onClick={open}>
      <View className="mall-item__thumb">
        {item.image ? <Image nativeProps={{ alt: '' }} className="mall-item__img" src={item.image} mode="aspectFill" /> : <Text className="mall-item__badge">{kind}</Text>}
      </View>
      <View className="mall-item__main">
        <Text className="mall-item__name">{item.name}</Text>
        <View className="mall-item__tags">
          <Text className={`tag${item.kind === 'coupon' ? '' : ' tag--member'}`}>{kind}</Text>
          {item.stock > 0 && item.stock < Limits.unlimited ? <Text className="tag tag--warn">{t('mall.stockLeft', { count: item.stock })}</Text> : null}
        </View>
        {item.description ? <Text className="muted mall-item__desc">{item.description}</Text> : null}
        <View className="mall-item__bottom">
          <View>
            <PointsPrice points={item.points} />
            {block ? (
              <Text className="mall-item__reason" id={`mall-reason-${item.activityId}`}>
                {blockText(block)}
              </Text>
            ) : null}
          </View>
          <View
            className={`mall-button${block ? ' mall-button--off' : ''}${busy ? ' mall-button--busy' : ''}`}
            id={`mall-exchange-${item.activityId}`}
            aria-disabled={block ? 'true' : undefined}
            onClick={(e) => {
              e.stopPropagation();
              void confirmAndExchange(mall, item);
            }}
          >
            <Text>{busy ? t('mall.exchanging') : t('mall.exchange')}</Text>
          </View>
        </View>
      </View>
    </View>
  );
});
