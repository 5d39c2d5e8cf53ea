import { useEffect, useState } from 'react';
import Taro from '@tarojs/taro';
import { View, Text, Input } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { PageShell } from '@/components/PageShell';
import { resetBoot, bootShop } from '@/components/ordering/boot';
import { toast, toastError } from '@/components/ordering/feedback';
import { ErrorCode, ruleError } from '@/domain/errors';
import { checkPhone } from '@/domain/validation';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';

const RESEND_SECONDS = 60;

/**
 * user/login (C§2, USER-1): browser login by phone and SMS code. The code goes out through
 * user/sendSmsCode; the login runs in the auth store, and the ordering data loads again for the
 * member who logged in.
 */
export default observer(function UserLoginPage() {
  const root = useStores();
  const { auth } = root;
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    if (sending || wait > 0) return;
    const phoneError = checkPhone(phone);
    if (phoneError) {
      toastError(phoneError);
      return;
    }
    setSending(true);
    try {
      const entry = await auth.ensureLogin();
      if (!entry.ok) return;
      await root.api.user.sendSmsCode({ phone: phone.trim() });
      setWait(RESEND_SECONDS);
      toast(t('pages.ordering.codeSent'));
    } catch {
      // a refused call was already toasted by the request layer with the server's reason
    } finally {
      setSending(false);
    }
  };
  const login = async () => {
    if (auth.pending) return;
    const phoneError = checkPhone(phone);
    if (phoneError) return toastError(phoneError);
    if (code.trim() === '') return toastError(ruleError(ErrorCode.inputVerifyCode));
    const res = await auth.loginWithSms(phone.trim(), code.trim());
    if (!res.ok) return;
    toast(t('pages.ordering.loggedIn'));
    resetBoot();
    await bootShop(root);
    if (Taro.getCurrentPages().length > 1) await Taro.navigateBack();
    else await Taro.switchTab({ url: '/pages/user/index-tab' });
  };

  return (
    <PageShell route="user/login" className="login-page">
      <View className="login-head">
        <Text className="login-head__title">{t('pages.ordering.loginTitle')}</Text>
        <Text className="login-head__text">{t('pages.screens.user/login.text')}</Text>
      </View>
      <View className="card">
        <View className="form-row">
          <Text className="form-row__label">{t('pages.ordering.phone')}</Text>
          <Input id="login-phone" className="form-row__input" type="number" maxlength={20} value={phone} placeholder={t('pages.ordering.phonePlaceholder')} onInput={(e) => setPhone(e.detail.value)} />
        </View>
        <View className="form-row">
          <Text className="form-row__label">{t('pages.ordering.smsCode')}</Text>
          <Input id="login-code" className="form-row__input" type="number" maxlength={6} value={code} placeholder={t('pages.ordering.smsCodePlaceholder')} onInput={(e) => setCode(e.detail.value)} />
          <View className={`ghost-button ghost-button--small${wait > 0 ? ' ghost-button--off' : ''}`} id="login-send" onClick={() => void send()}>
            <Text>{wait > 0 ? t('pages.ordering.resendIn', { seconds: wait }) : sending ? t('pages.ordering.loading') : t('pages.ordering.sendCode')}</Text>
          </View>
        </View>
      </View>
      <View className={`primary-button${auth.pending ? ' primary-button--busy' : ''}`} id="login-submit" onClick={() => void login()}>
        {auth.pending ? <View className="spinner spinner--small" /> : null}
        <Text>{t('pages.ordering.login')}</Text>
      </View>
      <Text className="muted login-foot">{t('pages.ordering.loginHint')}</Text>
    </PageShell>
  );
});
