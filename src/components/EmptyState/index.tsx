import { View, Text } from '@tarojs/components';
import { RoundButton } from '../RoundButton';
import './index.scss';

export interface EmptyStateProps {
  title: string;
  description?: string;
  /** Label of the action button; without it no button is shown. */
  actionText?: string;
  onAction?: () => void;
  /** The element's id (tests and the page's own anchors). */
  id?: string;
}

/** docs/architecture.md §22 Screens: an empty state has a picture, says what belongs here and offers the next step. */
export function EmptyState({ title, description, actionText, onAction, id }: EmptyStateProps) {
  return (
    <View className="empty-state" id={id}>
      {/* an empty plate with a fork and a spoon, drawn in CSS (no picture file in the main package) */}
      <View className="empty-state__picture" aria-hidden>
        <View className="empty-state__plate" />
        <View className="empty-state__plate empty-state__plate--inner" />
        <View className="empty-state__fork" />
        <View className="empty-state__spoon" />
      </View>
      <Text className="empty-state__title">{title}</Text>
      {description ? <Text className="empty-state__text">{description}</Text> : null}
      {actionText ? (
        <RoundButton className="empty-state__action" onClick={onAction}>
          {actionText}
        </RoundButton>
      ) : null}
    </View>
  );
}
