import Taro from '@tarojs/taro';
import { openRoute, runAction } from '@/components/navigation';

describe('navigation of screen actions (C§2)', () => {
  let switchTab: jest.SpyInstance;
  let navigateTo: jest.SpyInstance;
  let navigateBack: jest.SpyInstance;

  beforeEach(() => {
    switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'switchTab:ok' });
    navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' });
    navigateBack = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({ errMsg: 'navigateBack:ok' });
  });
  afterEach(() => jest.restoreAllMocks());

  it('reaches a tab page only by switching tab', async () => {
    await openRoute('/pages/user/order/list');
    expect(switchTab).toHaveBeenCalledWith({ url: '/pages/user/order/list' });
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('opens any other page by navigation, keeping its query', async () => {
    await openRoute('pages/product/expand-red-bag?id=7&from=3');
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/product/expand-red-bag?id=7&from=3' });
  });

  it('sends "browse the menu" to the ordering tab', async () => {
    await runAction('goMenu');
    expect(switchTab).toHaveBeenCalledWith({ url: '/pages/user/index-tab-1' });
  });

  it('goes home when "back" has no page to return to', async () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([]);
    await runAction('back');
    expect(navigateBack).not.toHaveBeenCalled();
    expect(switchTab).toHaveBeenCalledWith({ url: '/pages/user/index-tab' });
  });
});
