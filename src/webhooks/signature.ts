import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Random } from '../core/random.js';

/**
 * The product's signature convention (Stripe's scheme, so Stripe-style verifiers work):
 * `SVC-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256(secret, "<t>.<raw body>")>`.
 */
export const SIGNATURE_HEADER = 'SVC-Signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function computeSignature(
  secret: string,
  rawBody: string | Buffer | Uint8Array,
  timestampSeconds: number,
): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.`).update(rawBody).digest('hex');
}

export function signPayload(
  secret: string,
  rawBody: string | Buffer | Uint8Array,
  timestampSeconds: number,
): string {
  return `t=${timestampSeconds},v1=${computeSignature(secret, rawBody, timestampSeconds)}`;
}

export interface VerifyWebhookOptions {
  /** Largest accepted distance between `t=` and now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** "Now" in unix seconds; defaults to the wall clock, because this runs on the receiver's side. */
  nowSeconds?: number;
}

/**
 * Verifies a signature header against the raw body. Accepts several `v1` entries (secret rotation),
 * ignores unknown schemes, and rejects timestamps more than `toleranceSeconds` in the past or future.
 * The fourth argument is `{ toleranceSeconds, nowSeconds }` (public form) or, positionally, the
 * tolerance followed by `nowSeconds`.
 */
export function verifyWebhookSignature(
  rawBody: string | Buffer | Uint8Array,
  header: string,
  secret: string,
  options: VerifyWebhookOptions | number = {},
  nowArg?: number,
): boolean {
  const opts = typeof options === 'number' ? { toleranceSeconds: options, nowSeconds: nowArg } : options;
  const toleranceSeconds = opts.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowSeconds = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !/^\d+$/.test(value)) return false;
      timestamp = Number(value);
    } else if (key === 'v1') {
      candidates.push(value);
    }
  }
  if (timestamp === undefined || candidates.length === 0) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(computeSignature(secret, rawBody, timestamp), 'hex');
  let ok = false;
  for (const candidate of candidates) {
    if (!/^[0-9a-f]{64}$/.test(candidate)) continue;
    // No early exit, so the time taken does not reveal which entry matched.
    if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) ok = true;
  }
  return ok;
}

/** `whsec_` + 32 base62 characters from the seeded Random, so the same seed gives the same secrets. */
export function newWebhookSecret(random: Random): string {
  return `whsec_${random.base62(32)}`;
}
