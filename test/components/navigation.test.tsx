import Taro from '@tarojs/taro';
import { backOr, openRoute, runAction } from '@/components/navigation';

describe('navigation of screen actions (C§2)', () => {
  let switchTab: jest.SpyInstance;
  let navigateTo: jest.SpyInstance;
  let navigateBack: jest.SpyInstance;

  let redirectTo: jest.SpyInstance;

  beforeEach(() => {
    redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' });
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

  const pages = (n: number) => Array.from({ length: n }, (_, i) => ({ route: `pages/p${i}` })) as unknown as ReturnType<typeof Taro.getCurrentPages>;

  it('goes back when a page lies below, as far as asked', async () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue(pages(3));
    await backOr('/pages/user/address/list', 2);
    expect(navigateBack).toHaveBeenCalledWith({ delta: 2 });
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('replaces a page opened by a link with its fallback instead of going back past the stack', async () => {
    // on H5 a navigateBack from the only page reloads that same page (history.go(0))
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue(pages(1));
    await backOr('/pages/user/address/list');
    expect(navigateBack).not.toHaveBeenCalled();
    expect(redirectTo).toHaveBeenCalledWith({ url: '/pages/user/address/list' });
  });

  it('switches tab when the fallback is a tab page', async () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue(pages(2));
    await backOr('pages/user/center', 2);
    expect(switchTab).toHaveBeenCalledWith({ url: '/pages/user/center' });
    expect(navigateBack).not.toHaveBeenCalled();
  });
});
