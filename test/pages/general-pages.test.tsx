/**
 * The general and user pages of the main package (APP-3, USER-4) on a RootStore built on fakes: the
 * error page says what failed and retries it, the web-view page refuses what is not http(s), the
 * agreement in the customer's language, contact the shop (call, copy, map), the chat group, and the
 * download-app prompt of Android browsers, remembered once closed.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { DOWNLOAD_PROMPT_DISMISSED_KEY, DownloadAppPrompt } from '@/platform/download-prompt.h5';
import { setLanguage } from '@/i18n';
import IndexErrorPage from '@/pages/index/error';
import IndexWebViewPage from '@/pages/index/web-view';
import UserContactShopPage from '@/pages/user/contact-shop';
import UserProtocolPage from '@/pages/user/protocol';
import UserWechatGroupPage from '@/pages/user/wechat-group';
import { StoresProvider } from '@/stores';
import type { RootStore } from '@/stores/root';
import type { ShopSettings } from '@/domain/types';
import { ok } from '../support/fakes';
import { NOON, fakeRoot, paySetting, shopDetail, userProfile } from '../support/store-factories';

jest.setTimeout(30_000);

let mockParams: Record<string, string | undefined> = {};
jest.mock('@tarojs/taro', () => ({ ...jest.requireActual('@tarojs/taro'), useRouter: () => ({ params: mockParams }) }));

/** A started RootStore for shop 1 (with `shop` settings) whose shop-level boot calls are scripted. */
function buildRoot(shop: Partial<ShopSettings> = {}, userAgent = 'Mozilla/5.0') {
  const { root, transport, storage } = fakeRoot({ now: () => NOON });
  (root.platform.client as { userAgent: string }).userAgent = userAgent;
  root.start({ id: '1' });
  transport
    .on('user/h5entry', ok({ token: 'c'.repeat(64), expiresAt: Date.now() + 3_600_000, shopId: 1, user: userProfile({ id: 1, openid: 'device-1' }) }))
    .on('store/detail', ok(shopDetail({ id: 1, name: '面馆', ...shop })))
    .on('store/paySetting', ok(paySetting()))
    .on('store/memberSetting', ok({}))
    .on('store/vipInfo', ok({ vipInfo: null, memberSetting: {}, levels: [], version: 1, unchanged: false }))
    .on('activity/list', ok({ list: [] }))
    .on('activity/couponList', ok({ list: [] }));
  return { root, transport, storage };
}

const withRoot = (root: RootStore, node: JSX.Element) => render(<StoresProvider value={root}>{node}</StoresProvider>);

beforeEach(() => {
  setLanguage('zh-CN');
  mockParams = {};
  jest.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({ errMsg: 'ok' });
});
afterEach(() => jest.restoreAllMocks());

describe('index/error', () => {
  it('names the page that failed and why, and opens that page again on retry', () => {
    const redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' });
    mockParams = { from: encodeURIComponent('/pages/member/index?tab=1'), code: 'networkError' };
    render(<IndexErrorPage />);
    expect(screen.getByText('出错的页面：会员中心')).toBeTruthy();
    expect(screen.getByText('原因：网络错误')).toBeTruthy();
    fireEvent.click(screen.getByText('重试'));
    expect(redirectTo).toHaveBeenCalledWith({ url: '/pages/member/index?tab=1' });
  });

  it('retries a tab page by switching to it, and goes back to the shop home', () => {
    const switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'ok' });
    mockParams = { from: '/pages/user/order/list' };
    render(<IndexErrorPage />);
    // no reason in the query: the page says something went wrong while loading
    expect(screen.getByText('原因：页面加载时出了问题。')).toBeTruthy();
    fireEvent.click(screen.getByText('重试'));
    expect(switchTab).toHaveBeenLastCalledWith({ url: '/pages/user/order/list' });
    fireEvent.click(screen.getByText('回到门店'));
    expect(switchTab).toHaveBeenLastCalledWith({ url: '/pages/user/index-tab' });
  });

  it('never treats an outside address as the page to retry', () => {
    const redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' });
    const switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'ok' });
    // the error page was opened directly: nothing to go back to
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([]);
    mockParams = { from: encodeURIComponent('https://evil.example/pages/x'), code: 'notARealCode' };
    render(<IndexErrorPage />);
    expect(screen.queryByText(/出错的页面/)).toBeNull();
    expect(screen.getByText('原因：页面加载时出了问题。')).toBeTruthy();
    fireEvent.click(screen.getByText('重试'));
    expect(redirectTo).not.toHaveBeenCalled();
    expect(switchTab).toHaveBeenCalledWith({ url: '/pages/user/index-tab' });
  });
});

