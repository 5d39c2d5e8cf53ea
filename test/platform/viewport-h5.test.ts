/**
 * The browser's viewport helper reads the DOM (no user-agent parsing on the menu's first render,
 * MENU-8). Node has no window: the fallback holds, then a minimal window stands in.
 */
import { windowHeight } from '../../src/platform/viewport.h5';

const g = globalThis as unknown as Record<string, unknown>;

afterEach(() => {
  delete g.window;
});

describe('H5 viewport', () => {
  it('answers 700 px without a window', () => {
    expect(windowHeight()).toBe(700);
  });

  it('reads the window height', () => {
    g.window = { innerHeight: 812 };
    expect(windowHeight()).toEqual(812);
  });
});
