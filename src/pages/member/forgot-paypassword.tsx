import '@/i18n/areas/member';
import { useEffect, useState } from 'react';
import Taro from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { toast, toastError } from '@/components/ordering/feedback';
import { PayPasswordForm } from '@/components/member/PayPasswordForm';
import { SmsCodeRow } from '@/components/member/SmsCodeRow';
import { leavePage } from '@/components/member/leave';
import { useMemberAccount } from '@/components/member/use-member-account';
import { maskPhone } from '@/domain/members/member-info';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/member/member.scss';

/**
 * member/forgot-paypassword (P§2, MEMBER-2): an SMS code to the card's phone (the shop's SMS quota
 * first, the resend countdown), checked with vip/checkCode, then the new pay password twice on the
 * keypad; the reset sends the checked code with it.
 */
export default observer(function ForgotPayPasswordPage() {
  const boot = useShopBoot({ ordering: false });
  const account = useMemberAccount();
  const { member, session } = useStores();
  void session.language;
  const card = member.vipInfo;
  const [code, setCode] = useState('');

  useEffect(() => {
    if (boot?.ok && !member.loaded) void account.loadCard();
  }, [boot, account, member]);
  useEffect(() => {
    if (boot?.ok && member.loaded && !card) void Taro.redirectTo({ url: '/pages/member/register' });
  }, [boot, member.loaded, card]);

  const send = async () => {
    if (!card?.phone) return;
    const res = await account.sendSmsCode(card.phone);
    if (res.ok) toast(t('member.forgot.sent'));
    else if (!res.shown) toastError(res.error);
  };
  const next = async () => {
    if (account.busy) return;
    const res = await account.checkResetCode(code);
    if (!res.ok && !res.shown) toastError(res.error);
  };

  const resetting = account.payPassword?.mode === 'reset' && account.resetCode !== null;
  return (
    <PageShell route="member/forgot-paypassword" className="member-page">
      {!boot || !card ? (
        <Skeleton rows={2} />
      ) : resetting ? (
        <View>
          <Text className="member-form-hint">{t('member.payPassword.resetTitle')}</Text>
          <PayPasswordForm account={account} onSaved={() => void leavePage()} />
        </View>
      ) : (
        <View>
          <View className="card">
            <View className="form-row">
              <Text className="form-row__label">{t('member.forgot.phone')}</Text>
              <Text className="form-row__value" id="forgot-phone">
                {maskPhone(card.phone)}
              </Text>
            </View>
            <SmsCodeRow
              id="forgot-code"
              value={code}
              onInput={setCode}
              onSend={() => void send()}
              label={t('member.forgot.code')}
              placeholder={t('member.forgot.codePlaceholder')}
              sendText={t('member.forgot.send')}
            />
          </View>
          <Text className="member-form-hint">{t('member.forgot.hint')}</Text>
          <View className={`primary-button${account.busy ? ' primary-button--busy' : ''}`} id="forgot-next" onClick={() => void next()}>
            {account.busy ? <View className="spinner spinner--small" /> : null}
            <Text>{t('member.forgot.next')}</Text>
          </View>
        </View>
      )}
    </PageShell>
  );
});
