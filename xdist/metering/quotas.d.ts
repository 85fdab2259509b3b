import type { Clock } from '../core/clock.js';
import type { Product } from './types.js';
/** The products that have a test quota; stt and stt_realtime share the `stt` quota. */
export type QuotaProduct = 'tts' | 'stt' | 'rag_search' | 'rag_upload';
/**
 * Documented test-key quotas per organization per window (the spec says "tiny throttled quotas" and
 * leaves the values open): tts 5 000 characters, stt 300 audio seconds (batch and realtime together),
 * rag_search 200 queries, rag_upload 5 000 000 bytes. rag_storage has no test quota.
 */
export declare const defaultTestQuotas: Readonly<Record<QuotaProduct, number>>;
/** Quota windows are fixed one-day windows of clock time aligned to UTC midnight. */
export declare const DEFAULT_QUOTA_WINDOW_SECONDS = 86400;
export declare function quotaProductOf(product: Product): QuotaProduct | undefined;
export interface QuotaStatus {
    product: QuotaProduct;
    used: number;
    quota: number;
    windowStart: number;
    windowEnd: number;
}
export declare class TestQuotas {
    private readonly clock;
    private readonly windowSeconds;
    private readonly perOrg;
    private readonly usage;
    private defaults;
    constructor(clock: Clock, defaults?: Partial<Record<QuotaProduct, number>>, windowSeconds?: number);
    setQuota(orgId: string, product: QuotaProduct, quota: number): void;
    quotaOf(orgId: string, product: QuotaProduct): number;
    status(orgId: string, product: QuotaProduct): QuotaStatus;
    /** Adds (or with a negative quantity, gives back) test usage in the current window. */
    add(orgId: string, product: QuotaProduct, quantity: number): QuotaStatus;
    /** Overwrites the local copy of the current window's usage with the shared store's (issue 17). */
    setUsed(orgId: string, product: QuotaProduct, windowStart: number, used: number): void;
    reset(): void;
    private window;
}
