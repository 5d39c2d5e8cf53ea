import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { ErrorCode } from '@/domain/errors';
import type { PayType as PayTypeValue } from '@/domain/enums';
import { errorMessage, t } from '@/i18n';
import { useStores } from '@/stores';
import { memberDiscountNeedsCardPay } from '@/domain/pricing';

/** Pay types usable here, one chosen (browser pages have no member card payment, C§5). */
export const PayTypes = observer(function PayTypes() {
  const { checkout } = useStores();
  const chosen = checkout.effectivePayType;
  const input = checkout.pricingInput;
  return (
    <View className="card" id="pay-types">
      <Text className="card__title">{t('pages.ordering.payType')}</Text>
      {checkout.payTypes.map((type: PayTypeValue) => (
        <View key={type} id={`pay-${type}`} className={`option-list__item${chosen === type ? ' option-list__item--on' : ''}`} onClick={() => checkout.setPayType(type)}>
          <Text>{t(`payType.${type}` as const)}</Text>
          <Text className="radio">{chosen === type ? '●' : '○'}</Text>
        </View>
      ))}
      {checkout.payTypes.length === 0 ? <Text className="muted">{errorMessage(ErrorCode.noValidPayType)}</Text> : null}
      {/* P§5 isOnlyCardPayForDiscount: another pay type drops the member discount, and says why */}
      {input && memberDiscountNeedsCardPay(input) ? (
        <Text className="muted pay-types__note" id="card-pay-only-note">
          {t('pages.ordering.cardPayOnlyDiscount')}
        </Text>
      ) : null}
    </View>
  );
});