describe('index/web-view', () => {
  it('says why a link that is not http(s) does not open, showing the link', () => {
    mockParams = { url: encodeURIComponent('javascript:alert(1)') };
    const { container } = render(<IndexWebViewPage />);
    expect(container.querySelector('iframe, taro-web-view-core')).toBeNull();
    expect(screen.getByText('无法打开这个链接')).toBeTruthy();
    expect(screen.getByText('链接：javascript:alert(1)')).toBeTruthy();
  });

  it('says there is no address when the query has none', () => {
    render(<IndexWebViewPage />);
    expect(screen.getByText('没有要打开的网页地址。')).toBeTruthy();
  });
});

describe('user/protocol', () => {
  it('shows the agreement and the privacy policy in full paragraphs in the customer’s language', () => {
    setLanguage('en');
    const { container } = render(<UserProtocolPage />);
    expect(screen.getByText('User agreement')).toBeTruthy();
    expect(screen.getByText('Privacy policy')).toBeTruthy();
    const paragraphs = Array.from(container.querySelectorAll('.general-doc__para')).map((p) => p.textContent ?? '');
    expect(paragraphs).toHaveLength(9);
    for (const p of paragraphs) expect(p.length).toBeGreaterThan(60);
    expect(container.querySelector('.general-doc')?.id).toBe('protocol-agreement');
  });

  it('puts the privacy policy first when asked for it', () => {
    mockParams = { type: 'privacy' };
    const { container } = render(<UserProtocolPage />);
    expect(container.querySelector('.general-doc')?.id).toBe('protocol-privacy');
    expect(screen.getByText('隐私政策')).toBeTruthy();
  });
});

describe('user/contact-shop', () => {
  it('calls the shop, copies its address and opens the map at its position', async () => {
    const call = jest.spyOn(Taro, 'makePhoneCall').mockResolvedValue({ errMsg: 'ok' });
    const copy = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({ errMsg: 'ok' } as never);
    const map = jest.spyOn(Taro, 'openLocation').mockResolvedValue({ errMsg: 'ok' });
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' });
    const { root } = buildRoot({ phone: '021-63501234', address: '南京东路 300 号', gpsAddress: { lat: 31.2304, lng: 121.4737 }, businessHours: '06:00-02:00' });
    const { container } = withRoot(root, <UserContactShopPage />);
    await waitFor(() => expect(screen.getByText('面馆')).toBeTruthy());
    expect(screen.getByText('今日 09:00-21:00')).toBeTruthy();
    expect(screen.getByText('营业中')).toBeTruthy();
    fireEvent.click(container.querySelector('#contact-call') as HTMLElement);
    expect(call).toHaveBeenCalledWith({ phoneNumber: '021-63501234' });
    fireEvent.click(container.querySelector('#contact-copy') as HTMLElement);
    expect(copy).toHaveBeenCalledWith({ data: '南京东路 300 号' });
    fireEvent.click(container.querySelector('#contact-map') as HTMLElement);
    expect(map).toHaveBeenCalledWith(expect.objectContaining({ latitude: 31.2304, longitude: 121.4737, name: '面馆', address: '南京东路 300 号' }));
  });

  it('says when the shop has no map position instead of opening a map', async () => {
    const map = jest.spyOn(Taro, 'openLocation').mockResolvedValue({ errMsg: 'ok' });
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' });
    const { root } = buildRoot({ phone: '021-1', address: '南京东路 1 号', gpsAddress: undefined });
    const { container } = withRoot(root, <UserContactShopPage />);
    await waitFor(() => expect(container.querySelector('#contact-map')).not.toBeNull());
    fireEvent.click(container.querySelector('#contact-map') as HTMLElement);
    expect(map).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '门店还没有设置地图位置' }));
  });
});

