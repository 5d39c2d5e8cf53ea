import { useState } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PayPasswordKeyboard } from '@/components/ordering/PayPasswordKeyboard';
import { toast, toastError } from '@/components/ordering/feedback';
import type { PayPasswordStep } from '@/domain/members/pay-password';
import type { MemberAccountStore } from '@/stores/areas/member-account';
import { t } from '@/i18n';

const STEP_TEXT: Record<PayPasswordStep, 'member.payPassword.original' | 'member.payPassword.new' | 'member.payPassword.repeat'> = {
  original: 'member.payPassword.original',
  new: 'member.payPassword.new',
  repeat: 'member.payPassword.repeat',
};

/**
 * The pay-password entry on the secure 6-digit keypad (MEMBER-2): each entry's prompt, where the form
 * stands, the rules; refusals are toasted and the keypad asks again. `onSaved` runs once the server
 * took the new password.
 */
export const PayPasswordForm = observer(function PayPasswordForm({ account, onSaved }: { account: MemberAccountStore; onSaved: () => void }) {
  const [open, setOpen] = useState(true);
  const entry = account.payPassword;
  if (!entry) return null;
  const steps: PayPasswordStep[] = entry.mode === 'change' ? ['original', 'new', 'repeat'] : ['new', 'repeat'];
  const prompt = t(STEP_TEXT[entry.step]);

  const complete = async (digits: string) => {
    const res = await account.enterPayPassword(digits);
    if (res.state === 'refused') {
      if (!res.shown) toastError(res.error);
    } else if (res.state === 'saved') {
      setOpen(false);
      toast(t('member.payPassword.saved'));
      onSaved();
    }
  };

  return (
    <View className="card member-step" id="pay-password-form">
      <Text className="member-step__title" id="pay-password-step">
        {prompt}
      </Text>
      <View className="member-step__dots">
        {steps.map((s) => (
          <View key={s} className={`member-step__dot${s === entry.step ? ' member-step__dot--on' : ''}`} />
        ))}
      </View>
      <Text className="member-form-hint">{t('member.payPassword.hint')}</Text>
      <View className="primary-button" id="pay-password-open" onClick={() => setOpen(true)}>
        <Text>{t('member.payPassword.tapToEnter')}</Text>
      </View>
      <PayPasswordKeyboard visible={open} title={prompt} onClose={() => setOpen(false)} onComplete={(d) => void complete(d)} />
    </View>
  );
});
