/**
 * Card / all-in-one payment pages (ORDER-8): the mini programs open them in the web-view page even
 * though Taro puts a `window` stand-in (`https://taro.com/…`) into their builds
 * (docs/architecture.md §13 Platform by build); the browser build hands the page the app's return address.
 */
import Taro from '@tarojs/taro';
import { openProviderPage as openInAlipay } from '../../src/platform/provider-page.alipay';
import { openProviderPage as openInBrowser } from '../../src/platform/provider-page.h5';
import { openProviderPage as openInWeapp } from '../../src/platform/provider-page.weapp';

jest.mock('@tarojs/taro', () => ({ __esModule: true, default: { navigateTo: jest.fn() } }));

const taro = Taro as unknown as Record<string, jest.Mock>;
const g = globalThis as unknown as Record<string, unknown>;
const savedEnv = process.env.TARO_ENV;
const PROVIDER = 'https://pay.provider.example/checkout?session=s1';

afterEach(() => {
  delete g.window;
  delete g.document;
  process.env.TARO_ENV = savedEnv;
  jest.resetAllMocks();
});

describe.each([
  ['weapp', openInWeapp],
  ['alipay', openInAlipay],
] as const)('%s provider page', (taroEnv, open) => {
  it("opens the provider's page in the web-view page, leaving Taro's window stand-in alone", () => {
    process.env.TARO_ENV = taroEnv;
    const location = { href: 'https://taro.com/pages/order/confirm' };
    g.window = { location };
    g.document = { querySelector: () => null };
    taro.navigateTo.mockResolvedValue(undefined);
    open(PROVIDER, '/pages/order/allin-pay-callback?orderId=9');
    expect(taro.navigateTo).toHaveBeenCalledWith({ url: `/pages/index/web-view?url=${encodeURIComponent(PROVIDER)}` });
    expect(location.href).toBe('https://taro.com/pages/order/confirm');
  });
});

describe('browser provider page', () => {
  it("replaces the app with the provider's page, returning to the callback route", () => {
    process.env.TARO_ENV = 'h5';
    const location = { href: 'https://shop.example/index.html#/pages/order/confirm' };
    g.window = { location };
    openInBrowser(PROVIDER, '/pages/order/allin-pay-callback?orderId=9');
    const back = 'https://shop.example/index.html#/pages/order/allin-pay-callback?orderId=9';
    expect(location.href).toBe(`${PROVIDER}&returnUrl=${encodeURIComponent(back)}`);
    expect(taro.navigateTo).not.toHaveBeenCalled();
  });
});
