/**
 * Language choice (C§1, P§9, APP-7): Simplified Chinese by default, English in the overseas
 * environment, and a language the user stored overrides both when it is one the app ships.
 */

/** Locales the app ships, all five complete (C§1; docs/decisions.md, "Five complete languages"). */
export const SUPPORTED_LANGUAGES = ['zh-CN', 'en', 'zh-TW', 'es', 'fr'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'zh-CN';
export const ABROAD_LANGUAGE: Language = 'en';

/** The `language` request header values the server understands (C§7). */
export type RequestLanguage = 'en' | 'zh';

/** Whether a stored value names a shipped locale. */
export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** The language to show: a supported stored language wins, else en when abroad, else zh-CN (P§9). */
export function chooseLanguage(input: { abroad: boolean; storedLanguage?: string | null }): Language {
  if (isSupportedLanguage(input.storedLanguage)) return input.storedLanguage;
  return input.abroad ? ABROAD_LANGUAGE : DEFAULT_LANGUAGE;
}

/**
 * The `language` header for a locale (C§7 knows only en and zh): both Chinese locales ask for zh; es and
 * fr ask the server for English messages (the app shows its own text for a catalogue code).
 */
export function requestLanguageHeader(lang: Language): RequestLanguage {
  return lang === 'zh-CN' || lang === 'zh-TW' ? 'zh' : 'en';
}
