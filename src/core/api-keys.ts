/**
 * API key format (spec, Authentication 2-3): a prefix (`svc_live_` or `svc_test_`), a body of 32 or more
 * base62 characters, then a checksum tail.
 *
 * Decision (tail encoding): the tail is the CRC-32 (IEEE, as zlib computes it) of the prefix and body,
 * written in base62, left-padded with `0` to 6 characters. 62^6 > 2^32, so every CRC fits.
 */
import { randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { BASE62, type Random } from './random.js';

export type Environment = 'live' | 'test';

export const KEY_PREFIXES: Record<Environment, string> = { live: 'svc_live_', test: 'svc_test_' };
export const KEY_BODY_LENGTH = 32;
export const CHECKSUM_LENGTH = 6;

const BASE62_RE = /^[0-9A-Za-z]+$/;

export function checksumTail(prefixAndBody: string): string {
  let n = crc32(prefixAndBody) >>> 0;
  let out = '';
  while (n > 0) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out.padStart(CHECKSUM_LENGTH, '0');
}

/** Makes a new key; the emulator passes its seeded random source, for determinism. */
export function generateApiKey(environment: Environment, random?: Random): string {
  const body = random
    ? random.base62(KEY_BODY_LENGTH)
    : Array.from({ length: KEY_BODY_LENGTH }, () => BASE62[randomInt(62)]).join('');
  const head = KEY_PREFIXES[environment] + body;
  return head + checksumTail(head);
}

export type ParsedApiKey =
  | { ok: true; environment: Environment; prefix: string; display: string }
  | { ok: false; reason: 'prefix' | 'characters' | 'length' | 'checksum' };

/** Checks format and checksum without any lookup (spec: "rejected before any lookup"). */
export function parseApiKey(key: string): ParsedApiKey {
  const environment = (Object.keys(KEY_PREFIXES) as Environment[]).find((env) =>
    key.startsWith(KEY_PREFIXES[env]),
  );
  if (!environment) return { ok: false, reason: 'prefix' };
  const prefix = KEY_PREFIXES[environment];
  const rest = key.slice(prefix.length);
  if (!BASE62_RE.test(rest)) return { ok: false, reason: 'characters' };
  if (rest.length < KEY_BODY_LENGTH + CHECKSUM_LENGTH) return { ok: false, reason: 'length' };
  const head = key.slice(0, key.length - CHECKSUM_LENGTH);
  if (checksumTail(head) !== key.slice(-CHECKSUM_LENGTH)) return { ok: false, reason: 'checksum' };
  return { ok: true, environment, prefix, display: displayKey(key) };
}

/** Only the prefix and the last 4 characters are ever shown (spec, Authentication 4). */
export function displayKey(key: string): string {
  const env = (Object.keys(KEY_PREFIXES) as Environment[]).find((e) => key.startsWith(KEY_PREFIXES[e]));
  const prefix = env ? KEY_PREFIXES[env] : '';
  return `${prefix}…${key.slice(-4)}`;
}

const KEY_LIKE_RE = /svc_(?:live|test)_[0-9A-Za-z]{16,}/g;

/**
 * Replaces anything shaped like an API key (even mistyped or truncated) with its display form. Applied to
 * text that echoes what a client sent (error details, journal paths), so a key pasted in the wrong place
 * is never repeated back or recorded.
 */
export function redactApiKeys(text: string): string {
  return text.includes('svc_') ? text.replace(KEY_LIKE_RE, (key) => displayKey(key)) : text;
}

export const PARSE_FAILURE_DETAIL: Record<Exclude<ParsedApiKey, { ok: true }>['reason'], string> = {
  prefix: 'the API key must start with svc_live_ or svc_test_',
  characters: 'the API key must contain only base62 characters after its prefix',
  length: `the API key must have at least ${KEY_BODY_LENGTH} base62 characters and a ${CHECKSUM_LENGTH}-character checksum after its prefix`,
  checksum: 'the API key checksum does not match; the key was mistyped or truncated',
};
