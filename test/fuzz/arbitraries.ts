/**
 * Generators of bad input: JSON bodies mutated from a valid seed (written as raw text, so duplicate keys,
 * lone surrogates and `__proto__` keys reach the server as they are), awkward values, and byte mutations.
 */
import fc from 'fast-check';

/** Strings that look like numbers or trip naive coercion. */
export const nanIsh = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e999',
  '0x10',
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '1,5',
  '٣',
);

/** Unicode that breaks naive code: lone surrogates, combining marks, RTL controls, NUL, emoji, astral. */
export const nastyString = fc.oneof(
  fc.constantFrom(
    '\ud800',
    '\udfff',
    'a\ud83d',
    '\u0000',
    '\u202e\u2066',
    'e\u0301\u0301\u0301',
    '🇸🇦',
    '𝕏',
    '\ufeff',
    'ﷺ',
    '\r\n',
    '"\\',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** Numbers at and just past the documented bounds, and the IEEE oddities JSON can carry. */
export const boundNumber = fc.constantFrom(
  0,
  -0,
  0.5,
  0.49999999,
  2,
  2.0000001,
  1,
  100,
  101,
  1000,
  1001,
  -1,
  1.5,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER + 2,
  0.1 + 0.2,
);

/** Any JSON value, nested a little. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  fc.jsonValue({ maxDepth: 3 }),
  boundNumber,
  nanIsh,
  nastyString,
);

/** A JSON text nested `depth` levels deep (arrays or objects). */
export function deepNesting(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
] as const;
export const protoKey = fc.constantFrom(...PROTO_KEYS);

/** Serialises an entry list as a JSON object, keeping duplicate keys and `__proto__` as plain text. */
export function objectText(entries: [string, string][]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

export type Mutation =
  | { kind: 'drop'; index: number }
  | { kind: 'duplicate'; index: number; value: unknown }
  | { kind: 'retype'; index: number; value: unknown }
  | { kind: 'huge'; index: number; size: number }
  | { kind: 'deep'; index: number; depth: number; shape: 'array' | 'object' }
  | { kind: 'bound'; index: number; value: number }
  | { kind: 'unicode'; index: number; value: string }
  | { kind: 'nanish'; index: number; value: string }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'proto'; key: (typeof PROTO_KEYS)[number]; value: unknown }
  | { kind: 'not-an-object'; value: unknown };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), index: fc.nat(20) }),
  fc.record({ kind: fc.constant('duplicate' as const), index: fc.nat(20), value: anyJson }),
  fc.record({ kind: fc.constant('retype' as const), index: fc.nat(20), value: anyJson }),
  fc.record({
    kind: fc.constant('huge' as const),
    index: fc.nat(20),
    size: fc.constantFrom(501, 5_000, 300_000, 1_100_000),
  }),
  fc.record({
    kind: fc.constant('deep' as const),
    index: fc.nat(20),
    depth: fc.constantFrom(50, 1_000, 20_000),
    shape: fc.constantFrom('array' as const, 'object' as const),
  }),
  fc.record({ kind: fc.constant('bound' as const), index: fc.nat(20), value: boundNumber }),
  fc.record({ kind: fc.constant('unicode' as const), index: fc.nat(20), value: nastyString }),
  fc.record({ kind: fc.constant('nanish' as const), index: fc.nat(20), value: nanIsh }),
  fc.record({ kind: fc.constant('extra' as const), key: fc.string({ maxLength: 12 }), value: anyJson }),
  fc.record({
    kind: fc.constant('proto' as const),
    key: protoKey,
    value: fc.oneof(anyJson, fc.constant({ polluted: true }), fc.constant({ prototype: { polluted: true } })),
  }),
  fc.record({ kind: fc.constant('not-an-object' as const), value: anyJson }),
);

/** Applies mutations, in order, to a valid seed body; the result is JSON text. */
export function applyMutations(seed: Record<string, unknown>, mutations: Mutation[]): string {
  let entries: [string, string][] = Object.entries(seed).map(([k, v]) => [k, JSON.stringify(v)]);
  let whole: string | undefined;
  for (const m of mutations) {
    const i = 'index' in m && entries.length > 0 ? m.index % entries.length : -1;
    switch (m.kind) {
      case 'drop':
        if (i >= 0) entries.splice(i, 1);
        break;
      case 'duplicate':
        if (i >= 0) entries.push([entries[i][0], JSON.stringify(m.value) ?? 'null']);
        break;
      case 'retype':
        if (i >= 0) entries[i] = [entries[i][0], JSON.stringify(m.value) ?? 'null'];
        break;
      case 'huge':
        if (i >= 0) entries[i] = [entries[i][0], JSON.stringify('ب'.repeat(m.size))];
        break;
      case 'deep':
        if (i >= 0) entries[i] = [entries[i][0], deepNesting(m.depth, m.shape)];
        break;
      case 'bound':
        if (i >= 0) entries[i] = [entries[i][0], JSON.stringify(m.value)];
        break;
      case 'unicode':
      case 'nanish':
        if (i >= 0) entries[i] = [entries[i][0], JSON.stringify(m.value)];
        break;
      case 'extra':
        entries.push([m.key, JSON.stringify(m.value) ?? 'null']);
        break;
      case 'proto':
        entries = [[m.key, JSON.stringify(m.value) ?? 'null'], ...entries];
        break;
      case 'not-an-object':
        whole = JSON.stringify(m.value) ?? 'null';
        break;
    }
  }
  return whole ?? objectText(entries);
}

/** Byte-level damage to any payload. */
export type ByteMutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'flip'; at: number; value: number }
  | { kind: 'insert'; at: number; bytes: Uint8Array }
  | { kind: 'invalid-utf8'; at: number };

export const byteMutation: fc.Arbitrary<ByteMutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 16 }),
  }),
  fc.record({ kind: fc.constant('invalid-utf8' as const), at: fc.nat() }),
);

export function applyBytes(buf: Buffer, m: ByteMutation): Buffer {
  if (buf.length === 0) return buf;
  switch (m.kind) {
    case 'truncate':
      return buf.subarray(0, Math.floor(m.at * buf.length));
    case 'flip': {
      const out = Buffer.from(buf);
      out[m.at % out.length] = m.value;
      return out;
    }
    case 'insert': {
      const at = m.at % buf.length;
      return Buffer.concat([buf.subarray(0, at), m.bytes, buf.subarray(at)]);
    }
    case 'invalid-utf8': {
      const at = m.at % buf.length;
      return Buffer.concat([buf.subarray(0, at), Buffer.from([0xc3, 0x28, 0xff, 0xfe]), buf.subarray(at)]);
    }
  }
}

/** Object.prototype must come out of every case untouched. */
export function expectNoPrototypePollution(): void {
  const probe = {} as Record<string, unknown>;
  for (const key of ['polluted', 'admin', 'dept', 'prototype']) {
    if (probe[key] !== undefined) throw new Error(`Object.prototype was polluted with '${key}'`);
  }
}
