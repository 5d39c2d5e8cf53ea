import { useState } from 'react';
import { View, Text } from '@tarojs/components';
import { Limits } from '@/domain/enums';
import { t } from '@/i18n';
import { Sheet } from './Sheet';

export interface PayPasswordKeyboardProps {
  visible: boolean;
  onClose: () => void;
  /** Called with the 6 digits once the last one is typed. */
  onComplete: (password: string) => void;
  /** The sheet's title (default: "enter the pay password"); a form that asks several entries names each. */
  title?: string;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '', '0', 'del'] as const;

/** The 6-digit pay password keyboard of member-card payment (C§5, ORDER-7). */
export function PayPasswordKeyboard({ visible, onClose, onComplete, title }: PayPasswordKeyboardProps) {
  const [digits, setDigits] = useState('');
  const press = (key: (typeof KEYS)[number]) => {
    if (key === '') return;
    if (key === 'del') {
      setDigits((d) => d.slice(0, -1));
      return;
    }
    const next = (digits + key).slice(0, Limits.payPasswordLength);
    setDigits(next);
    if (next.length === Limits.payPasswordLength) {
      setDigits('');
      onComplete(next);
    }
  };
  return (
    <Sheet
      visible={visible}
      title={title ?? t('pages.ordering.payPasswordTitle')}
      onClose={() => {
        setDigits('');
        onClose();
      }}
      className="pay-password"
    >
      <View className="pay-password__boxes">
        {Array.from({ length: Limits.payPasswordLength }, (_, i) => (
          <View key={i} className="pay-password__box">
            <Text>{i < digits.length ? '●' : ''}</Text>
          </View>
        ))}
      </View>
      <View className="pay-password__keys">
        {KEYS.map((k, i) => (
          <View key={i} className={`pay-password__key${k === '' ? ' pay-password__key--blank' : ''}`} id={k === '' ? undefined : `key-${k}`} onClick={() => press(k)}>
            <Text>{k === 'del' ? '⌫' : k}</Text>
          </View>
        ))}
      </View>
    </Sheet>
  );
}
