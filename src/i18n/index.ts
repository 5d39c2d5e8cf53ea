/**
 * i18next set up synchronously with the bundled locales (APP-7, C§1, ARCHITECTURE rule 11).
 * zh-CN is the default, en the overseas language and the fallback of the shell locales.
 * Every user-visible string goes through `t()`; keys and interpolation params are typed from the
 * zh-CN source tree.
 */
import i18next from 'i18next';
import { resources } from '../../locales';
import type { SourceMessages } from '../../locales';
import type { ErrorCode, RuleError } from '../domain/errors';
import { chooseLanguage, isSupportedLanguage, requestLanguageHeader } from '../domain/language';
import type { Language, RequestLanguage } from '../domain/language';
import { isAbroadEnv } from '../platform/env';

export type { Language, RequestLanguage } from '../domain/language';
export { isAbroadEnv } from '../platform/env';

/** Dotted paths to every message of the source tree, e.g. `'errors.productSoldOut'`. */
type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];

/** Every message key of the locales. */
export type MessageKey = Leaves<SourceMessages>;

type ValueAt<T, K extends string> = K extends keyof T
  ? T[K]
  : K extends `${infer Head}.${infer Rest}`
    ? Head extends keyof T
      ? ValueAt<T[Head], Rest>
      : never
    : never;

type ParamNames<S> = S extends `${string}{{${infer P}}}${infer Rest}` ? P | ParamNames<Rest> : never;

/** Names of the `{{param}}` placeholders of a message (from the zh-CN text). */
export type MessageParams<K extends MessageKey> = ParamNames<ValueAt<SourceMessages, K>>;

/** Values a message may interpolate. */
export type InterpolationValues = Record<string, string | number>;

/** A message with placeholders requires its params; others take optional extras. */
export type TranslateArgs<K extends MessageKey> = [MessageParams<K>] extends [never]
  ? [params?: InterpolationValues]
  : [params: Record<MessageParams<K>, string | number> & InterpolationValues];

const FALLBACK_LANGUAGE: Language = 'en';

/** The i18next instance of the app (initialised synchronously: resources are bundled). */
export const i18n = i18next.createInstance();

void i18n.init({
  resources,
  lng: chooseLanguage({ abroad: isAbroadEnv() }),
  // C§1: the shell locales (zh-TW, es, fr) fall back to en
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: Object.keys(resources),
  initAsync: false,
  // route keys hold slashes, never namespaces
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

/** Translates a typed key; params are required exactly when the message has placeholders. */
export function t<K extends MessageKey>(key: K, ...args: TranslateArgs<K>): string {
  return i18n.t(key, args[0] ?? {});
}

/** Translates a key known only at run time (falls back to the key itself when missing). */
export function translate(key: string, params?: InterpolationValues): string {
  return i18n.t(key, params ?? {});
}

/** Whether a run-time key has a message in the current language or the fallback. */
export function hasMessage(key: string): boolean {
  return i18n.exists(key);
}

/** The message of a catalogue code (C§8, P§8), with the values a rule failure carries. */
export function errorMessage(error: ErrorCode | RuleError): string {
  const { code, params } = typeof error === 'string' ? { code: error, params: undefined } : error;
  return i18n.t(`errors.${code}`, params ?? {});
}

/** The title of a route, given as `pages/user/order/list`, `/pages/…` or `user/order/list`. */
export function routeTitle(route: string): string {
  const path = route.replace(/^\//, '').replace(/^pages\//, '').split('?')[0];
  return i18n.t(`routes.${path}`, { defaultValue: '' });
}

/** The language shown now. */
export function getLanguage(): Language {
  const current = i18n.language;
  return isSupportedLanguage(current) ? current : FALLBACK_LANGUAGE;
}

/** Switches the language (synchronous: every locale is bundled). Unknown values are ignored. */
export function setLanguage(lang: Language | string): Language {
  if (isSupportedLanguage(lang)) void i18n.changeLanguage(lang);
  return getLanguage();
}

/** Applies the language rule of P§9: a stored language wins, else en abroad, else zh-CN. */
export function applyLanguageChoice(input: { abroad: boolean; storedLanguage?: string | null }): Language {
  return setLanguage(chooseLanguage(input));
}

/** The `language` request header for the current language (C§7: en or zh). */
export function requestLanguage(): RequestLanguage {
  return requestLanguageHeader(getLanguage());
}

/** Calls `listener` after every language change; returns the unsubscribe function. */
export function onLanguageChanged(listener: (lang: Language) => void): () => void {
  const handler = (lng: string) => listener(isSupportedLanguage(lng) ? lng : FALLBACK_LANGUAGE);
  i18n.on('languageChanged', handler);
  return () => i18n.off('languageChanged', handler);
}
