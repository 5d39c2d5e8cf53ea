/**
 * zh-CN's start-up texts in three parts (APP-4, docs/decisions.md "Start-up size"): what the H5 start-up
 * script bundles (locales/zh-CN.ts), what the first screens do not show (locales/later/zh-CN.ts: the
 * mini programs bundle it too, H5 pages add it as they load) and what only subpackage pages show
 * (locales/subpackages/zh-CN.ts). Together they are the whole tree the server and the other languages have.
 */
import { resources } from '../../locales';
import { laterZhCN } from '../../locales/later/zh-CN';
import { subpackagesZhCN } from '../../locales/subpackages/zh-CN';
import { zhCN as startUp } from '../../locales/zh-CN';
import type * as CatalogModule from '../../src/platform/message-catalog';
import type * as I18nModule from '../../src/i18n';

// the mini programs' catalog keeps fetched languages with Taro's storage
jest.mock('@tarojs/taro', () => ({
  __esModule: true,
  default: {
    getStorageSync: () => '',
    setStorageSync: () => undefined,
    removeStorageSync: () => undefined,
    request: () => Promise.reject(new Error('offline')),
  },
}));

/** The dotted paths of a tree's texts. */
function leaves(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value as object, `${prefix}${key}.`),
  );
}

/**
 * An i18n module on the H5 catalog (zh-CN start-up texts only): what `look` reads before and after the
 * module a page adds in front of itself (src/i18n/areas/later.ts) has loaded.
 */
function beforeAndAfterLater<T>(look: (i18n: typeof I18nModule) => T): [T, T] {
  let answers!: [T, T];
  jest.isolateModules(() => {
    jest.doMock('../../src/platform/message-catalog', () =>
      jest.requireActual<typeof CatalogModule>('../../src/platform/message-catalog.h5'),
    );
    const i18n = jest.requireActual<typeof I18nModule>('../../src/i18n');
    const before = look(i18n);
    jest.requireActual('../../src/i18n/areas/later');
    answers = [before, look(i18n)];
  });
  return answers;
}

afterEach(() => {
  jest.dontMock('../../src/platform/message-catalog');
});

describe('zh-CN start-up texts', () => {
  it('are split without overlap, and the parts join into the whole tree', () => {
    const parts = [startUp, laterZhCN, subpackagesZhCN].map((tree) => leaves(tree));
    const all = parts.flat();
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(leaves(resources['zh-CN'].translation).sort());
    // every other language keeps every key in its start-up tree
    expect(leaves(resources.en.translation).sort()).toEqual([...all].sort());
  });

  it('keep on H5 what the entry page and the home tab show', () => {
    const kept = leaves(startUp);
    for (const key of [
      'pages.home.orderTypesTitle',
      'pages.ordering.hours',
      'pages.ordering.notice',
      'pages.ordering.loading',
      'pages.ordering.loadFailed',
      'pages.ordering.retry',
      'pages.table.title',
      'pages.actions.chooseShop',
      'pages.prompts.later',
      'errors.networkError',
      'routes.user/index-tab',
      'tabBar.ordering',
      'common.loading',
    ]) {
      expect({ key, 'kept.includes(key)': kept.includes(key) }).toEqual({ key, 'kept.includes(key)': true });
    }
  });

  it('on H5, the texts the first screens do not show arrive with the page that adds them', () => {
    const [before, after] = beforeAndAfterLater((i18n) => [
      i18n.hasMessage('orderStatus.pending') ? i18n.t('orderStatus.pending') : null,
      i18n.hasMessage('pages.ordering.checkout') ? i18n.t('pages.ordering.checkout') : null,
      i18n.t('pages.ordering.hours', { hours: '9:00' }),
    ]);
    expect(before).toEqual([null, null, '营业时间 9:00']);
    expect(after).toEqual(['待接单', '去结算', '营业时间 9:00']);
  });
});

describe("the mini programs' zh-CN start-up texts", () => {
  it('include the texts the first screens do not show (the tab pages are in the main package)', () => {
    const g = globalThis as unknown as { MESSAGES_VERSION?: string; ABROAD_ENV?: boolean };
    g.MESSAGES_VERSION = 'test';
    g.ABROAD_ENV = false;
    try {
      let mini!: typeof CatalogModule;
      jest.isolateModules(() => {
        mini = jest.requireActual<typeof CatalogModule>('../../src/platform/message-catalog-mini');
      });
      const bundled = leaves(mini.bundledMessages['zh-CN'] ?? {}).sort();
      expect(bundled).toEqual([...leaves(startUp), ...leaves(laterZhCN)].sort());
    } finally {
      delete g.MESSAGES_VERSION;
      delete g.ABROAD_ENV;
    }
  });
});
