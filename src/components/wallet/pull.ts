import { useReachBottom } from '@tarojs/taro';
import { usePullRefresh } from '@/components/use-pull-refresh';

/**
 * Pull-down refresh and "loading more" of a paged history screen (docs/architecture.md §22 Screens): the shared pull gesture
 * (C§4 states) and the next page at the bottom.
 */
export function usePagedScreen(list: { refresh(): Promise<void>; loadMore(): Promise<void> }) {
  const pull = usePullRefresh(() => list.refresh());
  useReachBottom(() => {
    void list.loadMore();
  });
  return pull;
}
