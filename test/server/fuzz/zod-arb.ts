/**
 * fast-check arbitraries from the contract's zod schemas (zod 4 definitions): near-valid request
 * bodies that follow a schema's shape and bounds, and mutations of them (wrong types, missing and
 * extra fields, huge strings and arrays, numbers JSON cannot carry, text the database cannot store,
 * SQL and script text, other people's ids). Refinements are not generated for: whether a payload is
 * valid is decided afterwards by the schema itself (`classify`), the way the server decides it.
 */
import fc from 'fast-check';
import type { z } from 'zod';

/** A number written into the JSON text as is (`1e309`, `NaN`), for values JSON.stringify cannot write. */
export class Raw {
  constructor(readonly text: string) {}
}

/** The whole body as raw text (malformed JSON, an empty body). */
export class RawBody {
  constructor(readonly text: string) {}
}

/** Values for a property, chosen by its name (ids of records that exist), or null for the schema's own range. */
export type Hint = (key: string) => fc.Arbitrary<unknown> | null;

export interface ArbOptions {
  hint?: Hint;
  /** Depth at which optional parts stop being generated (recursive schemas). */
  maxDepth?: number;
}

// zod 4 keeps a schema's definition under `_zod.def`; these are the fields the generator reads
interface Check {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}
interface Def {
  type: string;
  checks?: Array<{ _zod: { def: Check } }>;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, string | number>;
  in?: z.ZodType;
  out?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (s: z.ZodType): Check[] => (defOf(s).checks ?? []).map((c) => c._zod.def);
const isOptional = (s: z.ZodType): boolean => (s as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';

/** The bounds a schema's checks set (lengths for strings and arrays, values for numbers). */
function bounds(s: z.ZodType) {
  let min: number | undefined;
  let max: number | undefined;
  let minLen: number | undefined;
  let maxLen: number | undefined;
  let int = false;
  const patterns: RegExp[] = [];
  for (const c of checksOf(s)) {
    if (c.check === 'min_length') minLen = Math.max(minLen ?? 0, c.minimum ?? 0);
    else if (c.check === 'max_length') maxLen = Math.min(maxLen ?? Infinity, c.maximum ?? Infinity);
    else if (c.check === 'length_equals') minLen = maxLen = c.length;
    else if (c.check === 'string_format' && c.pattern) patterns.push(c.pattern);
    else if (c.check === 'number_format') int = int || /int/.test(c.format ?? '');
    else if (c.check === 'greater_than') min = Math.max(min ?? -Infinity, (c.value ?? 0) + (c.inclusive ? 0 : int ? 1 : 0.01));
    else if (c.check === 'less_than') max = Math.min(max ?? Infinity, (c.value ?? 0) - (c.inclusive ? 0 : int ? 1 : 0.01));
  }
  return { min, max, minLen, maxLen, int, patterns };
}

/** Everyday text, text of other scripts and emoji: what a customer types. */
const TYPED = ['王小明', 'Wang', '3 楼 301', 'SAVE10', 'a', '13800000000', '31.2404,121.4737', '2026-11-24', 'ASAP', '🍜 面'];
const text = (minLength: number, maxLength: number): fc.Arbitrary<string> => {
  const typed = TYPED.filter((t) => t.length >= minLength && t.length <= maxLength);
  const arbs: fc.Arbitrary<string>[] = [fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'grapheme' })];
  if (typed.length > 0) arbs.push(fc.constantFrom(...typed));
  return fc.oneof(...arbs);
};

function numberArb(s: z.ZodType): fc.Arbitrary<number> {
  const b = bounds(s);
  // near the bounds and small values, where rules live; the full range stays reachable
  const lo = b.min ?? -5;
  const hi = b.max ?? 1e6;
  if (b.int) {
    const small = fc.integer({ min: Math.max(lo, -5), max: Math.max(Math.max(lo, -5), Math.min(hi, 20)) });
    const wide = fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(hi, 2 ** 31) });
    const edge = fc.constantFrom(...[lo, hi].filter((n) => Number.isSafeInteger(n)));
    return fc.oneof({ arbitrary: small, weight: 4 }, { arbitrary: wide, weight: 1 }, { arbitrary: edge, weight: 1 });
  }
  // amounts: at most two decimals inside the bounds
  const cents = fc.integer({ min: Math.ceil(Math.max(lo, -1e6) * 100), max: Math.floor(Math.min(hi, 1e6) * 100) }).map((n) => n / 100);
  const round = [0, 0.01, 1, 18, 99.99].filter((n) => n >= lo && n <= hi);
  return round.length > 0 ? fc.oneof(cents, fc.constantFrom(...round)) : cents;
}

function stringArb(s: z.ZodType): fc.Arbitrary<string> {
  const b = bounds(s);
  const minLen = b.minLen ?? 0;
  const maxLen = Math.min(b.maxLen ?? 40, minLen + 40);
  if (b.patterns.length > 0) {
    // a pattern's language; its length may miss the bounds (then the schema refuses it)
    return fc.oneof({ arbitrary: fc.stringMatching(b.patterns[0]), weight: 4 }, { arbitrary: text(minLen, maxLen), weight: 1 });
  }
  return text(minLen, maxLen);
}

