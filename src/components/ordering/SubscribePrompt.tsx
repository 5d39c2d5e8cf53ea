import { useState } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { t } from '@/i18n';
import { askSubscribe, rememberSubscribeAnswer, shouldOfferSubscribe } from '@/platform/subscribe-prompt';
import { useStores } from '@/stores';

export interface SubscribePromptProps {
  /** The order the notices are about. */
  orderId: number;
}

/**
 * ORDER-11: after an order, a card offering the order notices (the shop's messageTmplIds, first 3,
 * C§9). A card and not a dialog: the flow never waits on it, and the hosts only ask from a tap.
 * Shown once per order; an answer of any kind, "not now" included, hides it for that order.
 */
export const SubscribePrompt = observer(function SubscribePrompt({ orderId }: SubscribePromptProps) {
  const { platform, shop } = useStores();
  const templates = shop.shop?.messageTmplIds ?? [];
  const key = String(orderId);
  // re-rendered after an answer: the storage holds it, this only wakes the component
  const [, setAnswered] = useState(0);
  const [busy, setBusy] = useState(false);
  if (!(orderId > 0) || !shouldOfferSubscribe(platform.subscribe, platform.storage, key, templates)) return null;

  const accept = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await askSubscribe(platform.subscribe, platform.storage, key, templates);
      if (answer === 'accepted') platform.ui.toast(t('pages.subscribePrompt.done'), { icon: 'success' });
    } finally {
      setBusy(false);
      setAnswered((n) => n + 1);
    }
  };
  const later = () => {
    rememberSubscribeAnswer(platform.storage, key, 'refused');
    setAnswered((n) => n + 1);
  };

  return (
    <View className="card subscribe-prompt" id="subscribe-prompt">
      <Text className="card__title">{t('pages.subscribePrompt.title')}</Text>
      <Text className="muted">{t('pages.subscribePrompt.text')}</Text>
      <View className="form-row form-row--actions">
        <View className="text-button" id="subscribe-later" onClick={later}>
          <Text>{t('pages.subscribePrompt.later')}</Text>
        </View>
        <View className={`ghost-button${busy ? ' primary-button--busy' : ''}`} id="subscribe-accept" onClick={() => void accept()}>
          <Text>{t('pages.subscribePrompt.accept')}</Text>
        </View>
      </View>
    </View>
  );
});
