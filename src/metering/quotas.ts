import type { Clock } from '../core/clock.js';
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

export class TestQuotas {
  private readonly perOrg = new Map<string, Partial<Record<QuotaProduct, number>>>();
  private readonly usage = new Map<string, { windowStart: number; used: Record<QuotaProduct, number> }>();
  private defaults: Record<QuotaProduct, number>;

  constructor(
    private readonly clock: Clock,
    defaults: Partial<Record<QuotaProduct, number>> = {},
    private readonly windowSeconds = DEFAULT_QUOTA_WINDOW_SECONDS,
  ) {
    this.defaults = { ...defaultTestQuotas, ...validQuotas(defaults) };
    if (!Number.isInteger(windowSeconds) || windowSeconds < 1) {
      throw new RangeError(`quota window must be an integer >= 1 second (got ${windowSeconds})`);
    }
  }

  setQuota(orgId: string, product: QuotaProduct, quota: number): void {
    this.perOrg.set(orgId, { ...this.perOrg.get(orgId), ...validQuotas({ [product]: quota }) });
  }

  quotaOf(orgId: string, product: QuotaProduct): number {
    return this.perOrg.get(orgId)?.[product] ?? this.defaults[product];
  }

  status(orgId: string, product: QuotaProduct): QuotaStatus {
    const w = this.window(orgId);
    return {
      product,
      used: w.used[product],
      quota: this.quotaOf(orgId, product),
      windowStart: w.windowStart,
      windowEnd: w.windowStart + this.windowSeconds * 1000,
    };
  }

  /** Adds (or with a negative quantity, gives back) test usage in the current window. */
  add(orgId: string, product: QuotaProduct, quantity: number): QuotaStatus {
    const w = this.window(orgId);
    w.used[product] = Math.max(0, w.used[product] + quantity);
    return this.status(orgId, product);
  }

  /** Overwrites the local copy of the current window's usage with the shared store's (issue 17). */
  setUsed(orgId: string, product: QuotaProduct, windowStart: number, used: number): void {
    const w = this.window(orgId);
    if (w.windowStart === windowStart) w.used[product] = used;
  }

  reset(): void {
    this.perOrg.clear();
    this.usage.clear();
  }

  private window(orgId: string): { windowStart: number; used: Record<QuotaProduct, number> } {
    const size = this.windowSeconds * 1000;
    const windowStart = Math.floor(this.clock.now() / size) * size;
    let w = this.usage.get(orgId);
    if (!w || w.windowStart !== windowStart) {
      w = { windowStart, used: { tts: 0, stt: 0, rag_search: 0, rag_upload: 0 } };
      this.usage.set(orgId, w);
    }
    return w;
  }
}

function validQuotas(q: Partial<Record<QuotaProduct, number>>): Partial<Record<QuotaProduct, number>> {
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
