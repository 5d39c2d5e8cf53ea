/**
 * The H5 start-up carries only zh-CN (APP-4); other languages arrive as their own chunks and the
 * switch happens once they are there (C§1). These tests run the i18n module on the H5 catalog.
 */
import { autorun } from 'mobx';
import type * as I18nModule from '../../src/i18n';
import type * as CatalogModule from '../../src/platform/message-catalog';

type I18n = typeof I18nModule;

/** A fresh i18n module on the H5 catalog, with the fetches recorded (and optionally failing). */
function loadH5I18n(options: { failing?: string[] } = {}): { i18n: I18n; fetched: string[] } {
  const fetched: string[] = [];
  let i18n!: I18n;
  jest.isolateModules(() => {
    jest.doMock('../../src/platform/message-catalog', () => {
      const h5 = jest.requireActual<typeof CatalogModule>('../../src/platform/message-catalog.h5');
      return {
        bundledMessages: h5.bundledMessages,
        fetchMessages: (lang: Parameters<typeof h5.fetchMessages>[0]) => {
          fetched.push(lang);
          if (options.failing?.includes(lang)) return Promise.reject(new Error('chunk load failed'));
          return h5.fetchMessages(lang);
        },
      };
    });
    i18n = jest.requireActual<I18n>('../../src/i18n');
  });
  return { i18n, fetched };
}

afterEach(() => {
  jest.dontMock('../../src/platform/message-catalog');
});

describe('H5 messages', () => {
  it('the H5 catalog bundles zh-CN only', () => {
    const h5 = jest.requireActual<typeof CatalogModule>('../../src/platform/message-catalog.h5');
    expect(Object.keys(h5.bundledMessages)).toEqual(['zh-CN']);
  });

  it('the H5 catalog fetches en from its own module', async () => {
    const h5 = jest.requireActual<typeof CatalogModule>('../../src/platform/message-catalog.h5');
    const en = await h5.fetchMessages('en');
    expect(en.tabBar?.ordering).toBe('Order');
  });

  it('starts in zh-CN without fetching anything', () => {
    const { i18n, fetched } = loadH5I18n();
    expect(i18n.getLanguage()).toBe('zh-CN');
    expect(i18n.t('tabBar.ordering')).toBe('点单');
    expect(fetched).toEqual([]);
  });

  it('asks the server in the chosen language while its messages are still on their way', async () => {
    const { i18n } = loadH5I18n();
    i18n.setLanguage('en');
    expect(i18n.getLanguage()).toEqual('zh-CN');
    expect(i18n.requestLanguage()).toEqual('en');
    await i18n.languageReady();
    expect(i18n.getLanguage()).toEqual('en');
    expect(i18n.requestLanguage()).toEqual('en');
  });

  it('keeps showing the current language until a fetched one has arrived', () => {
    const { i18n } = loadH5I18n();
    expect(i18n.setLanguage('en')).toBe('zh-CN');
    expect(i18n.t('tabBar.ordering')).toBe('点单');
  });

  it('switches to a fetched language once it has arrived', async () => {
    const { i18n } = loadH5I18n();
    i18n.setLanguage('en');
    await i18n.languageReady();
    expect(i18n.getLanguage()).toBe('en');
    expect(i18n.t('tabBar.ordering')).toBe('Order');
  });

  it('fetches a complete language alone, without the en fallback', async () => {
    const { i18n, fetched } = loadH5I18n();
    i18n.setLanguage('fr');
    await i18n.languageReady();
    expect(fetched).toEqual(['fr']);
    expect(i18n.getLanguage()).toBe('fr');
    expect(i18n.t('errors.invalidQr')).toBe('QR code non valable');
  });

  it('fetches a language only once', async () => {
    const { i18n, fetched } = loadH5I18n();
    i18n.setLanguage('en');
    await i18n.languageReady();
    i18n.setLanguage('zh-CN');
    i18n.setLanguage('en');
    await i18n.languageReady();
    expect(fetched).toEqual(['en']);
    expect(i18n.getLanguage()).toBe('en');
  });

  it('a later switch wins over a fetch still under way', async () => {
    const { i18n } = loadH5I18n();
    i18n.setLanguage('en');
    i18n.setLanguage('zh-CN');
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(i18n.getLanguage()).toBe('zh-CN');
  });

  it('stays in the current language when the fetch fails', async () => {
    const { i18n } = loadH5I18n({ failing: ['en'] });
    i18n.setLanguage('en');
    await i18n.languageReady();
    expect(i18n.getLanguage()).toBe('zh-CN');
    expect(i18n.isLanguageLoaded('en')).toBe(false);
  });

  it('re-runs an observer that read a text when the fetched language arrives', async () => {
    const { i18n } = loadH5I18n();
    const seen: string[] = [];
    const stop = autorun(() => seen.push(i18n.t('tabBar.ordering')));
    i18n.setLanguage('en');
    await i18n.languageReady();
    stop();
    expect(seen).toEqual(['点单', 'Order']);
  });
});
