/**
 * The fuzz's own parts (API-4): the zod → fast-check generator reaches every kind the contract
 * uses, its near-valid values pass their schema, its mutations break it, the raw JSON writer carries
 * what JSON.stringify cannot (`1e309`, `NaN`), and the fuzz files cover every call of the contract.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { allCalls } from '../../../src/api/contract';
import { vipCalls } from '../../../src/api/contract/vip';
import { orderCalls } from '../../../src/api/contract/order';
import { FUZZ_GROUPS } from './groups';
import { expectedFor } from './harness';
import { mutate, MUTATIONS, Raw, RawBody, toJsonText, validArb } from './zod-arb';

/** One schema with every kind the contract's requests use. */
const Every = z
  .object({
    id: z.number().int().positive(),
    name: z.string().min(1).max(12),
    code: z.string().regex(/^\d{4,8}$/),
    amount: z.number().min(0).max(500),
    kind: z.enum(['dine', 'takeaway']),
    flag: z.literal(1),
    either: z.union([z.number().int().min(1).max(9), z.literal('ASAP')]),
    tagged: z.discriminatedUnion('t', [z.object({ t: z.literal('a'), n: z.number().int() }).strict(), z.object({ t: z.literal('b'), s: z.string().max(3) }).strict()]),
    list: z.array(z.object({ q: z.number().int().min(1).max(5) }).strict()).min(1).max(3),
    note: z.string().max(20).optional(),
    maybe: z.number().int().nullable(),
    dict: z.record(z.string().max(5), z.boolean()),
    pair: z.tuple([z.number().int(), z.string().max(4)]),
    digits: z.string().regex(/^\d{1,6}$/).transform(Number),
    defaulted: z.number().int().min(1).max(3).default(1),
    both: z.intersection(z.object({ x: z.number().int().min(0).max(3) }), z.object({ y: z.boolean() })),
  })
  .strict()
  .refine((v) => v.name !== 'forbidden', { message: 'not that name' });

describe('the zod → fast-check generator', () => {
  test('reaches every kind and mostly stays valid where no refinement needs luck', () => {
    const xs = fc.sample(validArb(Every), { numRuns: 200, seed: 7 });
    const valid = xs.filter((x) => Every.safeParse(x).success).length;
    // each optional part is left out one time in four: some bodies miss a required-by-shape part
    expect(valid).toBeGreaterThan(100);
    const kinds = new Set(xs.flatMap((x) => Object.keys(x as object)));
    for (const key of ['id', 'name', 'tagged', 'list', 'dict', 'pair', 'digits', 'both']) expect(kinds.has(key)).toBe(true);
  });

  test('gives every call of the contract bodies, and for most calls some its schema accepts', () => {
    const none: string[] = [];
    for (const def of allCalls) {
      const xs = fc.sample(validArb(def.req), { numRuns: 40, seed: 3 });
      expect(xs).toHaveLength(40);
      if (!xs.some((x) => def.req.safeParse(x).success)) none.push(def.path);
    }
    // these need a value a refinement checks against another field or a phone/GPS text: the fuzz
    // gives them by property name (harness.ts hints) or from a valid seed body
    expect(none.length).toBeLessThan(allCalls.length / 10);
  });

  test('each mutation of a valid body breaks the schema or stays a well-formed body', () => {
    const body = { id: 3, name: 'ab', list: [{ q: 1 }] };
    const Strict = z.object({ id: z.number().int().positive(), name: z.string().min(1).max(12), list: z.array(z.object({ q: z.number().int() }).strict()).max(3) }).strict();
    const broken = (kind: (typeof MUTATIONS)[number], a = 1, b = 1) => {
      const text = toJsonText(mutate(body, kind, a, b, [99]));
      try {
        return !Strict.safeParse(JSON.parse(text)).success;
      } catch {
        return true;
      }
    };
    expect(broken('wrongType', 1, 3)).toBe(true);
    expect(broken('dropField', 0, 0)).toBe(true);
    expect(broken('extraField', 0, 0)).toBe(true);
    expect(broken('hugeString', 0, 0)).toBe(true);
    expect(broken('hugeArray', 0, 0)).toBe(true);
    expect(broken('badNumber', 0, 0)).toBe(true);
    expect(broken('rawBody', 0, 1)).toBe(true);
    // another customer's id is a valid id: the server, not the schema, must refuse it
    expect(toJsonText(mutate(body, 'foreignId', 0, 0, [60001]))).toBe('{"id":60001,"name":"ab","list":[{"q":1}]}');
    expect(toJsonText(mutate(body, 'badText', 0, 3, []))).toContain("' OR 1=1 --");
  });

  test('huge values are 100 KB of text and 10,000 items', () => {
    const s = mutate({ a: 'x' }, 'hugeString', 0, 0, []) as { a: string };
    expect(s.a.length).toBe(100 * 1024);
    const arr = mutate({ a: [1] }, 'hugeArray', 0, 0, []) as { a: number[] };
    expect(arr.a).toHaveLength(10_000);
  });
});

describe('the raw JSON text and what the server must answer to it', () => {
  test('numbers JSON.stringify cannot write reach the parser as written', () => {
    expect(toJsonText({ amount: new Raw('1e309'), n: new Raw('NaN') })).toBe('{"amount":1e309,"n":NaN}');
    expect(toJsonText({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
    expect(toJsonText(new RawBody('{'))).toBe('{');
    const own = Object.defineProperty({}, '__proto__', { value: 1, enumerable: true });
    expect(toJsonText(own)).toBe('{"__proto__":1}');
  });

  test('a top-up of 1e309 is a bad request (JSON reads it as Infinity), NaN is not JSON', () => {
    expect(expectedFor(vipCalls.recharge, '{"amount":1e309,"payType":"weixin"}')).toMatchObject({ refuse: 'badRequest' });
    expect(expectedFor(vipCalls.recharge, '{"amount":NaN,"payType":"weixin"}')).toEqual({ refuse: 'badRequest', why: 'not JSON' });
    expect(expectedFor(vipCalls.recharge, '{"amount":100,"payType":"weixin"}')).toEqual({ refuse: null });
  });

  test('an empty body and null read as {}; text the database cannot store is a bad request', () => {
    expect(expectedFor(vipCalls.getInfo, '')).toEqual({ refuse: null });
    expect(expectedFor(vipCalls.getInfo, 'null')).toEqual({ refuse: null });
    expect(expectedFor(orderCalls.deliveryInfo, JSON.stringify({ orderNo: 'a\u0000' }))).toEqual({ refuse: 'badRequest', why: 'unstorable text' });
  });

  test('a contract rule with a catalogue message is due with its code', () => {
    const r = expectedFor(vipCalls.updatePayPassword, JSON.stringify({ id: 1, payPassword: '12', repeatPayPassword: '12' }));
    expect(r).toMatchObject({ refuse: 'payPasswordSixDigits' });
  });
});

test('the fuzz files cover every call of the contract, each once', () => {
  const grouped = Object.values(FUZZ_GROUPS).flat().map((d) => d.path);
  expect(new Set(grouped).size).toBe(grouped.length);
  expect([...grouped].sort()).toEqual(allCalls.map((d) => d.path).sort());
});
