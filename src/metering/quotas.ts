import type { Product } from './types.js';

/** The products that have a test quota; stt and stt_realtime share the `stt` quota. */
export type QuotaProduct = 'tts' | 'stt' | 'rag_search' | 'rag_upload';

/**
 * Documented test-key quotas per organization per window (the spec says "tiny throttled quotas" and
 * leaves the values open): tts 5 000 characters, stt 300 audio seconds (batch and realtime together),
 * rag_search 200 queries, rag_upload 5 000 000 bytes. rag_storage has no test quota.
 */
export const defaultTestQuotas: Readonly<Record<QuotaProduct, number>> = Object.freeze({
  tts: 5_000,
  stt: 300,
  rag_search: 200,
  rag_upload: 5_000_000,
});

/** Quota windows are fixed one-day windows of clock time aligned to UTC midnight. */
export const DEFAULT_QUOTA_WINDOW_SECONDS = 86_400;

export function quotaProductOf(product: Product): QuotaProduct | undefined {
  if (product === 'stt_realtime') return 'stt';
  if (product === 'rag_storage') return undefined;
  return product;
}

export interface QuotaStatus {
  product: QuotaProduct;
  used: number;
  quota: number;
  windowStart: number;
  windowEnd: number;
}

/** The quota window `now` falls in: fixed windows of clock time aligned to multiples of their length. */
export function quotaWindow(now: number, windowSeconds: number): { windowStart: number; windowEnd: number } {
  const size = windowSeconds * 1000;
  const windowStart = Math.floor(now / size) * size;
  return { windowStart, windowEnd: windowStart + size };
}

export function validQuotas(q: Partial<Record<QuotaProduct, number>>): Partial<Record<QuotaProduct, number>> {
  for (const [product, value] of Object.entries(q)) {
    if (!(product in defaultTestQuotas)) {
      throw new RangeError(
        `no test quota for '${product}' (known: ${Object.keys(defaultTestQuotas).join(', ')})`,
      );
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new RangeError(`test quota ${product} must be a finite number >= 0 (got ${String(value)})`);
    }
  }
  return q;
}
