import { useEffect, useState } from 'react';
import { PhoneField } from '@/components/PhoneField';
import Taro from '@tarojs/taro';
import { View, Text, Input } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { toast, toastError } from '@/components/ordering/feedback';
import { ErrorCode, ruleError } from '@/domain/errors';
import { checkPhone } from '@/domain/contact';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';

/**
 * user/login (C§2, USER-1): browser login by phone and SMS code. Sending the code (with its quota and
 * rate-limit answers and the resend countdown) and the login run in the auth store; the ordering
 * data loads again for the member who logged in.
 */
export default observer(function UserLoginPage() {
  const root = useStores();
  const { auth } = root;
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const wait = auth.smsWaitSeconds;
  const sending = auth.smsSending;

  // the visitor entry first (a code is charged to the shop of the token): sending the code then
  // costs one call, and after a 401 cleared the identity the page has a token again
  useEffect(() => {
    void auth.ensureLogin();
  }, [auth]);

  const counting = wait > 0;
  // the resend countdown ticks while it runs
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => auth.tick(), 1000);
    return () => clearInterval(timer);
  }, [auth, counting]);

  const send = async () => {
    if (sending || wait > 0) return;
    const res = await auth.sendSmsCode(phone);
    if (res.ok) toast(t('pages.ordering.codeSent'));
    // a refused call was already toasted by the request layer with the server's reason
    else if (!res.shown) toastError(res.error);
  };
  const login = async () => {
    if (auth.pending) return;
    const phoneError = checkPhone(phone, root.session.phoneRegion);
    if (phoneError) return toastError(phoneError);
    if (code.trim() === '') return toastError(ruleError(ErrorCode.inputVerifyCode));
    const res = await auth.loginWithSms(phone.trim(), code.trim());
    if (!res.ok) return;
    toast(t('pages.ordering.loggedIn'));
    // the page below reloads for the new identity: with its menu and cart when an ordering page was open
    const ordering = root.orderingReady;
    root.boot.reset();
    await root.boot.load({ ordering });
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
        <PhoneField id="login-phone" label={t('pages.ordering.phone')} value={phone} placeholder={t('pages.ordering.phonePlaceholder')} defaultRegion={root.session.phoneRegion} onInput={setPhone} />
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
      <Text className="link login-foot" id="login-agreement" onClick={() => void Taro.navigateTo({ url: '/pages/user/protocol' })}>
        {t('pages.ordering.loginAgreement')}
      </Text>
    </PageShell>
  );
});
