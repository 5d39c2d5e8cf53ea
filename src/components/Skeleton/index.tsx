import { View } from '@tarojs/components';
import './index.scss';

export interface SkeletonProps {
  /** How many placeholder rows to show while the first load runs (docs/architecture.md §22 Screens). */
  rows?: number;
  /** Show a square thumbnail at the start of each row, as product rows have. */
  thumbnail?: boolean;
}

/** Grey rows shown on first load, in the shape of the list that will replace them. */
export function Skeleton({ rows = 3, thumbnail = false }: SkeletonProps) {
  return (
    <View className="skeleton" aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        <View key={index} className="skeleton__row">
          {thumbnail ? <View className="skeleton__thumb" /> : null}
          <View className="skeleton__lines">
            <View className="skeleton__line" />
            <View className="skeleton__line skeleton__line--short" />
          </View>
        </View>
      ))}
    </View>
  );
}
