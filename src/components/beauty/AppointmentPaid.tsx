import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { OrderDetail } from '@/api/contract/order';
import { useMoneyText } from '@/components/ordering/Money';
import { dateTimeText } from '@/components/ordering/time-slots';
import { restDue } from '@/domain/beauty';
import { OrderType, PayStatus } from '@/domain/enums';
import { t } from '@/i18n';
import '@/i18n/areas/beauty';
import { useStores } from '@/stores';
import './beauty.scss';
import { shopZone } from '@/domain/shop-time';

/**
 * An appointment order's booking line (ORDER-5): when, with whom, and — paid by its deposit — the
 * deposit paid and the rest due in the shop (C§3 depositSet). Nothing for other orders.
 */
export const AppointmentPaid = observer(function AppointmentPaid({ order }: { order: Pick<OrderDetail, 'type' | 'total' | 'paidAmount' | 'payStatus' | 'appointmentTime' | 'service'> }) {
  const { shop } = useStores();
  const moneyText = useMoneyText();
  if (order.type !== OrderType.appointment) return null;
  const offset = shopZone(shop.shop);
  const rest = restDue(order.total, order.paidAmount, shop.numberDecimals);
  const time = order.appointmentTime !== null ? dateTimeText(order.appointmentTime, offset) : null;
  return (
    <View className="appointment-paid" id="appointment-paid">
      {time ? (
        <Text className="appointment-paid__at">
          {order.service ? t('beauty.paid.with', { time, user: order.service.serviceUserName }) : t('beauty.paid.at', { time })}
        </Text>
      ) : null}
      {order.payStatus === PayStatus.success && rest > 0 ? (
        <Text className="appointment-paid__deposit" id="appointment-deposit-paid">
          {t('beauty.paid.deposit', { deposit: moneyText(order.paidAmount), rest: moneyText(rest) })}
        </Text>
      ) : null}
    </View>
  );
});
