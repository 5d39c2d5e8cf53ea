import '@/i18n/areas/general';
import { useState } from 'react';
import Taro from '@tarojs/taro';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { openRoute, runAction } from '@/components/navigation';
import { useShopBoot } from '@/components/ordering/boot';
import { toast } from '@/components/ordering/feedback';
import { BootFailed } from '@/components/general/BootFailed';
import { isBrowserBuild } from '@/platform/browser';
import { mediaUrl } from '@/platform/media';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/general/general.scss';

/** Saves the group's QR picture to the phone's album; a browser saves it by long-pressing the picture. */
function saveImage(src: string): void {
  if (isBrowserBuild()) return toast(t('general.group.saveInBrowser'));
  Taro.getImageInfo({ src })
    .then(({ path }) => Taro.saveImageToPhotosAlbum({ filePath: path }))
    .then(
      () => toast(t('general.group.saved')),
      () => toast(t('general.group.saveFailed')),
    );
}

const ChatGroup = observer(function ChatGroup({ onRetry }: { onRetry: () => void }) {
  const boot = useShopBoot({ ordering: false });
  const { shop, member } = useStores();
  const s = shop.shop;
  if (!boot) return <Skeleton rows={3} />;
  if (!boot.ok || !s) return <BootFailed code={boot.ok ? 'getShopDataFailed' : boot.code} onRetry={onRetry} />;
  const image = mediaUrl(s.chatGroupImage);
  const slogan = s.chatGroupSlogan?.trim() ?? '';
  if (!image) {
    return <EmptyState title={t('general.group.none')} description={t('general.group.noneText')} actionText={t('pages.actions.goHome')} onAction={() => void runAction('goHome')} />;
  }
  // the host's picture viewer: a long press there recognises the QR code or saves the picture
  const preview = () => void Taro.previewImage({ urls: [image], current: image }).catch(() => undefined);
  return (
    <View>
      <View className="card general-group" id="group-card">
        <Text className="general-group__slogan" id="group-slogan">
          {slogan || t('general.group.title')}
        </Text>
        <Image className="general-group__image" id="group-image" nativeProps={{ alt: slogan || t('general.group.title') }} src={image} mode="aspectFill" showMenuByLongpress onClick={preview} onLongPress={preview} />
        <Text className="muted">{t('general.group.longPress')}</Text>
        <View className="primary-button" id="group-save" onClick={() => saveImage(image)}>
          <Text>{t('general.group.save')}</Text>
        </View>
      </View>
      <View className="card" id="group-reason">
        <Text className="muted">{t('general.group.reason')}</Text>
        {member.vipInfo ? (
          <Text className="link" id="group-official" onClick={() => void openRoute('/pages/member/bind-qrcode')}>
            {t('general.group.official')} ›
          </Text>
        ) : null}
      </View>
    </View>
  );
});

/**
 * user/wechat-group (C§2 "Also prompts", USER-4): the shop's chat group — its slogan and QR picture from
 * the shop data — to join for member transaction notices; a long press (in the host's picture viewer)
 * recognises or saves the code, and "save" puts it in the album. Members can also follow the official
 * account (member/bind-qrcode).
 */
export default observer(function UserWechatGroupPage() {
  void useStores().session.language;
  const [attempt, setAttempt] = useState(0);
  return (
    <PageShell route="user/wechat-group" className="general-page">
      <ChatGroup key={attempt} onRetry={() => setAttempt((n) => n + 1)} />
    </PageShell>
  );
});
