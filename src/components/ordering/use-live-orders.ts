import { useEffect, useRef } from 'react';
import { useDidHide, useDidShow } from '@tarojs/taro';
import type { LiveScope, OrderStore } from '@/stores/order';

/**
 * The page follows the customer's live order channel while it is on screen and `enabled` (booted, an
 * order to show): from its show, or `enabled` turning true, to its hide or unmount. A page left in the
 * page stack (another page opened over it, another tab chosen) stops following until it shows again.
 */
export function useLiveOrders(order: OrderStore, scope: LiveScope, enabled: boolean): void {
  const visible = useRef(true);
  const stop = useRef<(() => void) | null>(null);
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;

  const start = () => {
    if (!stop.current && visible.current && enabledRef.current) stop.current = order.watchLive(scope);
  };
  const end = () => {
    stop.current?.();
    stop.current = null;
  };

  useEffect(() => {
    if (enabled) start();
    else end();
    return end;
    // start and end read the refs; the store and the scope name the subscription
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order, scope, enabled]);
  useDidShow(() => {
    visible.current = true;
    start();
  });
  useDidHide(() => {
    visible.current = false;
    end();
  });
}
