import { useEffect, useRef } from 'react';
import type { CommonEvent, ITouchEvent } from '@tarojs/components';
import { LONG_PRESS_MS, LongPressTracker } from '@/domain/interaction';

const pointOf = (e: CommonEvent): { x: number; y: number } => {
  const touch = e as unknown as ITouchEvent;
  const p = touch.touches?.[0] ?? touch.changedTouches?.[0];
  return { x: p?.clientX ?? 0, y: p?.clientY ?? 0 };
};

/**
 * Touch handlers for a long press (C§9: 350 ms, cancelled by a move over 10 px), the same on the mini
 * programs and in a browser (where no host long-press event exists).
 */
export function useLongPress(onLongPress: () => void) {
  const tracker = useRef(new LongPressTracker());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stop = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    tracker.current.up();
  };
  useEffect(() => stop, []);
  return {
    onTouchStart: (e: CommonEvent) => {
      const { x, y } = pointOf(e);
      const startedAt = Date.now();
      tracker.current.down(x, y, startedAt);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        if (tracker.current.due(startedAt + LONG_PRESS_MS)) {
          tracker.current.up();
          onLongPress();
        }
      }, LONG_PRESS_MS);
    },
    onTouchMove: (e: CommonEvent) => {
      const { x, y } = pointOf(e);
      if (!tracker.current.move(x, y)) stop();
    },
    onTouchEnd: stop,
    onTouchCancel: stop,
  };
}
