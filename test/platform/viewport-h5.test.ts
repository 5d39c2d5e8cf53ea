/**
 * The browser's viewport helpers read the DOM (no user-agent parsing on the menu's first render,
 * MENU-8). Node has no window: the fallbacks hold, then a minimal window and element stand in.
 */
import { scrollElementTo, windowHeight } from '../../src/platform/viewport.h5';

const g = globalThis as unknown as Record<string, unknown>;

afterEach(() => {
  delete g.window;
  delete g.document;
});

describe('H5 viewport', () => {
  it('answers 700 px and scrolls nothing without a window', () => {
    expect(windowHeight()).toBe(700);
    expect(() => scrollElementTo('#product-list', 120)).not.toThrow();
  });

  it('reads the window height and moves the element found by its selector', () => {
    const list = { scrollTop: 0 };
    const asked: string[] = [];
    g.window = { innerHeight: 812 };
    g.document = {
      querySelector: (selector: string) => {
        asked.push(selector);
        return selector === '#product-list' ? list : null;
      },
    };
    scrollElementTo('#product-list', 480);
    scrollElementTo('#missing', 10);
    expect(windowHeight()).toEqual(812);
    expect(list.scrollTop).toEqual(480);
    expect(asked).toEqual(['#product-list', '#missing']);
  });
});
