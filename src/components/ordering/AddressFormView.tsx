import { useState } from 'react';
import { PhoneField } from '@/components/PhoneField';
import Taro from '@tarojs/taro';
import { usePageShow } from './hooks';
import { View, Text, Input, Switch } from '@tarojs/components';
import { observer } from 'mobx-react';
import { Gender } from '@/domain/enums';
import type { Gender as GenderValue } from '@/domain/enums';
import { t } from '@/i18n';
import type { RuleError } from '@/domain/errors';
import { useStores } from '@/stores';
import type { AddressForm } from '@/stores/areas/address-edit';
import { useAddressEdit } from './use-address-edit';
import { toastError } from './feedback';
import { addressOfPoint, takePickedPoint } from './point-pick';

export interface AddressFormViewProps {
  initial: AddressForm;
  onSave: (form: AddressForm) => Promise<void>;
  onDelete?: () => void;
}

const GENDERS: Array<{ value: GenderValue; key: 'male' | 'female' }> = [
  { value: Gender.male, key: 'male' },
  { value: Gender.female, key: 'female' },
];

/**
 * The address form (USER-3, C§3 Address): name, gender, phone, detail address, house number, the
 * GPS point (device location, the point chooser page — a map on the mini programs — or typed "lat,lng"
 * in a browser, which works without map tiles), default.
 */
export const AddressFormView = observer(function AddressFormView({ initial, onSave, onDelete }: AddressFormViewProps) {
  const { session } = useStores();
  const address = useAddressEdit();
  const phoneRegion = session.phoneRegion;
  const [form, setForm] = useState<AddressForm>(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const set = (patch: Partial<AddressForm>) => setForm((f) => ({ ...f, ...patch }));

  usePageShow(() => {
    const point = takePickedPoint();
    if (!point) return;
    // a named place replaces the detail address; a bare position keeps what the customer typed
    const picked = addressOfPoint(point);
    setForm((f) => ({ ...f, address: picked || f.address, addressGps: point.addressGps }));
  });

  const locate = async () => {
    const res = await address.locate();
    if (res.ok) set({ addressGps: res.addressGps });
    else toastError(res.error);
  };
  const save = async () => {
    setErrors([]);
    try {
      await onSave(form);
    } catch (e) {
      setErrors([String(e)]);
    }
  };

  return (
    <View className="address-form">
      <View className="card">
        <View className="form-row">
          <Text className="form-row__label">{t('pages.ordering.name')}</Text>
          <Input id="addr-name" className="form-row__input" value={form.name} maxlength={32} placeholder={t('pages.ordering.namePlaceholder')} onInput={(e) => set({ name: e.detail.value })} />
        </View>
        <View className="form-row">
          <Text className="form-row__label">{t('pages.ordering.gender')}</Text>
          <View className="chips">
            {GENDERS.map((g) => (
              <View key={g.key} id={`addr-gender-${g.key}`} className={`chip${form.gender === g.value ? ' chip--on' : ''}`} onClick={() => set({ gender: g.value })}>
                <Text>{t(`pages.ordering.${g.key}` as const)}</Text>
              </View>
            ))}
          </View>
        </View>
        <PhoneField id="addr-phone" label={t('pages.ordering.phone')} value={form.phone} placeholder={t('pages.ordering.phonePlaceholder')} defaultRegion={phoneRegion} onInput={(phone) => set({ phone })} />
        <View className="form-row">
          <Text className="form-row__label">{t('pages.ordering.address')}</Text>
          <Input id="addr-address" className="form-row__input" value={form.address} maxlength={140} placeholder={t('pages.ordering.addressPlaceholder')} onInput={(e) => set({ address: e.detail.value })} />
        </View>
        <View className="form-row">
          <Text className="form-row__label">{t('pages.ordering.houseNumber')}</Text>
          <Input id="addr-house" className="form-row__input" value={form.houseNumber ?? ''} maxlength={64} placeholder={t('pages.ordering.houseNumberPlaceholder')} onInput={(e) => set({ houseNumber: e.detail.value })} />
        </View>
        <View className="form-row">
          <Text className="form-row__label">{t('pages.ordering.gps')}</Text>
          <Input id="addr-gps" className="form-row__input" value={form.addressGps} maxlength={60} placeholder={t('pages.ordering.gpsPlaceholder')} onInput={(e) => set({ addressGps: e.detail.value })} />
        </View>
        <View className="form-row form-row--actions">
          <View className="ghost-button" id="addr-locate" onClick={() => void locate()}>
            <Text>{t('pages.ordering.useLocation')}</Text>
          </View>
          <View className="ghost-button" id="addr-poi" onClick={() => void Taro.navigateTo({ url: '/pages/user/address/poi' })}>
            <Text>{t('pages.ordering.choosePoint')}</Text>
          </View>
        </View>
        <View className="form-row">
          <Text className="form-row__label">{t('pages.ordering.setDefault')}</Text>
          <Switch id="addr-default" nativeProps={{ 'aria-label': t('pages.ordering.setDefault') }} checked={form.isDefault === true} onChange={(e) => set({ isDefault: e.detail.value })} />
        </View>
      </View>
      {errors.length > 0 ? <Text className="form-error">{errors.join('\n')}</Text> : null}
      <View className={`primary-button${address.saving ? ' primary-button--busy' : ''}`} id="addr-save" onClick={() => void save()}>
        {address.saving ? <View className="spinner spinner--small" /> : null}
        <Text>{t('pages.ordering.save')}</Text>
      </View>
      {onDelete ? (
        <View className="text-button text-button--danger" id="addr-delete" onClick={onDelete}>
          <Text>{t('pages.ordering.delete')}</Text>
        </View>
      ) : null}
    </View>
  );
});

/** Shows the first rule a save broke (C§5 address rules, each with its message). */
export function showSaveErrors(errors: readonly RuleError[]): void {
  toastError(errors[0]);
}
