// @tarojs/taro under jest jsdom: the H5 implementation. The H5 build rewrites `Taro.x` into named
// imports of @tarojs/taro-h5 (babel-plugin-transform-taroapi); jest has no such step, so the
// default export here carries the named APIs as well.
//
// The page lifecycle hooks (useDidShow, usePullDownRefresh, useReachBottom…) come from the React
// framework runtime in a build, not from @tarojs/taro-h5; under jsdom there is no page stack, so
// here a page "shows" when it mounts and "hides" when it unmounts, and the page events a customer
// causes by gesture (pull down, scroll to the bottom) are fired by the test with `firePageEvent`.
import { useEffect, useRef } from 'react';
import Taro from '@tarojs/taro-h5';
import * as api from '@tarojs/taro-h5';

export * from '@tarojs/taro-h5';

/** Page events a test can fire on the mounted pages. */
export type PageEventName = 'pullDownRefresh' | 'reachBottom' | 'show' | 'hide' | 'pageScroll';

type Listener = (payload?: unknown) => void;

const listeners: Record<PageEventName, Set<Listener>> = {
  pullDownRefresh: new Set(),
  reachBottom: new Set(),
  show: new Set(),
  hide: new Set(),
  pageScroll: new Set(),
};

/**
 * Runs the handlers every mounted page registered for the event (as the host would on a gesture);
 * `pageScroll` takes `{ scrollTop }`.
 */
export function firePageEvent(name: PageEventName, payload?: unknown): void {
  for (const fn of Array.from(listeners[name])) fn(payload);
}

/** Registers the latest `fn` for the event while the component is mounted. */
function usePageEvent<T>(name: PageEventName, fn: (payload: T) => void): void {
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => {
    const call: Listener = (payload) => latest.current(payload as T);
    listeners[name].add(call);
    return () => {
      listeners[name].delete(call);
    };
  }, [name]);
}

/** The page showed: once on mount, and again on `firePageEvent('show')`. */
export function useDidShow(fn: () => void): void {
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => {
    latest.current();
  }, []);
  usePageEvent('show', fn);
}

/** The page hid: on unmount, and on `firePageEvent('hide')`. */
export function useDidHide(fn: () => void): void {
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => () => latest.current(), []);
  usePageEvent('hide', fn);
}

export function usePullDownRefresh(fn: () => void): void {
  usePageEvent('pullDownRefresh', fn);
}

export function useReachBottom(fn: () => void): void {
  usePageEvent('reachBottom', fn);
}

export function usePageScroll(fn: (payload: { scrollTop: number }) => void): void {
  usePageEvent('pageScroll', fn);
}

const hooks = { useDidShow, useDidHide, usePullDownRefresh, useReachBottom, usePageScroll };
const taro = Object.assign({}, api, Taro, hooks);
export default taro;
