import { useState } from 'react';
import { View, Text, Input, ScrollView } from '@tarojs/components';
import { COUNTRIES, countryOf, joinPhone, splitPhone } from '@/domain/countries';
import { t } from '@/i18n';
import './index.scss';

export interface PhoneFieldProps {
  id: string;
  label: string;
  /** The phone as saved: national for the default region, "+<calling code><number>" for another. */
  value: string;
  placeholder: string;
  /** The region of a number typed without a calling code (the session's; null overseas). */
  defaultRegion: string | null;
  onInput: (phone: string) => void;
}

/**
 * A phone form row with its country or region (USER-5, C§3 country list): the two-letter region picks
 * the calling code the number is saved with and the form the phone check expects.
 */
export function PhoneField(props: PhoneFieldProps) {
  const split = splitPhone(props.value);
  const [region, setRegion] = useState<string | null>(split?.region ?? props.defaultRegion);
  const [open, setOpen] = useState(false);
  const national = split ? split.national : props.value;
  const country = countryOf(region);

  const emit = (nextRegion: string | null, typed: string) =>
    props.onInput(nextRegion ? joinPhone(nextRegion, typed, props.defaultRegion) : typed.replace(/\s/g, ''));

  return (
    <View className="form-row phone-field">
      <Text className="form-row__label">{props.label}</Text>
      <View id={`${props.id}-region`} className="phone-field__region" onClick={() => setOpen(true)}>
        <Text>{country ? `${country.code} +${country.dial}` : t('countries.choose')}</Text>
        <Text className="phone-field__caret">▾</Text>
      </View>
      <Input
        id={props.id}
        className="form-row__input"
        type="number"
        maxlength={20}
        value={national}
        placeholder={props.placeholder}
        onInput={(e) => emit(region, e.detail.value)}
      />
      {open ? (
        <View className="phone-field__mask" onClick={() => setOpen(false)}>
          <View className="phone-field__sheet" onClick={(e) => e.stopPropagation()}>
            <Text className="phone-field__title">{t('countries.title')}</Text>
            <ScrollView scrollY className="phone-field__list">
              {COUNTRIES.map((c) => (
                <View
                  key={c.code}
                  id={`${props.id}-region-${c.code}`}
                  className={`phone-field__item${c.code === region ? ' phone-field__item--on' : ''}`}
                  onClick={() => {
                    setRegion(c.code);
                    setOpen(false);
                    emit(c.code, national);
                  }}
                >
                  <Text>{t(`countries.names.${c.code}` as 'countries.names.CN')}</Text>
                  <Text className="phone-field__dial">+{c.dial}</Text>
                </View>
              ))}
            </ScrollView>
          </View>
        </View>
      ) : null}
    </View>
  );
}
