import { useEffect, useState } from 'react';
import Taro from '@tarojs/taro';
import { View, Text, Input, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { Sheet } from '@/components/ordering/Sheet';
import { useMoneyText } from '@/components/ordering/Money';
import { toastError } from '@/components/ordering/feedback';
import { clockText, dateTimeText } from '@/components/ordering/time-slots';
import { dayKey } from '@/domain/beauty';
import type { ShopZone } from '@/domain/shop-time';
import { errorMessage, t } from '@/i18n';
import '@/i18n/areas/beauty';
import { useStores } from '@/stores';
import { useBeauty } from './use-beauty';
import './beauty.scss';

/** The label of a day chip: today, tomorrow, else "MM-DD". */
function dayLabel(day: number, index: number, zone: ShopZone): string {
  if (index === 0) return t('beauty.picker.today');
  if (index === 1) return t('beauty.picker.tomorrow');
  return dayKey(day, zone).slice(5);
}

/** The time picker (C§3 appointmentTimeLimit, the shop's hours): day chips, then the day's times, booked ones greyed. */
const TimePicker = observer(function TimePicker({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const beauty = useBeauty();
  const { checkout } = useStores();
  const days = beauty.days;
  const shown = beauty.day ?? days[0];
  useEffect(() => {
    if (visible) void beauty.loadDay(beauty.day ?? beauty.days[0]);
  }, [visible, beauty]);
  const chosen = checkout.orderInfo.appointment;
  return (
    <Sheet visible={visible} title={t('beauty.picker.title')} onClose={onClose} className="appointment-picker">
      <View className="appointment-picker__days" id="appointment-days">
        {days.map((d, i) => (
          <View key={d} id={`appointment-day-${dayKey(d, beauty.offset)}`} className={`appointment-picker__day${d === shown ? ' appointment-picker__day--on' : ''}`} onClick={() => void beauty.loadDay(d)}>
            <Text>{dayLabel(d, i, beauty.offset)}</Text>
          </View>
        ))}
      </View>
      <View className="appointment-picker__times" id="appointment-times">
        {beauty.times.length === 0 ? <Text className="muted appointment-picker__none">{t('beauty.picker.noTimes')}</Text> : null}
        {beauty.times.map(({ at, booked }) => (
          <View
            key={at}
            id={`appointment-time-${clockText(at, beauty.offset).replace(':', '')}`}
            className={`appointment-picker__time${booked ? ' appointment-picker__time--off' : ''}${at === chosen ? ' appointment-picker__time--on' : ''}`}
            onClick={() => {
              if (booked) return;
              beauty.chooseTime(at);
              onClose();
            }}
          >
            <Text>{clockText(at, beauty.offset)}</Text>
            {booked ? <Text className="appointment-picker__booked">{t('beauty.picker.booked')}</Text> : null}
          </View>
        ))}
      </View>
    </Sheet>
  );
});

/** Calls the shop (C§6: the shop books what one technician cannot do). */
export function callShop(phone: string): Promise<unknown> {
  return Taro.makePhoneCall({ phoneNumber: phone }).catch(() => undefined);
}

/**
 * The appointment card of the confirm page (ORDER-5, C§5): the time first, then the service user (its
 * own page), who is served (name and phone), the service's duration and the deposit asked now. Services
 * that need more than one technician are not booked here: the card says so and offers to call the shop.
 */
export const AppointmentCard = observer(function AppointmentCard() {
  const beauty = useBeauty();
  const { checkout, shop } = useStores();
  const moneyText = useMoneyText();
  const [picking, setPicking] = useState(false);
  const info = checkout.orderInfo;
  useEffect(() => {
    void beauty.loadUsers();
  }, [beauty]);
  const user = beauty.chosenUser && beauty.chosenUser.id === info.serviceUserId ? beauty.chosenUser : null;
  const deposit = beauty.deposit;
  const openUsers = () => {
    const first = beauty.canChooseUser();
    if (first) {
      toastError(first);
      return;
    }
    void Taro.navigateTo({ url: '/pages/order/select-service-user' });
  };
  const several = beauty.technicianError;
  if (several) {
    // C§6: services of more than one technician are booked with the shop, by phone
    const phone = shop.shop?.phone;
    return (
      <View className="card appointment-card" id="appointment-card">
        <Text className="card__title">{t('beauty.card.title')}</Text>
        <Text className="appointment-card__several" id="appointment-several">
          {errorMessage(several)}
        </Text>
        {phone ? (
          <View className="primary-button" id="appointment-call-shop" onClick={() => void callShop(phone)}>
            <Text>{t('pages.ordering.callShop')}</Text>
          </View>
        ) : null}
      </View>
    );
  }
  return (
    <View className="card appointment-card" id="appointment-card">
      <Text className="card__title">{t('beauty.card.title')}</Text>
      <View className="form-row form-row--link" id="row-appointment" onClick={() => setPicking(true)}>
        <Text className="form-row__label">{t('beauty.card.time')}</Text>
        <Text className={`form-row__value${info.appointment === null ? ' form-row__value--empty' : ''}`}>
          {info.appointment === null ? t('beauty.card.chooseTime') : dateTimeText(info.appointment, beauty.offset)}
        </Text>
        <Text className="chevron">›</Text>
      </View>
      <View className="form-row form-row--link" id="row-service-user" onClick={openUsers}>
        <Text className="form-row__label">{t('beauty.card.serviceUser')}</Text>
        {user ? (
          <View className="appointment-card__user">
            {user.headImage ? <Image nativeProps={{ alt: '' }} className="appointment-card__avatar" src={user.headImage} mode="aspectFill" /> : null}
            <Text className="form-row__value">{`${user.userName} · ${user.tagName}`}</Text>
          </View>
        ) : (
          <Text className="form-row__value form-row__value--empty">
            {beauty.serviceUserRequired || beauty.set === null ? t('beauty.card.chooseServiceUser') : t('beauty.card.optionalServiceUser')}
          </Text>
        )}
        <Text className="chevron">›</Text>
      </View>
      <View className="form-row">
        <Text className="form-row__label">{t('beauty.card.name')}</Text>
        <Input
          className="form-row__input"
          id="beauty-name"
          value={info.beautyUserName ?? ''}
          placeholder={t('beauty.card.namePlaceholder')}
          maxlength={140}
          onInput={(e) => beauty.setContact({ beautyUserName: e.detail.value })}
        />
      </View>
      <View className="form-row">
        <Text className="form-row__label">{t('beauty.card.phone')}</Text>
        <Input
          className="form-row__input"
          id="beauty-phone"
          type="number"
          value={info.beautyUserPhone ?? ''}
          placeholder={t('beauty.card.phonePlaceholder')}
          maxlength={20}
          onInput={(e) => beauty.setContact({ beautyUserPhone: e.detail.value })}
        />
      </View>
      <View className="form-row">
        <Text className="form-row__label">{t('beauty.card.duration')}</Text>
        <Text className="form-row__value" id="service-duration">
          {t('beauty.card.minutes', { minutes: beauty.duration })}
        </Text>
      </View>
      {deposit ? (
        <View className="form-row appointment-card__deposit" id="deposit-row">
          <Text className="form-row__label">{t('beauty.card.deposit')}</Text>
          <Text className="form-row__value appointment-card__deposit-text">
            {t('beauty.card.depositNote', { deposit: moneyText(deposit.deposit), rest: moneyText(deposit.rest) })}
          </Text>
        </View>
      ) : null}
      <TimePicker visible={picking} onClose={() => setPicking(false)} />
    </View>
  );
});
