/**
 * The app's messages (APP-7, C§1, docs/architecture.md §16 Messages and languages), looked up and interpolated by rosetta
 * (dotted keys, `{{param}}` values); this module adds the language on screen, the en fallback, the
 * H5 languages that arrive later and the area texts of subpackages (docs/decisions.md "Messages").
 * zh-CN is the default, en the overseas language; all five locales are complete, and en remains the
 * fallback of a key a language could lack (docs/decisions.md, "Five complete languages").
 * Every user-visible string goes through `t()`; keys and interpolation params are typed from the
 * zh-CN source tree (types only: the tree itself is not needed at run time for that).
 * Mini programs bundle every language (`catalog.ts`), so a switch is immediate there; the H5 build
 * bundles only zh-CN (`src/platform/message-catalog.h5.ts`) and fetches another language before switching to it.
 */
import rosetta from 'rosetta';
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
import { bundledMessages, fetchMessages } from '../platform/message-catalog';

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

/** Languages whose messages are loaded (bundled or fetched). */
const loaded = new Set<Language>(SUPPORTED_LANGUAGES.filter((lang) => bundledMessages[lang] !== undefined));

/**
 * The messages a language needs before it shows: its own. Every language is complete (typed against
 * the zh-CN tree), so none waits for the en fallback; en still answers a key a language lacks
 * whenever it is loaded.
 */
function neededLanguages(lang: Language): Language[] {
  return [lang];
}

/** Whether a language can be shown without fetching anything. */
export function isLanguageLoaded(lang: Language): boolean {
  return neededLanguages(lang).every((l) => loaded.has(l));
}

const startLanguage = chooseLanguage({ abroad: isAbroadEnv() });

/** A message tree as rosetta reads it. */
interface MessageTree {
  [key: string]: string | MessageTree;
}

/** The messages of every language, merged in place as they arrive (start-up, fetched, areas). */
const tables: Partial<Record<Language, MessageTree>> = {};
const messages = rosetta<MessageTree>(tables as Record<string, MessageTree>);

/**
 * Messages without values, as looked up in the language on screen: a screen asks for the same labels
 * on every render (each product row its own). Forgotten when the language changes or messages arrive,
 * before the observable below moves, so the renders that a switch starts never read the old texts.
 */
const plain = new Map<string, string>();

function mergeInto(target: MessageTree, source: object): void {
  for (const [key, value] of Object.entries(source) as [string, unknown][]) {
    if (typeof value === 'string') target[key] = value;
    else if (value !== null && typeof value === 'object') {
      const current = target[key];
      const branch: MessageTree = typeof current === 'object' ? current : {};
      target[key] = branch;
      mergeInto(branch, value);
    }
  }
}

/** Adds messages to a language (deep: what it had stays unless the new tree replaces that text). */
export function addMessages(lang: Language, tree: object): void {
  const table = tables[lang] ?? {};
  tables[lang] = table;
  mergeInto(table, tree);
  plain.clear();
}

for (const lang of SUPPORTED_LANGUAGES) {
  const bundled = bundledMessages[lang];
  if (bundled) addMessages(lang, bundled);
}

/** The language whose texts are on screen. */
let current: Language = isLanguageLoaded(startLanguage) ? startLanguage : DEFAULT_LANGUAGE;

/** A message in one language, or undefined when that language lacks it. */
function find(lang: Language, key: string, params: InterpolationValues | undefined): string | undefined {
  const text: unknown = messages.t(key, params ?? {}, lang);
  return typeof text === 'string' && text !== '' ? text : undefined;
}

/** C§1: the language on screen, then en (the fallback of a key a language could lack). */
function resolve(key: string, params: InterpolationValues | undefined): string | undefined {
  return find(current, key, params) ?? (current === FALLBACK_LANGUAGE ? undefined : find(FALLBACK_LANGUAGE, key, params));
}

function lookup(key: string, params: InterpolationValues | undefined): string {
  if (params !== undefined && Object.keys(params).length > 0) return resolve(key, params) ?? key;
  let text = plain.get(key);
  if (text === undefined) {
    text = resolve(key, undefined) ?? key;
    plain.set(key, text);
  }
  return text;
}

/**
 * The language on screen, observable: an observer that renders texts re-renders when a fetched
 * language arrives, even where it also watched the session's language before the switch happened.
 */
const shown = observable.box<Language>(current, { deep: false });
const listeners = new Set<(lang: Language) => void>();

function showLanguage(lang: Language): void {
  if (lang === current) return;
  current = lang;
  plain.clear();
  runInAction(() => shown.set(lang));
  for (const listener of [...listeners]) listener(lang);
}

/** The language last asked for, and the promise that resolves once it is on screen. */
let requested: Language = current;
let pending: Promise<void> = Promise.resolve();

/** Fetches the messages a language needs (nothing when they are bundled or fetched already). */
export function loadLanguage(lang: Language): Promise<void> {
  const missing = neededLanguages(lang).filter((l) => !loaded.has(l));
  return Promise.all(
    missing.map((l) =>
      fetchMessages(l).then((fetched) => {
        addMessages(l, fetched);
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
  for (const lang of SUPPORTED_LANGUAGES) addMessages(lang, { [area]: byLanguage[lang] });
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
  return resolve(key, undefined) !== undefined;
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
  return resolve(`routes.${path}`, undefined) ?? '';
}

/** The language shown now. */
export function getLanguage(): Language {
  return shown.get();
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
    showLanguage(lang);
    pending = Promise.resolve();
  } else {
    pending = loadLanguage(lang).then(
      () => {
        if (requested === lang) showLanguage(lang);
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
  return requestLanguageHeader(requested);
}

/** Calls `listener` after every language change; returns the unsubscribe function. */
export function onLanguageChanged(listener: (lang: Language) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
