import '@/i18n/areas/member';
import { useEffect, useState } from 'react';
import Taro from '@tarojs/taro';
import { View, Text, Input, Picker } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { toast, toastError } from '@/components/ordering/feedback';
import { useMemberAccount } from '@/components/member/use-member-account';
import { leavePage } from '@/components/member/leave';
import { MEMBER_NAME_MAX, maskPhone } from '@/domain/members/member-info';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/member/member.scss';

/** Where the birthday picker opens when none is set. */
const DEFAULT_BIRTHDAY = '1990-01-01';

/**
 * member/edit (P§2, MEMBER-1 info edit): the member's name and birthday (a date picker 150 years
 * either side of this year, C§5), saved with vip/update; phone and card number are shown, not edited.
 */
export default observer(function MemberEditPage() {
  const boot = useShopBoot({ ordering: false });
  const account = useMemberAccount();
  const { member, session } = useStores();
  void session.language;
  const card = member.vipInfo;
  const [name, setName] = useState<string | null>(null);
  const [birthday, setBirthday] = useState<string | null>(null);

  useEffect(() => {
    if (boot?.ok && !member.loaded) void account.loadCard();
  }, [boot, account, member]);

  // a deep link opened by a visitor: there is no card to edit
  useEffect(() => {
    if (boot?.ok && member.loaded && !card) void Taro.redirectTo({ url: '/pages/member/register' });
  }, [boot, member.loaded, card]);

  const shownName = name ?? card?.name ?? '';
  const shownBirthday = birthday ?? card?.birthday ?? '';
  const range = account.birthdayRange;

  const save = async () => {
    if (account.busy) return;
    const res = await account.updateInfo(shownName, shownBirthday || null);
    if (!res.ok) {
      if (!res.shown) toastError(res.error);
      return;
    }
    toast(t('member.edit.saved'));
    await leavePage();
  };

  return (
    <PageShell route="member/edit" className="member-page">
      {!boot || !card ? (
        <Skeleton rows={3} />
      ) : (
        <View>
          <View className="card">
            <View className="form-row">
              <Text className="form-row__label">{t('member.edit.name')}</Text>
              <Input id="member-name" className="form-row__input" maxlength={MEMBER_NAME_MAX} value={shownName} placeholder={t('member.edit.namePlaceholder')} onInput={(e) => setName(e.detail.value)} />
            </View>
            <Picker mode="date" value={shownBirthday || DEFAULT_BIRTHDAY} start={range.start} end={range.end} onChange={(e) => setBirthday(String(e.detail.value))}>
              <View className="form-row form-row--link" id="member-birthday">
                <Text className="form-row__label">{t('member.edit.birthday')}</Text>
                <Text className="form-row__value">{shownBirthday || t('member.edit.birthdayPlaceholder')}</Text>
              </View>
            </Picker>
            <View className="form-row">
              <Text className="form-row__label">{t('member.edit.phone')}</Text>
              <Text className="form-row__value">{maskPhone(card.phone)}</Text>
            </View>
            <View className="form-row">
              <Text className="form-row__label">{t('member.edit.cardNo')}</Text>
              <Text className="form-row__value">{card.cardNo ?? ''}</Text>
            </View>
          </View>
          <View className={`primary-button${account.busy ? ' primary-button--busy' : ''}`} id="member-edit-save" onClick={() => void save()}>
            {account.busy ? <View className="spinner spinner--small" /> : null}
            <Text>{t('member.edit.save')}</Text>
          </View>
        </View>
      )}
    </PageShell>
  );
});
