import { View, Text } from '@tarojs/components';
import type { PullState } from '@/domain/interaction';
import { t } from '@/i18n';

/** The line above a list being pulled: what letting go will do, then what is happening (C§4). */
export function PullIndicator({ state }: { state: PullState }) {
  if (state === 'idle' || state === 'aborting') return null;
  return (
    <View className="pull-indicator" id="pull-indicator">
      <Text>{t(`pull.${state}` as const)}</Text>
    </View>
  );
}
