import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Random } from '../core/random.js';
import { newWebhookSecret, signPayload, verifyWebhookSignature } from './signature.js';

const secret = 'whsec_test';
const body = '{"id":"evt_1","event":"ping"}';
const now = 1_750_000_000;

describe('webhook signatures', () => {
  it('signs t.<body> with HMAC-SHA-256 as lowercase hex', () => {
    const expected = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
    expect(signPayload(secret, body, now)).toBe(`t=${now},v1=${expected}`);
  });

  it('verifies its own signature, from a string or a Buffer', () => {
    const header = signPayload(secret, body, now);
    expect(verifyWebhookSignature(body, header, secret, 300, now)).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(body), header, secret, 300, now)).toBe(true);
  });

  it('accepts a header with several v1 entries when one matches', () => {
    const good = signPayload(secret, body, now).split(',')[1];
    const header = `t=${now},v1=${'0'.repeat(64)},v0=abc,${good}`;
    expect(verifyWebhookSignature(body, header, secret, 300, now)).toBe(true);
  });

  it('rejects a tampered body, a wrong secret and malformed headers', () => {
    const header = signPayload(secret, body, now);
    expect(verifyWebhookSignature(body + ' ', header, secret, 300, now)).toBe(false);
    expect(verifyWebhookSignature(body, header, 'whsec_other', 300, now)).toBe(false);
    expect(verifyWebhookSignature(body, 'garbage', secret, 300, now)).toBe(false);
    expect(verifyWebhookSignature(body, `t=${now}`, secret, 300, now)).toBe(false);
    expect(verifyWebhookSignature(body, `t=${now},v1=zz`, secret, 300, now)).toBe(false);
  });

  it('rejects timestamps outside the tolerance, in the past or the future', () => {
    const header = signPayload(secret, body, now);
    expect(verifyWebhookSignature(body, header, secret, 300, now + 300)).toBe(true);
    expect(verifyWebhookSignature(body, header, secret, 300, now + 301)).toBe(false);
    expect(verifyWebhookSignature(body, header, secret, 300, now - 301)).toBe(false);
  });

  it('makes deterministic whsec_ base62 secrets from the seeded random', () => {
    const a = newWebhookSecret(new Random('seed'));
    expect(a).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    expect(newWebhookSecret(new Random('seed'))).toBe(a);
  });
});
