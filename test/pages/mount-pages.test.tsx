/**
 * Page renders through Taro's own page test utility (`@tarojs/test-utils-react` `mount()`), which
 * renders a page the way Taro's H5 runtime does once its native component config is installed
 * (its `createApp()` expects Taro 3's router and is not used). The rest of the page tests use
 * @testing-library/react with the jest setup in jest.config.js.
 */
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import Taro from '@tarojs/taro';
import TestUtils from '@tarojs/test-utils-react';
import { setLanguage } from '@/i18n';
import HomeTabPage from '@/pages/user/index-tab';
import OrderListPage from '@/pages/user/order/list';

// the framework runtime ships no type declarations
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createH5NativeComponentConfig } = require('@tarojs/plugin-framework-react/dist/runtime') as {
  createH5NativeComponentConfig: (config: null, react: typeof React, reactDom: typeof ReactDOM) => void;
};
createH5NativeComponentConfig(null, React, ReactDOM);

describe('pages mounted with Taro test utils', () => {
  const testUtils = new TestUtils();

  beforeEach(() => {
    setLanguage('zh-CN');
    jest.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({ errMsg: 'ok' });
    jest.spyOn(Taro, 'setTabBarItem').mockResolvedValue({ errMsg: 'ok' });
  });
  afterEach(() => {
    testUtils.unmout();
    jest.restoreAllMocks();
  });

  it('mounts the order list tab as an empty state leading to the menu', async () => {
    await testUtils.mount(OrderListPage);
    expect(document.body.textContent).toContain('还没有订单');
    expect(document.body.textContent).toContain('去点单');
  });

  it('mounts the home tab with its takeaway, pickup and dine entries in English', async () => {
    setLanguage('en');
    await testUtils.mount(HomeTabPage);
    for (const type of ['takeaway', 'selfPickup', 'dine']) expect(document.querySelector(`#home-${type}`)).not.toBeNull();
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
