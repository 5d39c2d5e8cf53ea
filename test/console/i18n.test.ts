/** The console's five languages: every key in every language, the same {{params}}, the language choice. */
import { CONSOLE_MESSAGES } from '../../locales/console';
import { I18n, LANGUAGE_STORAGE_KEY, fromBrowserTag, pickLanguage, translate } from '../../console/src/i18n';
import { SUPPORTED_LANGUAGES } from '../../src/domain/language';

const flatten = (tree: object, prefix = ''): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>((acc, [k, v]) => {
    if (typeof v === 'string') acc[`${prefix}${k}`] = v;
    else Object.assign(acc, flatten(v as object, `${prefix}${k}.`));
    return acc;
  }, {});
const params = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort().join(',');

const source = flatten(CONSOLE_MESSAGES['zh-CN']);

test.each(SUPPORTED_LANGUAGES)('%s has every key, non-empty, with the same params', (lang) => {
  const tree = flatten(CONSOLE_MESSAGES[lang]);
  expect(Object.keys(tree).sort()).toEqual(Object.keys(source).sort());
  for (const [key, text] of Object.entries(tree)) {
    expect(text.trim()).not.toBe('');
    expect([key, params(text)]).toEqual([key, params(source[key])]);
  }
});

test('the English names the e2e test and staff rely on', () => {
  expect(translate('en', 'signIn.username')).toBe('Username');
  expect(translate('en', 'signIn.password')).toBe('Password');
  expect(translate('en', 'signIn.submit')).toBe('Sign in');
  expect(translate('en', 'action.accept')).toMatch(/^Accept/);
  expect(translate('en', 'card.changed', { status: translate('en', 'status.confirmed') })).toBe('This order changed: now accepted');
  expect(translate('en', 'header.until', { time: '22:30' })).toBe('Signed in until 22:30');
});

test('language: ?lang= first, then the remembered one, then the browser, else zh-CN', () => {
  expect(pickLanguage({ query: 'fr', stored: 'es', browser: ['en-US'] })).toBe('fr');
  expect(pickLanguage({ query: 'xx', stored: 'es', browser: ['en-US'] })).toBe('es');
  expect(pickLanguage({ browser: ['de-DE', 'en-GB'] })).toBe('en');
  expect(pickLanguage({ browser: ['zh-HK'] })).toBe('zh-TW');
  expect(pickLanguage({ browser: ['de'] })).toBe('zh-CN');
  expect(fromBrowserTag('zh')).toBe('zh-CN');
  expect(fromBrowserTag('es-MX')).toBe('es');
});

test('switching the language remembers it', () => {
  const saved: Record<string, string> = {};
  const i18n = new I18n('zh-CN', { getItem: (k) => saved[k] ?? null, setItem: (k, v) => (saved[k] = v) });
  i18n.setLanguage('es');
  expect(i18n.t('signIn.submit')).toBe('Iniciar sesión');
  expect(saved[LANGUAGE_STORAGE_KEY]).toBe('es');
});