/** Near-valid values of a schema: its shape and bounds, refinements left to chance. */
export function validArb(schema: z.ZodType, opts: ArbOptions = {}, key = '', depth = 0): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  const maxDepth = opts.maxDepth ?? 6;
  const inner = (s: z.ZodType, k = key) => validArb(s, opts, k, depth + 1);
  const hinted = key && opts.hint && ['number', 'string', 'union', 'pipe'].includes(d.type) ? opts.hint(key) : null;
  const own = ((): fc.Arbitrary<unknown> => {
    switch (d.type) {
      case 'string':
        return stringArb(schema);
      case 'number':
        return numberArb(schema);
      case 'bigint':
        return fc.bigInt().map(Number);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'undefined':
      case 'void':
      case 'never':
        return fc.constant(undefined);
      case 'literal':
        return fc.constantFrom(...(d.values ?? [null]));
      case 'enum':
        return fc.constantFrom(...Object.values(d.entries ?? { x: 'x' }));
      case 'object': {
        const shape = d.shape ?? {};
        const keys = Object.keys(shape);
        const required = keys.filter((k) => !isOptional(shape[k]));
        // past the depth limit only the required part of a recursive shape is built
        const wanted = depth >= maxDepth ? required : keys;
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        // an optional property is there three times in four (an undefined one is left out of the JSON)
        for (const k of wanted) model[k] = required.includes(k) ? inner(shape[k], k) : fc.option(inner(shape[k], k), { nil: undefined, freq: 4 });
        return fc.record(model);
      }
      case 'array': {
        const b = bounds(schema);
        const minLength = b.minLen ?? 0;
        const maxLength = depth >= maxDepth ? minLength : Math.min(b.maxLen ?? 4, minLength + 4);
        return fc.array(inner(d.element!), { minLength, maxLength });
      }
      case 'optional':
        return fc.option(inner(d.innerType!), { nil: undefined, freq: 6 });
      case 'nullable':
        return fc.option(inner(d.innerType!), { nil: null });
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
      case 'success':
        return inner(d.innerType!);
      case 'union':
        return fc.oneof(...(d.options ?? []).map((o) => inner(o)));
      case 'intersection':
        return fc.tuple(inner(d.left!), inner(d.right!)).map(([l, r]) => (isPlain(l) && isPlain(r) ? { ...l, ...r } : r));
      case 'pipe': {
        // a transform reads what its input schema accepts
        const from = defOf(d.in!).type === 'transform' ? d.out! : d.in!;
        return inner(from);
      }
      case 'record':
        return fc.dictionary(inner(d.keyType!, '') as fc.Arbitrary<string>, inner(d.valueType!), { maxKeys: depth >= maxDepth ? 0 : 3 });
      case 'tuple':
        return fc.tuple(...(d.items ?? []).map((i) => inner(i)));
      case 'lazy':
        return depth >= maxDepth ? fc.constant(null) : fc.constant(null).chain(() => inner(d.getter!()));
      case 'transform':
      case 'custom':
      case 'unknown':
      case 'any':
        return fc.jsonValue({ maxDepth: 2 });
      default:
        throw new Error(`no generator for the zod kind ${d.type}`);
    }
  })();
  return hinted ? fc.oneof({ arbitrary: hinted, weight: 3 }, { arbitrary: own, weight: 1 }) : own;
}

const isPlain = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Raw);

/** What a mutation did, for the failure message. */
export type Mutation =
  | 'none'
  | 'wrongType'
  | 'dropField'
  | 'extraField'
  | 'hugeString'
  | 'hugeArray'
  | 'badNumber'
  | 'badText'
  | 'foreignId'
  | 'rawBody';

export const MUTATIONS: Mutation[] = ['wrongType', 'dropField', 'extraField', 'hugeString', 'hugeArray', 'badNumber', 'badText', 'foreignId', 'rawBody'];

const WRONG_TYPES: unknown[] = [null, true, 0, 'x', [], {}, -1, '1', [1], { id: 1 }];
const BAD_NUMBERS: unknown[] = [-1, 0, -0.01, 1.00001, 0.1 + 0.2, 2 ** 31, 2 ** 53, new Raw('9007199254740993'), new Raw('NaN'), new Raw('1e309'), new Raw('-1e309'), new Raw('1e-400'), new Raw('Infinity'), -1e12, 1e15];
export const BAD_TEXTS: string[] = [
  'a\u0000b',
  'a\ud800b',
  '\udc00',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(10)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '\u202eevil',
  '',
  ' ',
  '%00',
  '\\u0000',
];
const EXTRA_KEYS = ['hack', 'isAdmin', 'price', 'userId', 'shopId', '__proto__', 'constructor', ''];
const RAW_BODIES = ['', '{', '[]', 'null', '"text"', '123', '{"a":1}{', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '\u0000'];

