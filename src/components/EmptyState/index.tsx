import { View, Image, Text } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import emptyPicture from '@/assets/empty.png';
import './index.scss';

export interface EmptyStateProps {
  title: string;
  description?: string;
  /** Label of the action button; without it no button is shown. */
  actionText?: string;
  onAction?: () => void;
}

/** UI.md: an empty state has a picture, says what belongs here and offers the next step. */
export function EmptyState({ title, description, actionText, onAction }: EmptyStateProps) {
  return (
    <View className="empty-state">
      <Image className="empty-state__picture" src={emptyPicture} />
      <Text className="empty-state__title">{title}</Text>
      {description ? <Text className="empty-state__text">{description}</Text> : null}
      {actionText ? (
        <Button className="empty-state__action" type="primary" shape="round" onClick={onAction}>
          {actionText}
        </Button>
      ) : null}
    </View>
  );
}
