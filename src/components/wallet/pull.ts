import { useRef } from 'react';
import type { CommonEvent, ITouchEvent } from '@tarojs/components';
import Taro, { usePageScroll, usePullDownRefresh, useReachBottom } from '@tarojs/taro';

/** How far (px) a finger pulls the list down from the top before letting go refreshes it. */
const PULL_TO_REFRESH_PX = 80;

/**
 * Pull-down refresh and "loading more" of a paged history screen (UI.md). The host's page pull-down
 * (enablePullDownRefresh in the page config) draws the indicator; on H5 (Taro 4.2) its page event
 * never reaches the page, so the finger is watched on the list as well (the orders tab does the
 * same). Where both fire, the list's refresh joins the one running.
 */
export function usePagedScreen(list: { refresh(): Promise<void>; loadMore(): Promise<void> }) {
  const refresh = () => {
    void list.refresh().finally(() => void Taro.stopPullDownRefresh());
  };
  usePullDownRefresh(refresh);
  useReachBottom(() => {
    void list.loadMore();
  });
  const scrollTop = useRef(0);
  const startY = useRef<number | null>(null);
  usePageScroll(({ scrollTop: top }) => {
    scrollTop.current = top;
  });
  // View types its touch handlers as plain events; the event carries the touches all the same
  const y = (e: CommonEvent) => {
    const touch = e as unknown as ITouchEvent;
    return (touch.touches?.[0] ?? touch.changedTouches?.[0])?.clientY ?? 0;
  };
  return {
    onTouchStart: (e: CommonEvent) => {
      startY.current = scrollTop.current <= 0 ? y(e) : null;
    },
    onTouchEnd: (e: CommonEvent) => {
      const from = startY.current;
      startY.current = null;
      if (from !== null && y(e) - from >= PULL_TO_REFRESH_PX) refresh();
    },
  };
}
