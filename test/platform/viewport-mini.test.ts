/**
 * The mini programs' viewport: Taro puts a `document` stand-in into mini program builds, so the
 * scroll must go through the host's scroll-view node whatever globals exist (docs/architecture.md §13 Platform by build).
 */
import Taro from '@tarojs/taro';
import * as alipayViewport from '../../src/platform/viewport.alipay';
import * as weappViewport from '../../src/platform/viewport.weapp';

jest.mock('@tarojs/taro', () => ({
  __esModule: true,
  default: { createSelectorQuery: jest.fn(), getSystemInfoSync: jest.fn() },
}));

const taro = Taro as unknown as Record<string, jest.Mock>;
const g = globalThis as unknown as Record<string, unknown>;
const savedEnv = process.env.TARO_ENV;

/** Taro's mini program stand-in: a document whose elements hold a scrollTop nobody draws. */
function installTaroDocumentStandIn() {
  const standIn = { id: 'product-list', scrollTop: 0 };
  g.document = { querySelector: (selector: string) => (selector === '#product-list' ? standIn : null), getElementById: () => standIn };
  g.window = { location: { href: 'https://taro.com/' }, innerHeight: 0 };
  return standIn;
}

/** The host's selector query: select(selector).node(cb).exec() hands the scroll-view node to cb. */
function installSelectorQuery() {
  const scrolled: Array<{ selector: string; top: number }> = [];
  taro.createSelectorQuery.mockImplementation(() => {
    let selected = '';
    let callback: (res: unknown) => void = () => undefined;
    const query = {
      select: (selector: string) => {
        selected = selector;
        return query;
      },
      node: (cb: (res: unknown) => void) => {
        callback = cb;
        return query;
      },
      exec: () => callback({ node: { scrollTo: ({ top }: { top: number }) => scrolled.push({ selector: selected, top }) } }),
    };
    return query;
  });
  return scrolled;
}

afterEach(() => {
  delete g.document;
  delete g.window;
  process.env.TARO_ENV = savedEnv;
  jest.resetAllMocks();
});

describe.each([
  ['weapp', weappViewport],
  ['alipay', alipayViewport],
] as const)('%s viewport', (taroEnv, viewport) => {
  it('scrolls the list through the host node even though Taro put a document stand-in in place', () => {
    process.env.TARO_ENV = taroEnv;
    const standIn = installTaroDocumentStandIn();
    const scrolled = installSelectorQuery();
    viewport.scrollElementTo('#product-list', 480);
    expect(scrolled).toEqual([{ selector: '#product-list', top: 480 }]);
    expect(standIn.scrollTop).toBe(0);
  });

  it('reads the window height from the host system info, not the stand-in window', () => {
    process.env.TARO_ENV = taroEnv;
    installTaroDocumentStandIn();
    taro.getSystemInfoSync.mockReturnValue({ windowHeight: 640 });
    expect(viewport.windowHeight()).toBe(640);
  });
});
