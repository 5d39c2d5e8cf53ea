import Taro from '@tarojs/taro';
import { setLanguage } from '@/i18n';
import { applyTabBarLabels } from '@/components/tab-bar';

describe('tab labels at run time (APP-2)', () => {
  let setTabBarItem: jest.SpyInstance;

  beforeEach(() => {
    setTabBarItem = jest.spyOn(Taro, 'setTabBarItem').mockResolvedValue({ errMsg: 'setTabBarItem:ok' });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    setLanguage('zh-CN');
  });

  it('writes the four labels in the customer language', async () => {
    setLanguage('en');
    await applyTabBarLabels('tabBar.chooseProduct');
    const texts = setTabBarItem.mock.calls.map(([options]) => [options.index, options.text]);
    expect(texts).toEqual([
      [0, 'Home'],
      [1, 'Choose product'],
      [2, 'Orders'],
      [3, 'Mine'],
    ]);
  });

  it('relabels the ordering tab with the key the session chose', async () => {
    setLanguage('zh-CN');
    await applyTabBarLabels('tabBar.appointment');
    expect(setTabBarItem).toHaveBeenCalledWith({ index: 1, text: '预约' });
  });

  it('does not fail on a page without a tab bar', async () => {
    setTabBarItem.mockRejectedValue(new Error('setTabBarItem:fail not TabBar page'));
    await expect(applyTabBarLabels('tabBar.cart')).resolves.toBeUndefined();
  });
});
