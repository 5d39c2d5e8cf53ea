import { act, fireEvent, render, screen } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { setLanguage } from '@/i18n';
import { rootStore } from '@/stores';
import OrderListPage from '@/pages/user/order/list';
import HomeTabPage from '@/pages/user/index-tab';
import MemberRechargePage from '@/pages/member/recharge';

describe('app shell pages', () => {
  let setNavigationBarTitle: jest.SpyInstance;
  let setTabBarItem: jest.SpyInstance;
  let switchTab: jest.SpyInstance;
  let navigateTo: jest.SpyInstance;

  beforeEach(() => {
    setLanguage('zh-CN');
    setNavigationBarTitle = jest.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({ errMsg: 'ok' });
    setTabBarItem = jest.spyOn(Taro, 'setTabBarItem').mockResolvedValue({ errMsg: 'ok' });
    switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'ok' });
    navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' });
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the order list as an empty state that leads to the menu', () => {
    render(<OrderListPage />);
    expect(screen.getByText('还没有订单')).toBeTruthy();
    fireEvent.click(screen.getByText('去点单'));
    expect(switchTab).toHaveBeenCalledWith({ url: '/pages/user/index-tab-1' });
  });

  it('sets the localised route title at run time', () => {
    setLanguage('en');
    render(<MemberRechargePage />);
    expect(setNavigationBarTitle).toHaveBeenCalledWith({ title: expect.stringMatching(/\S/) });
    const title = setNavigationBarTitle.mock.calls[0][0].title as string;
    expect(title).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('writes the tab labels when a tab page shows', () => {
    render(<OrderListPage />);
    expect(setTabBarItem).toHaveBeenCalledWith({ index: 3, text: '我的' });
  });

  it('applies the session main colour as the app theme colour (APP-8)', () => {
    act(() => rootStore.session.setMainColor('#1677ff'));
    const { container } = render(<MemberRechargePage />);
    const shell = container.querySelector('.page-shell') as HTMLElement;
    expect(shell.style.getPropertyValue('--main-color')).toBe('#1677ff');
  });

  it('shows the home tab as a shop home with takeaway, pickup and dine entries', () => {
    render(<HomeTabPage />);
    expect(screen.getByText('外卖配送')).toBeTruthy();
    expect(screen.getByText('到店自取')).toBeTruthy();
    expect(screen.getByText('堂食点餐')).toBeTruthy();
    expect(screen.getByText('会员卡')).toBeTruthy();
  });

  it('sets the chosen order type and opens the ordering tab from the home entries', () => {
    render(<HomeTabPage />);
    fireEvent.click(screen.getByText('到店自取'));
    expect(rootStore.session.orderType).toBe('selfPickup');
    expect(switchTab).toHaveBeenCalledWith({ url: '/pages/user/index-tab-1' });
  });

  it('re-renders its texts in English when the language changes', () => {
    render(<OrderListPage />);
    act(() => rootStore.session.setLanguage('en'));
    expect(screen.getByText('No orders yet')).toBeTruthy();
    expect(navigateTo).not.toHaveBeenCalled();
  });
});
