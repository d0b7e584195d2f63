/**
 * Hostile values: strings, numbers, structures and keys that break naive parsers. Everything
 * here is data (no HTTP); the request generators combine them.
 */
import fc from 'fast-check';
import { Deep, Huge, Ref, type Value } from './model';

export const MiB = 1024 * 1024;
/** The body limit of Lambda (and of the local API Gateway). */
export const BODY_LIMIT = 6 * MiB;

/** Code points and sequences that trip up text handling. */
export const unicodeEdges = [
  '\uD800', // lone high surrogate
  '\uDFFF', // lone low surrogate
  'a\uDC00b\uD800',
  '\u0000',
  'nul\u0000inside',
  '\u202Egnp.exe', // right-to-left override
  '\u200F\u200E', // RTL and LTR marks
  '\u200B\u200C\u200D\u2060', // zero-width
  '\uFEFF', // byte order mark
  'e\u0301\u0301\u0301', // combining marks
  'Z\u0351\u0352\u0357\u0358\u035B\u0340\u0341'.repeat(20),
  '👩‍👩‍👧‍👦🇨🇳🏳️‍🌈',
  '\uFFFD\uFFFE\uFFFF',
  '\u2028\u2029\u0085',
  'İıßﬃＡＢＣ', // case folding and compatibility forms
  '\u00C0\u00AF', // looks like an overlong '/' once mis-decoded as Latin-1
  'Ã©', // mojibake
  '中文注册🀄',
  '\u0009\u000B\u000C\r\n',
  '\u001B[31mred\u001B[0m',
];

/** Strings with a meaning somewhere: injections, keys of the table, prototype names, paths. */
export const loadedStrings = [
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e309',
  'NaN',
  '[object Object]',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '"; DROP TABLE congress; --',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'USER#',
  'PROFILE',
  'ABSTRACT#',
  'SESSION#x',
  'users/../users/',
  'a@b.c',
  'A@EXAMPLE.ORG ',
  'x'.repeat(255),
  'http://evil.example/',
  '%00%2e%2e%2f',
  '\\u0000',
  'file:///etc/passwd',
];

/** Names every JavaScript object inherits. */
export const prototypeNames = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
  'length',
  'then',
];

export const nullObject = (entries: [string, Value][] = []): { [key: string]: Value } => {
  const o = Object.create(null) as { [key: string]: Value };
  for (const [k, v] of entries) o[k] = v;
  return o;
};

/** Long strings, mostly tens of kilobytes; a megabyte now and then; at and over the body limit rarely (each costs megabytes on the wire). */
const hugeString = fc.oneof(
  { weight: 80, arbitrary: fc.constantFrom(1_000, 10_000, 65_537).map((n) => new Huge('A', n)) },
  { weight: 8, arbitrary: fc.constant(300_000).map((n) => new Huge('é中🙂 ', n)) },
  { weight: 4, arbitrary: fc.constant(1 * MiB).map((n) => new Huge('x', n)) },
  { weight: 1, arbitrary: fc.constantFrom(BODY_LIMIT - 4096, BODY_LIMIT + 1024).map((n) => new Huge('x', n)) },
);

export const hostileString: fc.Arbitrary<Value> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 4, arbitrary: fc.constantFrom(...unicodeEdges) },
  { weight: 4, arbitrary: fc.constantFrom(...loadedStrings) },
  { weight: 1, arbitrary: hugeString },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value a field should not hold: wrong types, arrays for scalars, deep nesting. */
export const hostileValue: fc.Arbitrary<Value> = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: hostileString },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.constantFrom<Value>(true, false, null) },
    { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.tuple(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...prototypeNames)), tie('value')), { maxLength: 4 })
        .map((entries) => nullObject(entries)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof({ weight: 8, arbitrary: fc.constantFrom(10, 1_000) }, { weight: 2, arbitrary: fc.constant(20_000) }, { weight: 1, arbitrary: fc.constant(100_000) }), fc.constantFrom('array' as const, 'object' as const))
        .map(([depth, shape]) => new Deep(depth, shape)),
    },
    { weight: 2, arbitrary: fc.constantFrom<Value>(new Ref('victim.userId'), new Ref('victim.abstractId'), new Ref('victim.fileId'), new Ref('victim.key'), new Ref('other.anyId'), new Ref('victim.email')) },
  ),
})).value;

/** Bracket keys of forms that a naive expander turns into prototype writes, huge arrays or deep trees. */
export const bracketKeyAttacks = (field: string): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        `${field}[__proto__]`,
        `${field}[__proto__][polluted]`,
        `${field}[constructor][prototype][polluted]`,
        `__proto__[${field}]`,
        `__proto__[${field}][]`,
        `constructor[prototype][${field}]`,
        '__proto__[polluted]',
        '__proto__[toString]',
        '__proto__[length]',
        'constructor[prototype][polluted]',
        '__proto__',
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(99_999_999, 4_294_967_294, 2 ** 31, 1_000_000, 1e21), fc.constantFrom('', '[]', '[email]', '[0]'))
        .map(([index, tail]) => `${field}[${index}]${tail}`),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(`${field}[]`, `${field}[0]`, `${field}[0][]`, `${field}[][]`, `${field}[-1]`, `${field}[1e3]`, `${field}[`, `${field}]`, `${field}[a]b`, `[${field}]`, '[]', ''),
    },
    { weight: 1, arbitrary: fc.integer({ min: 2, max: 2_000 }).map((depth) => `${field}${'[b]'.repeat(depth)}`) },
  );
