import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { errorMessage, t } from '@/i18n';
import { useStores } from '@/stores';
import { MultiShopEntry } from '@/components/multi/MultiShopEntry';
import { GiftsOffers } from './GiftsOffers';
import { Money } from './Money';
import { Sheet } from './Sheet';
import { ask, toastError } from './feedback';

/** The cart's lines with quantity steppers (docs/architecture.md §22 Screens: the cart sheet and the cart page). */
export const CartLines = observer(function CartLines() {
  const { cart, checkout, menu } = useStores();
  return (
    <View className="cart-lines">
      {cart.lines.map((l) => {
        // the unit price with the chosen tastes and meal-set items, as the engine prices it
        const unit = checkout.breakdown?.lines.find((b) => b.flag === l.flag)?.unitPrice ?? l.price;
        const flagged = menu.productState(l.id)?.error ?? null;
        const detail = [l.specName, l.tastesName, l.mealsetNames].filter(Boolean).join(' / ');
        // C§5: more units than the special price allows — the rest cost the list price
        const notice = checkout.breakdown?.notices.find((n) => n.params?.product === l.name) ?? null;
        return (
          <View key={l.flag} className="cart-line">
            <View className="cart-line__main">
              <Text className="cart-line__name">{l.name}</Text>
              {detail ? <Text className="cart-line__detail">{detail}</Text> : null}
              {flagged ? <Text className="cart-line__flag">{t('pages.ordering.unavailable')}</Text> : null}
              {notice ? <Text className="cart-line__flag cart-line__notice">{errorMessage(notice)}</Text> : null}
            </View>
            <Money value={unit} className="cart-line__price" />
            <View className="stepper">
              <View className="stepper__btn stepper__btn--minus" onClick={() => toastError(cart.decrement(l.flag))}>
                <Text>−</Text>
              </View>
              <Text className="stepper__count">{l.quantity}</Text>
              <View className="stepper__btn stepper__btn--plus" onClick={() => toastError(cart.increment(l.flag))}>
                <Text>+</Text>
              </View>
            </View>
          </View>
        );
      })}
    </View>
  );
});

export interface CartSheetProps {
  visible: boolean;
  onClose: () => void;
}

/** The cart sheet opened from the cart bar: lines, steppers and "clear". */
export const CartSheet = observer(function CartSheet({ visible, onClose }: CartSheetProps) {
  const { cart, checkout } = useStores();
  const clear = async () => {
    if (await ask(t('pages.ordering.clearConfirm'))) {
      cart.clear();
      onClose();
    }
  };
  return (
    <Sheet visible={visible && !cart.isEmpty} onClose={onClose} className="cart-sheet">
      <View className="cart-sheet__head">
        <Text className="cart-sheet__title">{t('pages.ordering.cartTitle')}</Text>
        <Text className="cart-sheet__clear" id="cart-clear" onClick={() => void clear()}>
          {t('pages.ordering.clear')}
        </Text>
      </View>
      <CartLines />
      {visible ? <MultiShopEntry revision={checkout.revision} /> : null}
      {/* PRICE-11: gifts the cart earns and offers it may accept */}
      <GiftsOffers />
    </Sheet>
  );
});
