/**
 * Text the database cannot store: PostgreSQL `text` refuses the NUL character, and an unpaired
 * UTF-16 surrogate has no UTF-8 form. Every string a request carries (values and keys) is checked
 * once, before the call's own schema (server/src/http/call.ts), so no field can forget it.
 */
// NUL, a high surrogate not followed by a low one, a low surrogate not preceded by a high one
// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The one body field spared the check: `tableCode` (TABLE-7), compared as bytes and never stored. */
const UNCHECKED_KEY = 'tableCode';

/** Whether PostgreSQL `text` can hold `s`. */
export const isStorableText = (s: string): boolean => !UNSTORABLE.test(s);

/**
 * The path (`a.b.0.c`; `''` for the body itself) of the first string in `value` that is not
 * storable text, or null when every string is.
 */
export function findUnstorableText(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path.join('.');
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findUnstorableText(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (!isStorableText(k)) return [...path, JSON.stringify(k)].join('.');
      // a table's code is compared, never stored: any text is a (wrong) code, not a malformed body
      if (k === UNCHECKED_KEY && path.length === 0 && typeof v === 'string') continue;
      const found = findUnstorableText(v, [...path, k]);
      if (found !== null) return found;
    }
  }
  return null;
}
