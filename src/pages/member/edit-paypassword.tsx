import '@/i18n/areas/member';
import { useEffect } from 'react';
import Taro from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { Skeleton } from '@/components/Skeleton';
import { openRoute } from '@/components/navigation';
import { useShopBoot } from '@/components/ordering/boot';
import { usePageShow } from '@/components/ordering/hooks';
import { PayPasswordForm } from '@/components/member/PayPasswordForm';
import { leavePage } from '@/components/member/leave';
import { useMemberAccount } from '@/components/member/use-member-account';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/member/member.scss';

/**
 * member/edit-paypassword (P§2, MEMBER-2): sets the pay password when the card has none, otherwise
 * changes it with the original first; every entry on the 6-digit keypad (P§5: 6 digits, not 123456,
 * the repeat must match, the original must be correct). A forgotten one is reset by SMS code.
 */
export default observer(function EditPayPasswordPage() {
  const boot = useShopBoot({ ordering: false });
  const account = useMemberAccount();
  const { member, session } = useStores();
  void session.language;
  const card = member.vipInfo;

  // the card as the member center reads it (whether a pay password is set decides set or change)
  useEffect(() => {
    if (!boot?.ok) return;
    void account.loadCard().then(() => {
      if (!member.vipInfo) void Taro.redirectTo({ url: '/pages/member/register' });
      else account.startPayPassword();
    });
  }, [boot, account, member]);

  // back from the forgotten-password page: the form starts again for the card as it is now
  usePageShow(() => {
    if (account.payPasswordSet !== null && member.vipInfo && (!account.payPassword || account.payPassword.mode === 'reset')) account.startPayPassword();
  });

  const mode = account.payPassword?.mode ?? account.payPasswordMode;
  return (
    <PageShell route="member/edit-paypassword" className="member-page">
      {!boot || !card || !account.payPassword ? (
        <Skeleton rows={2} />
      ) : (
        <View>
          <Text className="member-form-hint" id="pay-password-mode">
            {mode === 'change' ? t('member.payPassword.changeTitle') : t('member.payPassword.setTitle')}
          </Text>
          <PayPasswordForm account={account} onSaved={() => void leavePage()} />
          {mode === 'change' ? (
            <View className="text-button" id="pay-password-forgot" onClick={() => void openRoute('/pages/member/forgot-paypassword')}>
              <Text>{t('member.payPassword.forgot')}</Text>
            </View>
          ) : null}
        </View>
      )}
    </PageShell>
  );
});
