import type { Random } from '../core/random.js';
/**
 * The product's signature convention (Stripe's scheme, so Stripe-style verifiers work):
 * `SVC-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256(secret, "<t>.<raw body>")>`.
 */
export declare const SIGNATURE_HEADER = "SVC-Signature";
export declare const DEFAULT_TOLERANCE_SECONDS = 300;
export declare function computeSignature(secret: string, rawBody: string | Buffer | Uint8Array, timestampSeconds: number): string;
export declare function signPayload(secret: string, rawBody: string | Buffer | Uint8Array, timestampSeconds: number): string;
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
export declare function verifyWebhookSignature(rawBody: string | Buffer | Uint8Array, header: string, secret: string, options?: VerifyWebhookOptions | number, nowArg?: number): boolean;
/** `whsec_` + 32 base62 characters from the seeded Random, so the same seed gives the same secrets. */
export declare function newWebhookSecret(random: Random): string;
