import '@/i18n/areas/member';
import { PhoneField } from '@/components/PhoneField';
import { useEffect, useState } from 'react';
import Taro from '@tarojs/taro';
import { View, Text, Button } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { toast, toastError } from '@/components/ordering/feedback';
import { SmsCodeRow } from '@/components/member/SmsCodeRow';
import { useMemberAccount } from '@/components/member/use-member-account';
import type { JoinResult } from '@/stores/areas/member-account';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/member/member.scss';

/**
 * member/register (P§2, MEMBER-3): becoming a member. In the mini programs one button shares the
 * phone number with the platform's phone authorisation (P§4 fast register); in a browser the customer
 * types the phone and an SMS code. The shop's allowRegisterInWeb chooses register or bind; a bind
 * refused with -1 shows the "register in store" dialog with one 'got it' button, any other refusal the
 * server's text (P§8). Success toasts registerSuccess / bindSuccess and opens the member center.
 */
export default observer(function MemberRegisterPage() {
  const boot = useShopBoot({ ordering: false });
  const root = useStores();
  const { member, platform, session } = root;
  void session.language;
  const account = useMemberAccount();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const register = account.allowRegisterInWeb;

  useEffect(() => {
    if (boot?.ok && !member.loaded) void account.loadCard();
  }, [boot, account, member]);

  const done = async (res: JoinResult) => {
    if (res.ok) {
      toast(res.kind === 'register' ? t('member.register.registerSuccess') : t('member.register.bindSuccess'));
      // a browser's SMS login changed who this is: the shop's coupons and prompts load again for them
      if (res.identityChanged) {
        root.boot.reset();
        await root.boot.load({ ordering: false });
      }
      await Taro.redirectTo({ url: '/pages/member/index' });
      return;
    }
    if (res.needRegisterInStore) {
      // P§8: titled tips, the "register in the store" text, one 'got it' button
      await platform.ui.modal({ title: t('common.tips'), content: t('errors.needRegisterInStore'), showCancel: false, confirmText: t('common.gotIt') });
      return;
    }
    if (res.cancelled || res.shown) return;
    if (res.info) toast(res.info);
    else toastError(res.error);
  };

  const onPhoneAuth = async (detail: unknown) => done(await account.joinWithPhoneAuth(detail));
  const send = async () => {
    const res = await account.sendSmsCode(phone.trim());
    if (res.ok) toast(t('member.register.sent'));
    else if (!res.shown) toastError(res.error);
  };
  const submit = async () => {
    if (account.busy) return;
    await done(await account.joinWithSms(phone, code));
  };

  let body;
  if (!boot || !member.loaded) {
    body = <Skeleton rows={2} />;
  } else if (member.vipInfo) {
    body = (
      <View className="card">
        <Text className="card__title">{t('member.register.already')}</Text>
        <View className="primary-button" id="register-to-center" onClick={() => void Taro.redirectTo({ url: '/pages/member/index' })}>
          <Text>{t('member.title')}</Text>
        </View>
      </View>
    );
  } else if (account.fastRegister && platform.phone.buttonOpenType) {
    body = (
      <View className="card">
        <Text className="member-register__intro">{t('member.register.intro')}</Text>
        {register ? null : <Text className="member-form-hint">{t('member.register.storeOnly')}</Text>}
        <Button
          className="member-register__phone-button"
          id="register-phone-auth"
          openType={platform.phone.buttonOpenType}
          scope="phoneNumber"
          loading={account.busy}
          onGetPhoneNumber={(e) => void onPhoneAuth(e.detail)}
          onGetAuthorize={(e) => void onPhoneAuth(e.detail)}
        >
          {register ? t('member.register.fastRegister') : t('member.register.fastBind')}
        </Button>
        <Text className="member-form-hint link" id="register-agreement" onClick={() => void Taro.navigateTo({ url: '/pages/user/protocol' })}>
          {t('member.register.agreement')}
        </Text>
      </View>
    );
  } else {
    body = (
      <View>
        <Text className="member-register__intro">{t('member.register.intro')}</Text>
        {register ? null : <Text className="member-form-hint">{t('member.register.storeOnly')}</Text>}
        <View className="card">
          <PhoneField id="register-phone" label={t('member.register.phone')} value={phone} placeholder={t('member.register.phonePlaceholder')} defaultRegion={root.session.phoneRegion} onInput={setPhone} />
          <SmsCodeRow
            id="register-code"
            value={code}
            onInput={setCode}
            onSend={() => void send()}
            label={t('member.register.code')}
            placeholder={t('member.register.codePlaceholder')}
            sendText={t('member.register.send')}
          />
        </View>
        <View className={`primary-button${account.busy ? ' primary-button--busy' : ''}`} id="register-submit" onClick={() => void submit()}>
          {account.busy ? <View className="spinner spinner--small" /> : null}
          <Text>{register ? t('member.register.submitRegister') : t('member.register.submitBind')}</Text>
        </View>
        <Text className="member-form-hint link" id="register-agreement" onClick={() => void Taro.navigateTo({ url: '/pages/user/protocol' })}>
          {t('member.register.agreement')}
        </Text>
      </View>
    );
  }

  return (
    <PageShell route="member/register" className="member-page">
      {body}
    </PageShell>
  );
});
