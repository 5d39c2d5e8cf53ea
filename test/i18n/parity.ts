/**
 * Parity of the five complete locales with the zh-CN source tree: every key present and non-empty, the
 * same `{{param}}` placeholders, and no text left in English unless it is the same word in that
 * language (brand names, "OK", units, words the language shares with English).
 */
import type { Language } from '../../src/domain/language';

/** Dotted paths of every string leaf of a message tree. */
export function leafKeys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value as object, `${prefix}${key}.`),
  );
}

export function valueAt(tree: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], tree);
}

export const placeholders = (s: string): string[] => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

/**
 * Texts a language may share with en on purpose. A text with no letter outside its placeholders
 * ('--', '{{name}}', '{{name}} ×{{count}}') and the language names (each written in its own language)
 * are always allowed.
 */
export const SAME_AS_EN: Record<Exclude<Language, 'en'>, readonly string[]> = {
  'zh-CN': ['NO. {{no}}'],
  'zh-TW': ['NO. {{no}}'],
  // brand names, units, and words Spanish writes as English does
  es: [
    'WeChat Pay', 'Alipay', 'App', 'OK', 'No', 'Total', 'Error',
    '{{count}} min', '{{minutes}} min', '{{m}} m', '{{km}} km',
    'Vietnam', 'Indonesia', 'India', 'Australia', 'Portugal', 'Hong Kong, China', 'Macao, China',
  ],
  // brand names, units, and words French writes as English does
  fr: [
    'WeChat Pay', 'Alipay', 'App', 'OK', 'Total', 'Coupon', 'Coupons', 'Table', 'Table {{name}}', 'Points',
    'points', '{{count}} points', '{{points}} pts', 'Options', 'Code', 'Conditions', 'Max {{count}}', 'Message', 'Contact', 'Note', 'Service', 'Date',
    '{{count}} min', '{{minutes}} min', '{{m}} m', '{{km}} km',
    'Philippines', 'Canada', 'France', 'Portugal',
  ],
};

/**
 * Keys whose params a language may choose among, because the code passes them all: a coupon's rate is
 * "8.8折" in Chinese ({{rate}}) and "12% off" elsewhere ({{off}}, components/promo/coupon-text.ts).
 */
const PARAM_CHOICES: Record<string, readonly string[]> = {
  'promo.face.rate': ['{{rate}}', '{{off}}'],
};

function paramsMatch(fullKey: string, text: string, sourceText: string): boolean {
  const got = placeholders(text).join();
  if (got === placeholders(sourceText).join()) return true;
  const choices = PARAM_CHOICES[fullKey];
  return choices !== undefined && choices.includes(got);
}

function mayEqualEn(lang: Exclude<Language, 'en'>, key: string, text: string): boolean {
  if (!/\p{L}/u.test(text.replace(/\{\{\w+\}\}/g, ''))) return true;
  if (/(^|\.)language\.[\w-]+$/.test(key)) return true;
  return SAME_AS_EN[lang].includes(text);
}

/** What a locale lacks or gets wrong against the source: one line per key, empty when complete. */
export function parityProblems(lang: Language, tree: object, source: object, en: object, area = ''): string[] {
  const problems: string[] = [];
  const keys = new Set(leafKeys(tree));
  for (const key of leafKeys(source)) {
    const value = valueAt(tree, key);
    const sourceText = valueAt(source, key) as string;
    if (typeof value !== 'string') problems.push(`${lang} ${key}: missing`);
    else if (value.trim() === '') problems.push(`${lang} ${key}: empty`);
    else {
      if (!paramsMatch(area === '' ? key : `${area}.${key}`, value, sourceText)) {
        problems.push(`${lang} ${key}: params ${placeholders(value).join() || '(none)'} ≠ ${placeholders(sourceText).join() || '(none)'}`);
      }
      if (lang !== 'en' && value === valueAt(en, key) && !mayEqualEn(lang, key, value)) {
        problems.push(`${lang} ${key}: still the en text "${value}"`);
      }
    }
    keys.delete(key);
  }
  for (const extra of keys) problems.push(`${lang} ${extra}: not in the source tree`);
  return problems;
}
