import fc from 'fast-check';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  CHECKSUM_LENGTH,
  checksumTail,
  displayKey,
  generateApiKey,
  KEY_BODY_LENGTH,
  KEY_PREFIXES,
  parseApiKey,
} from './api-keys.js';
import { BASE62, Random } from './random.js';

const base62Char = fc.constantFrom(...BASE62.split(''));
const base62String = (minLength: number, maxLength: number) =>
  fc.array(base62Char, { minLength, maxLength }).map((a) => a.join(''));
const environment = fc.constantFrom('live' as const, 'test' as const);

/** Reads a base62 tail back as a number, independently of checksumTail. */
function fromBase62(s: string): number {
  return [...s].reduce((n, c) => n * 62 + BASE62.indexOf(c), 0);
}

describe('generateApiKey', () => {
  it.each(['live', 'test'] as const)(
    'makes a %s key: prefix, 32 base62 characters, a 6-character CRC-32 tail',
    (env) => {
      const key = generateApiKey(env);
      expect(key.startsWith(KEY_PREFIXES[env])).toBe(true);
      const rest = key.slice(KEY_PREFIXES[env].length);
      expect(rest).toMatch(new RegExp(`^[0-9A-Za-z]{${KEY_BODY_LENGTH + CHECKSUM_LENGTH}}$`));
      const head = key.slice(0, -CHECKSUM_LENGTH);
      expect(fromBase62(key.slice(-CHECKSUM_LENGTH))).toBe(crc32(head) >>> 0);
    },
  );

  it('is deterministic for a seeded random source and random without one', () => {
    expect(generateApiKey('live', new Random('s'))).toBe(generateApiKey('live', new Random('s')));
    expect(generateApiKey('live', new Random('s'))).not.toBe(generateApiKey('live', new Random('t')));
    expect(generateApiKey('live')).not.toBe(generateApiKey('live'));
  });

  it('every generated key parses (property)', () => {
    fc.assert(
      fc.property(environment, fc.string({ minLength: 1 }), (env, seed) => {
        const key = generateApiKey(env, new Random(seed));
        expect(parseApiKey(key)).toEqual({
          ok: true,
          environment: env,
          prefix: KEY_PREFIXES[env],
          display: displayKey(key),
        });
      }),
    );
  });
});

describe('checksumTail', () => {
  it('is zero-padded to 6 characters and encodes the CRC-32 of its input (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const tail = checksumTail(s);
        expect(tail).toHaveLength(CHECKSUM_LENGTH);
        expect(fromBase62(tail)).toBe(crc32(s) >>> 0);
      }),
    );
  });

  it('pads small values with 0', () => {
    // crc32('') is 0.
    expect(checksumTail('')).toBe('000000');
  });
});

describe('parseApiKey', () => {
  const valid = generateApiKey('live', new Random('parse'));

  it('accepts a body longer than 32 characters when the checksum matches ("32 or more")', () => {
    const head = `${KEY_PREFIXES.test}${'a'.repeat(50)}`;
    expect(parseApiKey(head + checksumTail(head))).toMatchObject({ ok: true, environment: 'test' });
  });

  it.each([
    ['an empty string', '', 'prefix'],
    ['another prefix', valid.replace('svc_live_', 'svc_prod_'), 'prefix'],
    ['an upper-case prefix', valid.replace('svc_live_', 'SVC_LIVE_'), 'prefix'],
    ['the prefix alone', 'svc_live_', 'characters'],
    ['a dash in the body', `${valid.slice(0, 15)}-${valid.slice(16)}`, 'characters'],
    ['a space at the end', `${valid} `, 'characters'],
    ['a newline at the end', `${valid}\n`, 'characters'],
    ['a non-ASCII letter', `${valid.slice(0, 15)}é${valid.slice(16)}`, 'characters'],
    ['a short body', valid.slice(0, -1), 'length'],
    ['a truncated key', valid.slice(0, KEY_PREFIXES.live.length + 20), 'length'],
    ['a swapped environment prefix', valid.replace('svc_live_', 'svc_test_'), 'checksum'],
  ])('rejects %s (%#)', (_name, key, reason) => {
    expect(parseApiKey(key)).toEqual({ ok: false, reason });
  });

  it('rejects any single-character change after the prefix as a checksum failure (property)', () => {
    fc.assert(
      fc.property(environment, fc.string(), fc.nat(), base62Char, (env, seed, at, replacement) => {
        const key = generateApiKey(env, new Random(seed));
        const i = KEY_PREFIXES[env].length + (at % (KEY_BODY_LENGTH + CHECKSUM_LENGTH));
        fc.pre(key[i] !== replacement);
        expect(parseApiKey(key.slice(0, i) + replacement + key.slice(i + 1))).toEqual({
          ok: false,
          reason: 'checksum',
        });
      }),
    );
  });

  it('rejects adjacent transpositions in the body (property)', () => {
    fc.assert(
      fc.property(
        environment,
        base62String(KEY_BODY_LENGTH, KEY_BODY_LENGTH),
        fc.nat(KEY_BODY_LENGTH - 2),
        (env, body, i) => {
          fc.pre(body[i] !== body[i + 1]);
          const head = KEY_PREFIXES[env] + body;
          const key = head + checksumTail(head);
          const at = KEY_PREFIXES[env].length + i;
          const swapped = key.slice(0, at) + key[at + 1] + key[at] + key.slice(at + 2);
          expect(parseApiKey(swapped)).toEqual({ ok: false, reason: 'checksum' });
        },
      ),
    );
  });
});

describe('displayKey', () => {
  it('keeps only the prefix and the last 4 characters (property)', () => {
    fc.assert(
      fc.property(environment, fc.string(), (env, seed) => {
        const key = generateApiKey(env, new Random(seed));
        const display = displayKey(key);
        expect(display).toBe(`${KEY_PREFIXES[env]}…${key.slice(-4)}`);
        expect(display).not.toContain(key.slice(KEY_PREFIXES[env].length, -4));
      }),
    );
  });
});
