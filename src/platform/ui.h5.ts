/**
 * H5: toast, modal and navigation through Taro, with the toast and modal code loaded on first use
 * (webpack chunk `interaction`), so the start-up script does not carry it (APP-4). Calls made while
 * it loads keep their order: each waits for the same load.
 */
import type { Interaction } from './ui-taro';
import { taroUi } from './ui-taro';

export { TOAST_DURATION_MS } from './ui-taro';

let loading: Promise<Interaction> | null = null;

function loadInteraction(): Promise<Interaction> {
  if (!loading) {
    const run = import(/* webpackChunkName: "interaction" */ './interaction-taro').then(
      (mod) => mod.interaction,
      (err: unknown) => {
        // a failed chunk (the async-load guard offers a reload) may be tried again by the next call
        if (loading === run) loading = null;
        throw err;
      },
    );
    loading = run;
  }
  return loading;
}

export const ui = taroUi(loadInteraction);