describe('user/wechat-group', () => {
  it('shows the shop’s group slogan and QR picture with the reason to join', async () => {
    const { root } = buildRoot({ chatGroupSlogan: '加入会员群，每周三抢免单', chatGroupImage: 'https://img.example/group.png' });
    const { container } = withRoot(root, <UserWechatGroupPage />);
    await waitFor(() => expect(screen.getByText('加入会员群，每周三抢免单')).toBeTruthy());
    expect(container.querySelector('#group-image img, #group-image')?.outerHTML).toContain('https://img.example/group.png');
    expect(screen.getByText(/交易通知会第一时间发给你/)).toBeTruthy();
    expect(screen.getByText('保存二维码')).toBeTruthy();
  });

  it('says so when the shop has no group', async () => {
    const { root } = buildRoot({ chatGroupSlogan: '', chatGroupImage: '' });
    withRoot(root, <UserWechatGroupPage />);
    await waitFor(() => expect(screen.getByText('本店暂未开通社群')).toBeTruthy());
  });
});

describe('download-app prompt (Android browsers)', () => {
  /**
   * A prompt that must show (Android, an app offered, never closed), rendered after the ones under
   * test: once it shows, the texts' chunk it loads has arrived, and with it any a prompt under test
   * would have waited for — so an absent prompt is absent for good, not yet to come.
   */
  const promptsSettled = async () => {
    const { root } = buildRoot({ appDownloadUrl: URL }, ANDROID);
    await root.shop.load();
    const control = withRoot(root, <DownloadAppPrompt />);
    await waitFor(() => expect(control.container.querySelector('#download-prompt')).not.toBeNull());
    control.unmount();
  };
  const ANDROID = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const URL = 'https://app.example.com/android';

  it('shows on Android when the shop offers an app, opens its download page, and stays closed once closed', async () => {
    const { root, storage } = buildRoot({ appDownloadUrl: URL }, ANDROID);
    await root.shop.load();
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const first = withRoot(root, <DownloadAppPrompt />);
    await waitFor(() => expect(screen.getByText('下载 App，点单更方便')).toBeTruthy());
    fireEvent.click(screen.getByText('下载'));
    expect(open).toHaveBeenCalledWith(URL, '_blank', 'noopener');
    fireEvent.click(first.container.querySelector('#download-prompt-close') as HTMLElement);
    expect(first.container.querySelector('#download-prompt')).toBeNull();
    expect(storage.get(DOWNLOAD_PROMPT_DISMISSED_KEY)).toBe(true);
    first.unmount();
    // the next visit on this device
    const again = withRoot(root, <DownloadAppPrompt />);
    await promptsSettled();
    expect(again.container.querySelector('#download-prompt')).toBeNull();
  });

  it('does not show on an iPhone, nor when the shop offers no app', async () => {
    const iphone = buildRoot({ appDownloadUrl: URL }, IPHONE);
    await iphone.root.shop.load();
    const a = withRoot(iphone.root, <DownloadAppPrompt />);
    const noApp = buildRoot({}, ANDROID);
    await noApp.root.shop.load();
    const b = withRoot(noApp.root, <DownloadAppPrompt />);
    await promptsSettled();
    expect(a.container.querySelector('#download-prompt')).toBeNull();
    expect(b.container.querySelector('#download-prompt')).toBeNull();
  });
});

describe('index/web-view addresses', () => {
  it('keeps the escapes of an address given as is, and decodes one the host left encoded', () => {
    mockParams = { url: 'https://shop.example/menu?q=a%20b' };
    const first = render(<IndexWebViewPage />);
    expect(first.container.querySelector('iframe, taro-web-view-core')?.getAttribute('src')).toBe('https://shop.example/menu?q=a%20b');
    first.unmount();
    mockParams = { url: encodeURIComponent('https://shop.example/menu?q=a%20b') };
    const second = render(<IndexWebViewPage />);
    expect(second.container.querySelector('iframe, taro-web-view-core')?.getAttribute('src')).toBe('https://shop.example/menu?q=a%20b');
  });
});
