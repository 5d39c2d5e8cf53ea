import type { ReactNode } from 'react';
import { View, Text } from '@tarojs/components';

export interface SheetProps {
  visible: boolean;
  title?: string;
  onClose: () => void;
  children?: ReactNode;
  /** Content fixed under the scrolling body (the sheet's main button). */
  footer?: ReactNode;
  className?: string;
}

/** A bottom sheet over a dimmed page (docs/architecture.md §22 Screens: spec sheet, cart sheet, pickers). */
export function Sheet({ visible, title, onClose, children, footer, className }: SheetProps) {
  if (!visible) return null;
  return (
    <View className={`sheet ${className ?? ''}`}>
      <View className="sheet__mask" onClick={onClose} />
      <View className="sheet__panel">
        {title ? (
          <View className="sheet__head">
            <Text className="sheet__title">{title}</Text>
            <View className="sheet__close" onClick={onClose}>
              <Text>×</Text>
            </View>
          </View>
        ) : null}
        <View className="sheet__body">{children}</View>
        {footer ? <View className="sheet__footer">{footer}</View> : null}
      </View>
    </View>
  );
}
