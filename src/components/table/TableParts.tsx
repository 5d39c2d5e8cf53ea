import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import { Money } from '@/components/ordering/Money';
import { toastError } from '@/components/ordering/feedback';
import { dinerName } from './table-view';
import { shopZone } from '@/domain/shop-time';
import { clockText } from '@/components/ordering/time-slots';
export { LiveBadge } from './LiveBadge';

/** Who is at the table: avatar (or initial) and name, this diner first marked "You". */
export const DinersRow = observer(function DinersRow() {
  const { table } = useStores();
  const me = table.me.openId;
  return (
    <View className="card" id="table-diners">
      <Text className="card__title">{t('pages.table.diners')}</Text>
      <View className="diners">
        {table.diners.map((d) => {
          const name = dinerName(d, table.diners);
          return (
            <View key={d.openId} className="diner">
              {d.avatar ? <Image nativeProps={{ alt: '' }} className="diner__avatar" src={d.avatar} mode="aspectFill" /> : <View className="diner__avatar diner__avatar--text"><Text>{name.slice(0, 1)}</Text></View>}
              <Text className="diner__name">{d.openId === me ? `${name} (${t('pages.table.you')})` : name}</Text>
            </View>
          );
        })}
      </View>
    </View>
  );
});

/** The shared cart with who added each dish; quantities change for everyone at once. */
export const SharedCart = observer(function SharedCart({ editable = true }: { editable?: boolean }) {
  const { table, cart, checkout } = useStores();
  const amounts = new Map((checkout.breakdown?.lines ?? []).map((l) => [l.flag, l.priceRuleAmount]));
  return (
    <View className="card" id="table-cart">
      <Text className="card__title">{t('pages.table.cart')}</Text>
      {table.lines.length === 0 ? <Text className="muted" id="table-cart-empty">{t('pages.table.cartEmpty')}</Text> : null}
      {table.lines.map((l) => {
        const detail = [l.specName, l.tastesName, l.mealsetNames].filter(Boolean).join(' / ');
        return (
          <View key={l.flag} className="confirm-line table-line">
            <View className="confirm-line__main">
              <Text className="confirm-line__name">{l.name}</Text>
              {detail ? <Text className="confirm-line__detail">{detail}</Text> : null}
              {l.by ? <Text className="table-line__by">{t('pages.table.addedBy', { name: dinerName(l.by, table.diners) })}</Text> : null}
            </View>
            {editable ? (
              <View className="stepper">
                <View className="stepper__btn" onClick={() => toastError(cart.decrement(l.flag))}>
                  <Text>−</Text>
                </View>
                <Text className="stepper__qty">{l.quantity}</Text>
                <View className="stepper__btn stepper__btn--plus" onClick={() => toastError(cart.increment(l.flag))}>
                  <Text>+</Text>
                </View>
              </View>
            ) : (
              <Text className="confirm-line__qty">×{l.quantity}</Text>
            )}
            <Money value={amounts.get(l.flag) ?? 0} className="confirm-line__amount" />
          </View>
        );
      })}
    </View>
  );
});

/** The rounds sent to the kitchen, each with who sent it and when. */
export const OrderedRounds = observer(function OrderedRounds() {
  const { table, shop } = useStores();
  const zone = shopZone(shop.shop);
  const clock = (ms: number) => clockText(ms, zone);
  return (
    <View className="card" id="table-ordered">
      <Text className="card__title">{t('pages.table.ordered')}</Text>
      {table.batches.length === 0 ? <Text className="muted">{t('pages.table.orderedEmpty')}</Text> : null}
      {table.batches.map((b, i) => (
        <View key={`${b.addedAt}-${i}`} className="table-round">
          <Text className="table-round__title">
            {t('pages.table.round', { n: i + 1, name: b.nickName || t('pages.table.guest', { n: i + 1 }), time: clock(b.addedAt) })}
          </Text>
          {b.lines.map((l) => (
            <View key={l.flag} className="confirm-line">
              <View className="confirm-line__main">
                <Text className="confirm-line__name">{l.name}</Text>
                {[l.specName, l.tastesName, l.mealsetNames].filter(Boolean).length > 0 ? (
                  <Text className="confirm-line__detail">{[l.specName, l.tastesName, l.mealsetNames].filter(Boolean).join(' / ')}</Text>
                ) : null}
              </View>
              <Text className="confirm-line__qty">×{l.quantity}</Text>
              <Money value={l.amount} className="confirm-line__amount" />
            </View>
          ))}
          {b.note ? <Text className="confirm-line__detail">{b.note}</Text> : null}
        </View>
      ))}
    </View>
  );
});
