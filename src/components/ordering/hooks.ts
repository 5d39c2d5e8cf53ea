import { useEffect } from 'react';
import { useDidShow } from '@tarojs/taro';

/**
 * Runs `fn` each time the page shows (Taro's useDidShow); where the host offers no page-show hook
 * (React under jsdom) it runs once on mount.
 */
export const usePageShow: (fn: () => void) => void =
  typeof useDidShow === 'function'
    ? useDidShow
    : (fn) => {
        // eslint-disable-next-line react-hooks/exhaustive-deps
        useEffect(fn, []);
      };
