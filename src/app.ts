import { createElement, type PropsWithChildren } from 'react';
import { useLaunch } from '@tarojs/taro';
import { StoresProvider, rootStore } from '@/stores';
import { installAsyncLoadGuard } from '@/components/async-load';
import './app.scss';

// APP-4: H5 pages are async chunks; watch their loading (200 ms delay, reload message on failure).
// Mini programs load subpackages natively, so the guard is only for the browser build.
if (process.env.TARO_ENV === 'h5') installAsyncLoadGuard();

/** The app shell: reads the launch query into the session, then renders every page in the stores provider. */
function App({ children }: PropsWithChildren) {
  useLaunch((options) => {
    // C§2 start-up parameters arrive as the launch query
    rootStore.start(options.query ?? {});
  });
  return createElement(StoresProvider, { value: rootStore }, children);
}

export default App;
