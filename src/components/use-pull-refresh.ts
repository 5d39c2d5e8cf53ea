import { useRef, useState } from 'react';
import type { CommonEvent, ITouchEvent } from '@tarojs/components';
import Taro, { usePageScroll, usePullDownRefresh } from '@tarojs/taro';
import { pullRefresh, type PullEvent, type PullState } from '@/domain/interaction';

/** How long the list shows "refreshed" before it rests. */
const RESTORE_MS = 300;

const clientY = (e: CommonEvent): number => {
  const touch = e as unknown as ITouchEvent;
  return (touch.touches?.[0] ?? touch.changedTouches?.[0])?.clientY ?? 0;
};

/**
 * Pull down to refresh (C§4 states: pulling, reached, aborting, refreshing, restoring). The host's
 * page pull-down (enablePullDownRefresh in the page config) draws its own indicator; on H5 (Taro 4.2)
 * its page event never reaches the page, so the finger is also watched on the list, from the top of
 * the page. Where both fire, one refresh runs.
 */
export function usePullRefresh(refresh: () => Promise<void>) {
  const [state, setState] = useState<PullState>('idle');
  const current = useRef<PullState>('idle');
  const running = useRef<Promise<void> | null>(null);
  const scrollTop = useRef(0);
  const startY = useRef<number | null>(null);

  const send = (event: PullEvent): PullState => {
    const next = pullRefresh(current.current, event);
    current.current = next;
    setState(next);
    return next;
  };

  const run = (): Promise<void> => {
    if (running.current) return running.current;
    running.current = refresh()
      .catch(() => undefined)
      .finally(() => {
        running.current = null;
        void Taro.stopPullDownRefresh();
        if (send({ type: 'refreshed' }) === 'restoring') setTimeout(() => send({ type: 'settled' }), RESTORE_MS);
      });
    return running.current;
  };

  usePullDownRefresh(() => void run());
  usePageScroll(({ scrollTop: top }) => {
    scrollTop.current = top;
  });

  const handlers = {
    onTouchStart: (e: CommonEvent) => {
      startY.current = scrollTop.current <= 0 ? clientY(e) : null;
    },
    onTouchMove: (e: CommonEvent) => {
      if (startY.current !== null) send({ type: 'move', distance: clientY(e) - startY.current });
    },
    onTouchEnd: (e: CommonEvent) => {
      const from = startY.current;
      startY.current = null;
      if (from === null) return;
      send({ type: 'move', distance: clientY(e) - from });
      const next = send({ type: 'release' });
      if (next === 'refreshing') void run();
      else if (next === 'aborting') setTimeout(() => send({ type: 'settled' }), 0);
    },
  };
  return { handlers, state };
}
