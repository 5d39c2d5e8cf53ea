/**
 * The H5 build's figures of C§2 read from the build itself: config/index.ts as Taro runs it (hash
 * routing, the chunk-load timeout) and src/app.scss as the build compiles it (sass, then Taro's
 * px → rem transform, then the root font size Taro's H5 page script sets).
 */
import path from 'node:path';
import Config from 'webpack-chain';
import postcss from 'postcss';
import * as sass from 'sass';
import { merge } from 'webpack-merge';
import { ASYNC_LOAD_TIMEOUT_MS } from '@/components/async-load';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const pxtransform = require('postcss-pxtransform') as (options: object) => postcss.AcceptedPlugin;

interface H5Config {
  designWidth: number;
  deviceRatio: Record<number, number>;
  h5: { router: { mode: string }; webpackChain: (chain: Config) => void };
}

/** config/index.ts as Taro's config service runs it for an H5 production build. */
async function h5Config(): Promise<H5Config> {
  const saved = { TARO_ENV: process.env.TARO_ENV, NODE_ENV: process.env.NODE_ENV };
  process.env.TARO_ENV = 'h5';
  process.env.NODE_ENV = 'production';
  try {
    let factory: unknown;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      factory = require('../../config/index').default;
    });
    // Taro's config service passes webpack-merge's merge
    return (await (factory as (m: typeof merge) => Promise<H5Config>)(merge)) as H5Config;
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/**
 * The root font size Taro's H5 page script sets on a screen `width` CSS px wide (its webpack runner's
 * HTML script): rootValue = baseFontSize 20 / deviceRatio[designWidth] × 2, then rootValue × width /
 * designWidth, clamped to [20, 40] px.
 */
function rootFontSize(config: H5Config, width: number): number {
  const rootValue = (20 / config.deviceRatio[config.designWidth]) * 2;
  return Math.min(40, Math.max(20, (rootValue * width) / config.designWidth));
}

/** The declarations of `selector` in app.scss after sass and the H5 px transform. */
async function h5Declarations(config: H5Config, selector: string): Promise<Record<string, string>> {
  const css = sass.compile(path.resolve(__dirname, '../../src/app.scss')).css;
  const out = await postcss([pxtransform({ platform: 'h5', designWidth: config.designWidth, deviceRatio: config.deviceRatio })]).process(css, {
    from: undefined,
  });
  const decls: Record<string, string> = {};
  out.root.walkRules((rule) => {
    if (rule.selectors.includes(selector)) rule.walkDecls((d) => void (decls[d.prop] = d.value));
  });
  return decls;
}

const remToPx = (value: string, rootPx: number): number => {
  const m = /^([\d.]+)rem$/.exec(value);
  if (!m) throw new Error(`not a rem length: ${value}`);
  return Number(m[1]) * rootPx;
};

describe('the H5 build (C§2)', () => {
  let config: H5Config;
  beforeAll(async () => {
    config = await h5Config();
  });

  test('routes by the hash of the address (C2.1)', () => {
    expect(config.h5.router.mode).toBe('hash');
  });

  test("gives a page chunk 60 s to load, the timeout the async-load guard's reload message stands for (C2.5)", () => {
    const chain = new Config();
    config.h5.webpackChain(chain);
    expect(chain.output.get('chunkLoadTimeout')).toBe(60_000);
    expect(ASYNC_LOAD_TIMEOUT_MS).toBe(60_000);
  });

  test('draws the tab bar 50 px high with 24 px icons on a 375 px wide screen (C2.9)', async () => {
    // 375 px wide: root font 40 × 375 / 750 = 20 px
    const root = rootFontSize(config, 375);
    expect(root).toBe(20);
    const bar = await h5Declarations(config, '.taro-tabbar__tabbar .weui-tabbar');
    // 100 design px → 100 / 40 = 2.5 rem → 2.5 × 20 = 50 px
    expect(remToPx(bar.height, root)).toBe(50);
    const icon = await h5Declarations(config, '.taro-tabbar__tabbar .weui-tabbar__icon');
    // 48 design px → 1.2 rem → 24 px
    expect(remToPx(icon.width, root)).toBe(24);
    expect(remToPx(icon.height, root)).toBe(24);
  });
});