type Path = Array<string | number>;

/** Every path in a value (the value itself first), with what sits there. */
function pathsOf(v: unknown, at: Path = []): Array<{ path: Path; value: unknown; key: string }> {
  const key = String(at.length ? at[at.length - 1] : '');
  const here = [{ path: at, value: v, key }];
  if (Array.isArray(v)) return [...here, ...v.flatMap((x, i) => pathsOf(x, [...at, i]))];
  if (isPlain(v)) return [...here, ...Object.keys(v).flatMap((k) => pathsOf(v[k], [...at, k]))];
  return here;
}

const clone = (v: unknown): unknown => (Array.isArray(v) ? v.map(clone) : isPlain(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clone(x)])) : v);

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const out = clone(root) as Record<string | number, unknown>;
  let cur = out;
  for (const p of path.slice(0, -1)) cur = cur[p] as Record<string | number, unknown>;
  cur[path[path.length - 1]] = value;
  return out;
}

const pick = <T>(xs: T[], n: number): T => xs[n % xs.length];

/** Applies one mutation to a body; `a` and `b` choose the place and the value. */
export function mutate(body: unknown, kind: Mutation, a: number, b: number, foreignIds: number[]): unknown {
  const all = pathsOf(body);
  const leaves = all.filter((p) => !isPlain(p.value) && !Array.isArray(p.value));
  const objects = all.filter((p) => isPlain(p.value));
  switch (kind) {
    case 'none':
      return body;
    case 'wrongType': {
      const at = pick(all, a);
      return setAt(body, at.path, pick(WRONG_TYPES, b));
    }
    case 'dropField': {
      const withKeys = objects.filter((o) => Object.keys(o.value as object).length > 0);
      if (withKeys.length === 0) return mutate(body, 'wrongType', a, b, foreignIds);
      const at = pick(withKeys, a);
      const obj = { ...(at.value as Record<string, unknown>) };
      delete obj[pick(Object.keys(obj), b)];
      return setAt(body, at.path, obj);
    }
    case 'extraField': {
      const at = objects.length > 0 ? pick(objects, a) : { path: [] as Path, value: {} };
      const obj = { ...(at.value as Record<string, unknown>) };
      // an own `__proto__` key, as JSON text would carry it
      Object.defineProperty(obj, pick(EXTRA_KEYS, b), { value: pick([1, 'x', { id: 1 }, null], a), enumerable: true, writable: true, configurable: true });
      return setAt(body, at.path, obj);
    }
    case 'hugeString': {
      const strings = leaves.filter((p) => typeof p.value === 'string');
      const at = pick(strings.length > 0 ? strings : all, a);
      return setAt(body, at.path, pick(['x', '中', '🍜', "'"], b).repeat(100 * 1024 / (b % 4 === 1 ? 3 : 1)));
    }
    case 'hugeArray': {
      const arrays = all.filter((p) => Array.isArray(p.value));
      const at = pick(arrays.length > 0 ? arrays : all, a);
      const item = Array.isArray(at.value) && at.value.length > 0 ? at.value[0] : pick([1, 'x', { id: 1, quantity: 1, flag: 'a' }], b);
      return setAt(body, at.path, Array.from({ length: 10_000 }, () => clone(item)));
    }
    case 'badNumber': {
      const numbers = leaves.filter((p) => typeof p.value === 'number');
      const at = pick(numbers.length > 0 ? numbers : all, a);
      return setAt(body, at.path, pick(BAD_NUMBERS, b));
    }
    case 'badText': {
      const strings = leaves.filter((p) => typeof p.value === 'string');
      const at = pick(strings.length > 0 ? strings : all, a);
      return setAt(body, at.path, pick(BAD_TEXTS, b));
    }
    case 'foreignId': {
      const ids = leaves.filter((p) => typeof p.value === 'number' && /id$|ids?$|^\d+$/i.test(p.key));
      if (ids.length === 0 || foreignIds.length === 0) return mutate(body, 'badNumber', a, b, foreignIds);
      return setAt(body, pick(ids, a).path, pick(foreignIds, b));
    }
    case 'rawBody':
      return new RawBody(pick(RAW_BODIES, b));
  }
}

/** The JSON text of a body: Raw numbers written as is, own `__proto__` keys kept. */
export function toJsonText(v: unknown): string {
  if (v instanceof RawBody) return v.text;
  if (v instanceof Raw) return v.text;
  if (v === undefined) return 'null';
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? 'null' : toJsonText(x))).join(',')}]`;
  if (isPlain(v)) {
    const parts = Object.keys(v)
      .filter((k) => v[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${toJsonText(v[k])}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(v);
}

/** A short description of a body for failure messages (huge parts shortened). */
export function shorten(text: string): string {
  return text.length > 600 ? `${text.slice(0, 300)}…(${text.length} chars)…${text.slice(-200)}` : text;
}
