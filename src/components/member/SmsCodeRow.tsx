import { useEffect } from 'react';
import { View, Text, Input } from '@tarojs/components';
import { observer } from 'mobx-react';
import { t } from '@/i18n';
import { useStores } from '@/stores';

export interface SmsCodeRowProps {
  id: string;
  value: string;
  onInput: (value: string) => void;
  onSend: () => void;
  label: string;
  placeholder: string;
  sendText: string;
}

/**
 * The SMS code input with its send button and resend countdown (the auth store's, as on the login
 * page: the server takes one code per phone a minute).
 */
export const SmsCodeRow = observer(function SmsCodeRow({ id, value, onInput, onSend, label, placeholder, sendText }: SmsCodeRowProps) {
  const { auth } = useStores();
  const wait = auth.smsWaitSeconds;
  const counting = wait > 0;
  useEffect(() => {
    if (!counting) return;
    // the countdown may have started on another page: read the clock now, then every second
    auth.tick();
    const timer = setInterval(() => auth.tick(), 1000);
    return () => clearInterval(timer);
  }, [auth, counting]);
  return (
    <View className="form-row">
      <Text className="form-row__label">{label}</Text>
      <Input id={id} className="form-row__input" type="number" maxlength={6} value={value} placeholder={placeholder} onInput={(e) => onInput(e.detail.value)} />
      <View className={`ghost-button ghost-button--small${counting ? ' ghost-button--off' : ''}`} id={`${id}-send`} onClick={() => (counting || auth.smsSending ? undefined : onSend())}>
        <Text>{counting ? t('member.forgot.resendIn', { seconds: wait }) : auth.smsSending ? t('common.loading') : sendText}</Text>
      </View>
    </View>
  );
});
