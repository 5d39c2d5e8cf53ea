/**
 * The console's texts and language (docs/architecture.md §16): every visible string comes from
 * locales/console/<lang>.ts through `t('section.key', params)`; keys are typed from the zh-CN tree.
 * The language: `?lang=` (remembered in localStorage so it survives signing in), else the remembered
 * one, else the browser's language when it is one of the five, else zh-CN.
 */
import { makeAutoObservable } from 'mobx';
import { CONSOLE_MESSAGES, type ConsoleMessages } from '../../locales/console';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, isSupportedLanguage, type Language } from '../../src/domain/language';

export type MessageKey = {
  [S in keyof ConsoleMessages]: `${S & string}.${keyof ConsoleMessages[S] & string}`;
}[keyof ConsoleMessages];
export type Params = Record<string, string | number>;

export const LANGUAGE_STORAGE_KEY = 'console.lang';
export { SUPPORTED_LANGUAGES };

/** Native names of the languages, shown in the switch whatever the current language. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  'zh-CN': '简体中文',
  en: 'English',
  'zh-TW': '繁體中文',
  es: 'Español',
  fr: 'Français',
};

/** A browser language tag (`en-US`, `zh-HK`, `fr`) as one of the five, or null. */
export function fromBrowserTag(tag: string): Language | null {
  const lower = tag.toLowerCase();
  if (isSupportedLanguage(tag)) return tag;
  if (lower.startsWith('zh')) return /^zh-(tw|hk|mo|hant)/.test(lower) ? 'zh-TW' : 'zh-CN';
  const base = lower.split('-')[0];
  return base === 'en' || base === 'es' || base === 'fr' ? base : null;
}

/** The language to show: the query's, else the stored one, else the browser's first known, else zh-CN. */
export function pickLanguage(input: { query?: string | null; stored?: string | null; browser?: readonly string[] }): Language {
  if (isSupportedLanguage(input.query)) return input.query;
  if (isSupportedLanguage(input.stored)) return input.stored;
  for (const tag of input.browser ?? []) {
    const lang = fromBrowserTag(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}

/** `{{param}}` filled from params; an unknown param stays as written. */
export function interpolate(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

export function translate(lang: Language, key: MessageKey, params?: Params): string {
  const [section, name] = key.split('.') as [keyof ConsoleMessages, string];
  const tree = CONSOLE_MESSAGES[lang][section] as Record<string, string>;
  const text = tree[name] ?? (CONSOLE_MESSAGES.en[section] as Record<string, string>)[name] ?? key;
  return interpolate(text, params);
}

export interface LanguageStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export class I18n {
  lang: Language;

  constructor(
    initial: Language,
    private readonly storage?: LanguageStorage,
  ) {
    this.lang = initial;
    makeAutoObservable<I18n, 'storage'>(this, { storage: false });
  }

  t = (key: MessageKey, params?: Params): string => translate(this.lang, key, params);

  setLanguage(lang: Language): void {
    this.lang = lang;
    try {
      this.storage?.setItem(LANGUAGE_STORAGE_KEY, lang);
    } catch {
      // private mode: the choice lasts for this page only
    }
  }
}
