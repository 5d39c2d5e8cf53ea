import { useEffect, useState } from 'react';
import { View, Text, Image, Input } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { toast, toastError } from '@/components/ordering/feedback';
import { useProfile } from '@/components/use-profile';
import { NICKNAME_MAX } from '@/stores/areas/user-profile';
import { displayNickName, maskPhone } from '@/domain/members/profile';
import { mediaUrl } from '@/platform/media';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import './center.scss';

/**
 * user/info (C§2, USER-2): the profile — picture (tap to choose and upload a new one) and nickname,
 * saved with user/setUserInfo (P§7); the phone and the member's name are shown. An unauthorised user
 * starts from the generated nickname and picture (C§3).
 */
export default observer(function UserInfoPage() {
  const boot = useShopBoot({ ordering: false });
  const profile = useProfile();
  const { member, session } = useStores();
  void session.language;
  const [nick, setNick] = useState<string | null>(null);

  useEffect(() => {
    if (boot?.ok) void profile.load();
  }, [boot, profile]);

  const user = profile.profile;
  const shownNick = nick ?? (user?.authorised ? user.nickName : '');

  const changeAvatar = async () => {
    const res = await profile.changeAvatar();
    if (res.ok) toast(t('pages.center.avatarSaved'));
    else if (!res.shown && !res.cancelled) toastError(res.error);
  };
  const save = async () => {
    if (profile.saving) return;
    const res = await profile.saveNickName(shownNick);
    if (res.ok) {
      setNick(null);
      toast(t('pages.center.saved'));
    } else if (!res.shown) toastError(res.error);
  };

  return (
    <PageShell route="user/info" className="center-page">
      {!boot || !user ? (
        <Skeleton rows={3} />
      ) : (
        <View>
          <View className="center-list">
            <View className="center-row" id="info-avatar" onClick={() => void changeAvatar()}>
              <Text className="center-row__label">{t('pages.center.avatar')}</Text>
              <Image nativeProps={{ alt: '' }} className="center-row__avatar" src={mediaUrl(user.avatarUrl) ?? ''} mode="aspectFill" />
              <Text className="chevron">›</Text>
            </View>
            <View className="center-row">
              <Text className="center-row__label">{t('pages.center.nickname')}</Text>
              <Input
                id="info-nickname"
                className="form-row__input center-row__input"
                maxlength={NICKNAME_MAX}
                value={shownNick}
                placeholder={displayNickName(user, t('pages.center.otherUser'))}
                onInput={(e) => setNick(e.detail.value)}
              />
            </View>
            <View className="center-row">
              <Text className="center-row__label">{t('pages.center.phone')}</Text>
              <Text className="center-row__value">{user.phone ? maskPhone(user.phone) : t('pages.center.noPhone')}</Text>
            </View>
            {member.vipInfo?.name ? (
              <View className="center-row">
                <Text className="center-row__label">{t('pages.center.memberName')}</Text>
                <Text className="center-row__value">{member.vipInfo.name}</Text>
              </View>
            ) : null}
          </View>
          <View className={`primary-button${profile.saving ? ' primary-button--busy' : ''}`} id="info-save" onClick={() => void save()}>
            {profile.saving ? <View className="spinner spinner--small" /> : null}
            <Text>{t('common.save')}</Text>
          </View>
        </View>
      )}
    </PageShell>
  );
});
