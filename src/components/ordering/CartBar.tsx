import { useState } from 'react';
import { View, Text, Image } from '@tarojs/components';
import cartIcon from '@/assets/home/pickup.png';
import { observer } from 'mobx-react';
import { errorMessage, t } from '@/i18n';
import { useStores } from '@/stores';
import { Money, useMoneyText } from './Money';
import { runCheckout } from './checkout';

export interface CartBarProps {
  onOpenCart: () => void;
  /** Above the cart sheet while it is open (the sheet opens from the bar). */
  raised?: boolean;
}

/**
 * The fixed cart bar (docs/architecture.md §22 Screens): cart icon with the item count, the payable amount, the saving, the
 * delivery-fee hint or the amount still missing for the minimum order, and the checkout button —
 * disabled with the reason while the shop cannot take orders.
 */
export const CartBar = observer(function CartBar({ onOpenCart, raised }: CartBarProps) {
  const root = useStores();
  const { cart, checkout, shop } = root;
  const moneyText = useMoneyText();
  const [busy, setBusy] = useState(false);
  const b = checkout.breakdown;
  const count = cart.itemCount;
  // until the shop is loaded there is nothing to say about it yet
  const closed = shop.shop ? shop.canOrderError : null;
  const missing = checkout.missingAmount;
  let hint = '';
  if (closed) hint = errorMessage(closed);
  else if (count > 0 && missing > 0) hint = t('pages.ordering.missingAmount', { amount: moneyText(missing) });
  else if (b && b.fees.delivery > 0) hint = t('pages.ordering.deliveryFeeHint', { amount: moneyText(b.fees.delivery) });
  const disabled = count === 0 || !shop.shop || closed !== null || missing > 0 || busy;
  const confirmOrder = async () => {
    if (disabled) return;
    setBusy(true);
    try {
      await runCheckout(root);
    } finally {
      setBusy(false);
    }
  };
  return (
    <View className={`cart-bar${raised ? ' cart-bar--raised' : ''}`} id="cart-bar">
      <View className="cart-bar__icon" onClick={() => count > 0 && onOpenCart()} id="cart-icon">
        <Image className="cart-bar__glyph" src={cartIcon} nativeProps={{ alt: t('tabBar.cart') }} />
        {count > 0 ? <Text className="badge cart-bar__badge">{count}</Text> : null}
      </View>
      <View className="cart-bar__sum" onClick={() => count > 0 && onOpenCart()}>
        {count > 0 && b ? (
          <View className="cart-bar__amounts">
            <Money value={b.amountToPay} className="cart-bar__total" />
            {b.totalDiscount > 0 ? <Text className="cart-bar__saved">{t('pages.ordering.saved', { amount: moneyText(b.totalDiscount) })}</Text> : null}
          </View>
        ) : (
          <Text className="cart-bar__empty">{t('pages.ordering.cartEmpty')}</Text>
        )}
        {hint ? <Text className="cart-bar__hint">{hint}</Text> : null}
      </View>
      <View className={`cart-bar__go${disabled ? ' cart-bar__go--off' : ''}`} id="checkout" onClick={() => void confirmOrder()}>
        <Text>{busy ? t('pages.ordering.loading') : closed ? t('pages.ordering.closedShort') : t('pages.ordering.checkout')}</Text>
      </View>
    </View>
  );
});
