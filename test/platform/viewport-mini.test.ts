/**
 * The mini programs' viewport: Taro puts a `window` stand-in into mini program builds, so the height
 * comes from the host's window info whatever globals exist (docs/architecture.md §13 Platform by
 * build). The list's jumps go through the scroll-view's `scroll-top` property (src/platform/elements.tsx).
 */
import Taro from '@tarojs/taro';
import * as alipayViewport from '../../src/platform/viewport.alipay';
import * as weappViewport from '../../src/platform/viewport.weapp';

jest.mock('@tarojs/taro', () => ({
  __esModule: true,
  default: { getSystemInfoSync: jest.fn() },
}));

const taro = Taro as unknown as Record<string, jest.Mock>;
const g = globalThis as unknown as Record<string, unknown>;
const savedEnv = process.env.TARO_ENV;

afterEach(() => {
  delete g.window;
  process.env.TARO_ENV = savedEnv;
  jest.resetAllMocks();
});

describe.each([
  ['weapp', weappViewport],
  ['alipay', alipayViewport],
] as const)('%s viewport', (taroEnv, viewport) => {
  it('reads the window height from the host system info, not the stand-in window', () => {
    process.env.TARO_ENV = taroEnv;
    g.window = { location: { href: 'https://taro.com/' }, innerHeight: 0 };
    taro.getSystemInfoSync.mockReturnValue({ windowHeight: 640 });
    expect(viewport.windowHeight()).toBe(640);
  });

  it('answers 700 px when the host cannot tell', () => {
    process.env.TARO_ENV = taroEnv;
    taro.getSystemInfoSync.mockImplementation(() => {
      throw new Error('no system info');
    });
    expect(viewport.windowHeight()).toBe(700);
  });
});
