import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zhCN } from '../../locales';
import { en } from '../../locales/en';

// app.config.ts calls Taro's compile-time global; here it simply returns the config.
(globalThis as unknown as { defineAppConfig: <T>(config: T) => T }).defineAppConfig = (config) => config;

interface SubPackage {
  root: string;
  name?: string;
  pages: string[];
}
interface AppConfig {
  pages: string[];
  subPackages: SubPackage[];
  preloadRule: Record<string, { network?: string; packages: string[] }>;
  tabBar: {
    color: string;
    selectedColor: string;
    list: { pagePath: string; text: string; iconPath: string; selectedIconPath: string }[];
  };
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const config: AppConfig = require('../../src/app.config').default;
const srcDir = join(__dirname, '..', '..', 'src');

// The 57 routes of C§2 and P§2.
const SPEC_ROUTES = [
  'pages/index/index', 'pages/user/index-tab', 'pages/user/index-tab-1', 'pages/user/order/list', 'pages/user/center',
  'pages/index/error', 'pages/store/list', 'pages/store/index', 'pages/user/login', 'pages/user/info',
  'pages/user/coupon/list', 'pages/user/coupon/detail', 'pages/user/coupon/times-red-bag', 'pages/user/address/list',
  'pages/user/address/add', 'pages/user/address/update', 'pages/user/address/poi', 'pages/user/order/detail',
  'pages/user/order/weixin-order-list', 'pages/user/wechat-group', 'pages/user/protocol', 'pages/user/contact-shop',
  'pages/member/index', 'pages/member/edit', 'pages/member/edit-paypassword', 'pages/member/forgot-paypassword',
  'pages/member/doc', 'pages/member/recharge', 'pages/member/store-list', 'pages/member/register',
  'pages/member/limit-card', 'pages/member/limit-card-history', 'pages/member/charge-success',
  'pages/member/point-store/point-store', 'pages/member/point-store/coupon-detail',
  'pages/member/point-store/exchange-success', 'pages/member/point-consume-list', 'pages/member/bind-qrcode',
  'pages/order/confirm', 'pages/order/success', 'pages/order/fail', 'pages/order/multi-confirm',
  'pages/order/multi-success', 'pages/order/order', 'pages/order/confirmed-order', 'pages/order/select-service-user',
  'pages/order/stripe-pay', 'pages/order/allin-pay', 'pages/order/allin-pay-callback',
  'pages/order/search-activity-by-code', 'pages/product/index', 'pages/product/detail', 'pages/product/search',
  'pages/product/table', 'pages/product/expand-red-bag', 'pages/index/web-view', 'pages/index/empty',
];
const TAB_ROUTES = ['pages/user/index-tab', 'pages/user/index-tab-1', 'pages/user/order/list', 'pages/user/center'];

const subPackageRoutes = config.subPackages.flatMap((pkg) => pkg.pages.map((page) => `${pkg.root}/${page}`));
const allRoutes = [...config.pages, ...subPackageRoutes];

describe('app.config routes (C§2, P§2)', () => {
  it('declares exactly the 57 routes of the spec, each once', () => {
    expect(SPEC_ROUTES).toHaveLength(57);
    expect(new Set(allRoutes).size).toBe(allRoutes.length);
    expect([...allRoutes].sort()).toEqual([...SPEC_ROUTES].sort());
  });

  it('starts at the entry route pages/index/index', () => {
    expect(config.pages[0]).toBe('pages/index/index');
  });

  it('has a page component and a page config with a static title for every route', () => {
    const missing = allRoutes.filter((route) => !existsSync(join(srcDir, `${route}.tsx`)) || !existsSync(join(srcDir, `${route}.config.ts`)));
    expect(missing).toEqual([]);
    const untitled = allRoutes.filter((route) => !/navigationBarTitleText:/.test(readFileSync(join(srcDir, `${route}.config.ts`), 'utf8')));
    expect(untitled).toEqual([]);
  });
});

describe('route titles (C§2)', () => {
  const withoutPrefix = (route: string) => route.replace(/^pages\//, '');

  it('has a Chinese and an English title for every route', () => {
    const zhTitles: Record<string, string> = zhCN.routes;
    const enTitles: Record<string, string> = en.routes;
    const missing = allRoutes.map(withoutPrefix).filter((route) => !zhTitles[route] || !enTitles[route]);
    expect(missing).toEqual([]);
  });
});

describe('tab bar (APP-2)', () => {
  it('carries the Chinese tab labels of the locales as its static labels', () => {
    const { home, ordering, orders, mine } = zhCN.tabBar;
    expect(config.tabBar.list.map((item) => item.text)).toEqual([home, ordering, orders, mine]);
  });

  it('has the four tabs home, ordering, orders and mine in that order', () => {
    expect(config.tabBar.list.map((item) => item.pagePath)).toEqual(TAB_ROUTES);
  });

  it('colours the selected tab orange and the others grey', () => {
    expect(config.tabBar.selectedColor.toLowerCase()).toBe('#ff8000');
    expect(config.tabBar.color.toLowerCase()).toBe('#999999');
  });

  it('points every tab at icon files that exist', () => {
    const icons = config.tabBar.list.flatMap((item) => [item.iconPath, item.selectedIconPath]);
    expect(icons.filter((icon) => !existsSync(join(srcDir, icon)))).toEqual([]);
  });

  it('draws the tab icons at 48 × 48 pixels, twice the 24 px they are shown at', () => {
    for (const item of config.tabBar.list) {
      const png = readFileSync(join(srcDir, item.iconPath));
      // PNG IHDR: width at byte 16, height at byte 20
      expect(png.readUInt32BE(16)).toEqual(48);
      expect(png.readUInt32BE(20)).toEqual(48);
    }
  });

  it('keeps every tab page in the main package', () => {
    expect(TAB_ROUTES.filter((route) => !config.pages.includes(route))).toEqual([]);
  });
});

describe('subpackages (APP-4)', () => {
  it('never puts a main-package page under a subpackage root', () => {
    const clashes = config.subPackages.flatMap((pkg) => config.pages.filter((page) => page.startsWith(`${pkg.root}/`)));
    expect(clashes).toEqual([]);
  });

  it('never nests one subpackage root inside another', () => {
    const roots = config.subPackages.map((pkg) => pkg.root);
    const nested = roots.filter((root) => roots.some((other) => other !== root && root.startsWith(`${other}/`)));
    expect(nested).toEqual([]);
  });

  it('preloads only subpackages that exist, from pages that exist in the main package', () => {
    const names = new Set(config.subPackages.flatMap((pkg) => [pkg.name, pkg.root]));
    for (const [page, rule] of Object.entries(config.preloadRule)) {
      expect(config.pages).toContain(page);
      expect(rule.packages.filter((name) => !names.has(name))).toEqual([]);
    }
  });
});
