import { useState } from 'react';
import Taro from '@tarojs/taro';
import { View, Text, Input } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { PageShell } from '@/components/PageShell';
import { setPickedPoint } from '@/components/ordering/point-pick';
import { toastError } from '@/components/ordering/feedback';
import { ErrorCode, ruleError } from '@/domain/errors';
import { parseGps } from '@/domain/validation';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';

/**
 * user/address/poi (C§2, USER-3): choosing the delivery point. It works without map tiles: the
 * device location, or a place name with its coordinates typed in; the shop's own location is offered
 * as a nearby reference point.
 */
export default observer(function UserAddressPoiPage() {
  const { address, shop } = useStores();
  const [name, setName] = useState('');
  const [gps, setGps] = useState('');
  const shopGps = shop.shop?.gpsAddress;
  const shopPoint = typeof shopGps === 'string' ? shopGps : shopGps ? `${shopGps.lat},${shopGps.lng}` : null;

  const done = (address_: string, addressGps: string) => {
    if (!parseGps(addressGps)) {
      toastError(ruleError(ErrorCode.addressNoGps));
      return;
    }
    setPickedPoint({ address: address_, addressGps });
    void Taro.navigateBack();
  };
  const locate = async () => {
    const res = await address.locate();
    if (res.ok) setGps(res.addressGps);
    else toastError(res.error);
  };
  return (
    <PageShell route="user/address/poi">
      <View className="card">
        <View className="form-row">
          <Text className="form-row__label">{t('pages.ordering.place')}</Text>
          <Input id="poi-name" className="form-row__input" value={name} placeholder={t('pages.ordering.addressPlaceholder')} onInput={(e) => setName(e.detail.value)} />
        </View>
        <View className="form-row">
          <Text className="form-row__label">{t('pages.ordering.gps')}</Text>
          <Input id="poi-gps" className="form-row__input" value={gps} placeholder={t('pages.ordering.gpsPlaceholder')} onInput={(e) => setGps(e.detail.value)} />
        </View>
        <View className="form-row form-row--actions">
          <View className="ghost-button" onClick={() => void locate()}>
            <Text>{t('pages.ordering.useLocation')}</Text>
          </View>
        </View>
      </View>
      {shopPoint ? (
        <View className="card option-list">
          <Text className="card__title">{t('pages.ordering.nearby')}</Text>
          <View className="option-list__item" onClick={() => done(shop.shop?.address ?? '', shopPoint)}>
            <Text>{shop.shop?.address ?? shop.shop?.name}</Text>
            <Text className="option-list__side">{shopPoint}</Text>
          </View>
        </View>
      ) : null}
      <View className="primary-button" id="poi-confirm" onClick={() => done(name, gps.trim())}>
        <Text>{t('pages.ordering.confirm')}</Text>
      </View>
    </PageShell>
  );
});
