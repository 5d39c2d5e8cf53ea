import { useEffect } from 'react';
import Taro from '@tarojs/taro';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { toastError } from '@/components/ordering/feedback';
import { dateTimeText } from '@/components/ordering/time-slots';
import { useBeauty } from '@/components/beauty/use-beauty';
import type { ServiceUser } from '@/stores/areas/beauty';
import { errorMessage, t } from '@/i18n';
import '@/i18n/areas/beauty';
import { useOrderingStores } from '@/components/ordering/use-ordering-stores';
import '@/components/ordering/ordering.scss';
import '@/components/beauty/beauty.scss';

/**
 * order/select-service-user (C§2, C§3 Beauty, ORDER-5): the staff who perform the cart's services,
 * with head image, job number and tag; a tag filter; the ones booked last time first; those not free at
 * the chosen time greyed. The time comes first (C§5): without one the page says so and goes back.
 */
export default observer(function OrderSelectServiceUserPage() {
  const boot = useShopBoot();
  const root = useOrderingStores();
  const beauty = useBeauty();
  const { session } = root;
  void session.language;
  const at = boot?.ok ? root.checkout.orderInfo.appointment : null;

  useEffect(() => {
    if (!boot?.ok) return;
    // opened before a time was chosen (C§5), the page says so below and offers the way back
    if (beauty.canChooseUser()) return;
    void beauty.loadUsers();
  }, [boot, beauty, at]);

  if (!boot || (beauty.usersLoading && beauty.users.length === 0)) {
    return (
      <PageShell route="order/select-service-user">
        <Skeleton rows={4} />
      </PageShell>
    );
  }
  // opened without a time (C§5), or the list could not be loaded
  const blocked = boot.ok ? (beauty.canChooseUser() ?? beauty.usersError) : null;
  if (!boot.ok || blocked) {
    return (
      <PageShell route="order/select-service-user">
        <EmptyState
          title={blocked ? errorMessage(blocked) : t('beauty.users.empty')}
          actionText={t('pages.actions.goMenu')}
          onAction={() => void Taro.switchTab({ url: '/pages/user/index-tab-1' })}
        />
      </PageShell>
    );
  }
  const chosen = root.checkout.orderInfo.serviceUserId;
  const pick = (user: ServiceUser | null) => {
    const error = beauty.chooseUser(user);
    if (error) {
      toastError(error);
      return;
    }
    void Taro.navigateBack().catch(() => undefined);
  };
  const users = beauty.shownUsers;
  return (
    <PageShell route="order/select-service-user" className="service-users">
      {at !== null ? (
        <Text className="service-users__head" id="service-users-at">
          {t('beauty.users.at', { time: dateTimeText(at, beauty.offset) })}
          {beauty.serviceUserRequired ? ` · ${t('beauty.users.required')}` : ''}
        </Text>
      ) : null}
      {beauty.shownTags.length > 1 ? (
        <View className="service-users__tags" id="service-user-tags">
          <View className={`service-users__tag${beauty.tagFilter === null ? ' service-users__tag--on' : ''}`} id="tag-all" onClick={() => beauty.setTagFilter(null)}>
            <Text>{t('beauty.users.all')}</Text>
          </View>
          {beauty.shownTags.map((tag) => (
            <View key={tag.id} id={`tag-${tag.id}`} className={`service-users__tag${beauty.tagFilter === tag.id ? ' service-users__tag--on' : ''}`} onClick={() => beauty.setTagFilter(tag.id)}>
              <Text>{tag.name}</Text>
            </View>
          ))}
        </View>
      ) : null}
      {users.length === 0 ? (
        <EmptyState title={t('beauty.users.empty')} description={t('beauty.users.emptyText')} />
      ) : (
        <View className="service-users__list" id="service-user-list">
          {beauty.serviceUserRequired ? null : (
            <View className={`service-user service-user--none${chosen === null ? ' service-user--on' : ''}`} id="service-user-none" onClick={() => pick(null)}>
              <View className="service-user__main">
                <Text className="service-user__name">{t('beauty.users.none')}</Text>
              </View>
              <Text className="service-user__side">{chosen === null ? '●' : '○'}</Text>
            </View>
          )}
          {users.map((u) => (
            <View
              key={u.id}
              id={`service-user-${u.id}`}
              className={`service-user${u.canReverse ? '' : ' service-user--off'}${chosen === u.id ? ' service-user--on' : ''}`}
              onClick={() => pick(u)}
            >
              {u.headImage ? <Image nativeProps={{ alt: '' }} className="service-user__avatar" src={u.headImage} mode="aspectFill" /> : <View className="service-user__avatar" />}
              <View className="service-user__main">
                <Text className="service-user__name">
                  {u.userName}
                  {u.last ? <Text className="service-user__last">{t('beauty.users.lastTime')}</Text> : null}
                </Text>
                <Text className="service-user__meta">{`${t('beauty.users.jobNo', { no: u.jobNo })} · ${u.tagName}`}</Text>
                {u.desc ? <Text className="service-user__desc">{u.desc}</Text> : null}
                {u.canReverse ? null : (
                  <Text className="service-user__note">{beauty.usersAt !== null && beauty.bookableIds.includes(u.id) ? t('beauty.users.busy') : t('beauty.users.unavailable')}</Text>
                )}
              </View>
              <Text className="service-user__side">{chosen === u.id ? '●' : '○'}</Text>
            </View>
          ))}
        </View>
      )}
    </PageShell>
  );
});
