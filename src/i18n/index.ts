/**
 * i18next set up with the start-up locales (APP-7, C§1, ARCHITECTURE rule 11).
 * zh-CN is the default, en the overseas language and the fallback of the shell locales.
 * Every user-visible string goes through `t()`; keys and interpolation params are typed from the
 * zh-CN source tree (types only: the tree itself is not needed at run time for that).
 * Mini programs bundle every language (`catalog.ts`), so a switch is immediate there; the H5 build
 * bundles only zh-CN (`catalog.h5.ts`) and fetches another language before switching to it.
 */
import i18next from 'i18next';
import type { Resource } from 'i18next';
import { observable, runInAction } from 'mobx';
import type { SourceMessages } from '../../locales';
import type { AreaSources } from '../../locales/areas';
import type { ErrorCode, RuleError } from '../domain/errors';
import {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  chooseLanguage,
  isSupportedLanguage,
  requestLanguageHeader,
} from '../domain/language';
import type { Language, RequestLanguage } from '../domain/language';
import { isAbroadEnv } from '../platform/env';
import { bundledMessages, fetchMessages } from './catalog';

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

/** Languages whose messages are in i18next now. */
const loaded = new Set<Language>(SUPPORTED_LANGUAGES.filter((lang) => bundledMessages[lang] !== undefined));

/** The messages a language shows: its own and, for every language but en, the en fallback (C§1). */
function neededLanguages(lang: Language): Language[] {
  return lang === FALLBACK_LANGUAGE || lang === DEFAULT_LANGUAGE ? [lang] : [lang, FALLBACK_LANGUAGE];
}

/** Whether a language can be shown without fetching anything. */
export function isLanguageLoaded(lang: Language): boolean {
  return neededLanguages(lang).every((l) => loaded.has(l));
}

const startLanguage = chooseLanguage({ abroad: isAbroadEnv() });

/** The i18next instance of the app (initialised synchronously with the bundled messages). */
export const i18n = i18next.createInstance();

const startResources: Resource = {};
for (const lang of SUPPORTED_LANGUAGES) {
  const messages = bundledMessages[lang];
  if (messages) startResources[lang] = { translation: messages };
}

void i18n.init({
  resources: startResources,
  lng: isLanguageLoaded(startLanguage) ? startLanguage : DEFAULT_LANGUAGE,
  // C§1: the shell locales (zh-TW, es, fr) fall back to en
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  initAsync: false,
  // route keys hold slashes, never namespaces
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

/**
 * Messages without values, as looked up in the language on screen: a screen asks for the same labels
 * on every render (each product row its own), and i18next resolves a key anew each time (MENU-8).
 * Forgotten when the language changes or messages arrive; registered before the observable below, so
 * the renders that a switch starts never read the old language's texts.
 */
const plain = new Map<string, string>();
i18n.on('languageChanged', () => plain.clear());
i18n.store.on('added', () => plain.clear());

function lookup(key: string, params: InterpolationValues | undefined): string {
  if (params !== undefined && Object.keys(params).length > 0) return i18n.t(key, params);
  let text = plain.get(key);
  if (text === undefined) {
    text = i18n.t(key, {});
    plain.set(key, text);
  }
  return text;
}

/**
 * The language on screen, observable: an observer that renders texts re-renders when a fetched
 * language arrives, even where it also watched the session's language before the switch happened.
 */
const shown = observable.box<string>(i18n.language, { deep: false });
i18n.on('languageChanged', (lng: string) => runInAction(() => shown.set(lng)));

/** The language last asked for, and the promise that resolves once it is on screen. */
let requested: string = i18n.language;
let pending: Promise<void> = Promise.resolve();

/** Fetches the messages a language needs (nothing when they are bundled or fetched already). */
export function loadLanguage(lang: Language): Promise<void> {
  const missing = neededLanguages(lang).filter((l) => !loaded.has(l));
  return Promise.all(
    missing.map((l) =>
      fetchMessages(l).then((messages) => {
        i18n.addResourceBundle(l, 'translation', messages, true, true);
        loaded.add(l);
      }),
    ),
  ).then(() => undefined);
}

/**
 * Adds an area's texts (locales/areas) in every language, under its top-level key. Called once by
 * `src/i18n/areas/<area>.ts` as a subpackage's code loads; a second call changes nothing.
 */
export function addAreaMessages(area: keyof AreaSources, byLanguage: Record<Language, object>): void {
  for (const lang of SUPPORTED_LANGUAGES) {
    i18n.addResourceBundle(lang, 'translation', { [area]: byLanguage[lang] }, true, true);
  }
}

/** Resolves once the language last asked for is on screen (or could not be fetched). */
export function languageReady(): Promise<void> {
  return pending;
}

/** Translates a typed key; params are required exactly when the message has placeholders. */
export function t<K extends MessageKey>(key: K, ...args: TranslateArgs<K>): string {
  shown.get();
  return lookup(key, args[0]);
}

/** Translates a key known only at run time (falls back to the key itself when missing). */
export function translate(key: string, params?: InterpolationValues): string {
  shown.get();
  return lookup(key, params);
}

/** Whether a run-time key has a message in the current language or the fallback. */
export function hasMessage(key: string): boolean {
  return i18n.exists(key);
}

/** The message of a catalogue code (C§8, P§8), with the values a rule failure carries. */
export function errorMessage(error: ErrorCode | RuleError): string {
  const { code, params } = typeof error === 'string' ? { code: error, params: undefined } : error;
  shown.get();
  return lookup(`errors.${code}`, params);
}

/** The title of a route, given as `pages/user/order/list`, `/pages/…` or `user/order/list`. */
export function routeTitle(route: string): string {
  const path = route.replace(/^\//, '').replace(/^pages\//, '').split('?')[0];
  shown.get();
  return i18n.t(`routes.${path}`, { defaultValue: '' });
}

/** The language shown now. */
export function getLanguage(): Language {
  const current = shown.get();
  return isSupportedLanguage(current) ? current : FALLBACK_LANGUAGE;
}

/**
 * Switches the language and returns the language on screen. A bundled language switches at once; a
 * fetched one switches when it has arrived (`languageReady()`), unless another switch came first.
 * Unknown values are ignored.
 */
export function setLanguage(lang: Language | string): Language {
  if (!isSupportedLanguage(lang)) return getLanguage();
  requested = lang;
  if (isLanguageLoaded(lang)) {
    void i18n.changeLanguage(lang);
    pending = Promise.resolve();
  } else {
    pending = loadLanguage(lang).then(
      () => {
        if (requested === lang) void i18n.changeLanguage(lang);
      },
      // the chunk failed (the async-load guard offers a reload): the current language stays
      () => undefined,
    );
  }
  return getLanguage();
}

/** Applies the language rule of P§9: a stored language wins, else en abroad, else zh-CN. */
export function applyLanguageChoice(input: { abroad: boolean; storedLanguage?: string | null }): Language {
  return setLanguage(chooseLanguage(input));
}

/**
 * The `language` request header (C§7: en or zh) of the language the customer chose: on H5 a fetched
 * language may still be on its way, and the server's texts (shop, menu, messages) already follow it.
 */
export function requestLanguage(): RequestLanguage {
  return requestLanguageHeader(isSupportedLanguage(requested) ? requested : getLanguage());
}

/** Calls `listener` after every language change; returns the unsubscribe function. */
export function onLanguageChanged(listener: (lang: Language) => void): () => void {
  const handler = (lng: string) => listener(isSupportedLanguage(lng) ? lng : FALLBACK_LANGUAGE);
  i18n.on('languageChanged', handler);
  return () => i18n.off('languageChanged', handler);
}
