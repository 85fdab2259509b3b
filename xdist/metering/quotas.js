/**
 * Documented test-key quotas per organization per window (the spec says "tiny throttled quotas" and
 * leaves the values open): tts 5 000 characters, stt 300 audio seconds (batch and realtime together),
 * rag_search 200 queries, rag_upload 5 000 000 bytes. rag_storage has no test quota.
 */
export const defaultTestQuotas = Object.freeze({
    tts: 5_000,
    stt: 300,
    rag_search: 200,
    rag_upload: 5_000_000,
});
/** Quota windows are fixed one-day windows of clock time aligned to UTC midnight. */
export const DEFAULT_QUOTA_WINDOW_SECONDS = 86_400;
export function quotaProductOf(product) {
    if (product === 'stt_realtime')
        return 'stt';
    if (product === 'rag_storage')
        return undefined;
    return product;
}
export class TestQuotas {
    clock;
    windowSeconds;
    perOrg = new Map();
    usage = new Map();
    defaults;
    constructor(clock, defaults = {}, windowSeconds = DEFAULT_QUOTA_WINDOW_SECONDS) {
        this.clock = clock;
        this.windowSeconds = windowSeconds;
        this.defaults = { ...defaultTestQuotas, ...validQuotas(defaults) };
        if (!Number.isInteger(windowSeconds) || windowSeconds < 1) {
            throw new RangeError(`quota window must be an integer >= 1 second (got ${windowSeconds})`);
        }
    }
    setQuota(orgId, product, quota) {
        this.perOrg.set(orgId, { ...this.perOrg.get(orgId), ...validQuotas({ [product]: quota }) });
    }
    quotaOf(orgId, product) {
        return this.perOrg.get(orgId)?.[product] ?? this.defaults[product];
    }
    status(orgId, product) {
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
    add(orgId, product, quantity) {
        const w = this.window(orgId);
        w.used[product] = Math.max(0, w.used[product] + quantity);
        return this.status(orgId, product);
    }
    /** Overwrites the local copy of the current window's usage with the shared store's (issue 17). */
    setUsed(orgId, product, windowStart, used) {
        const w = this.window(orgId);
        if (w.windowStart === windowStart)
            w.used[product] = used;
    }
    reset() {
        this.perOrg.clear();
        this.usage.clear();
    }
    window(orgId) {
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
function validQuotas(q) {
    for (const [product, value] of Object.entries(q)) {
        if (!(product in defaultTestQuotas)) {
            throw new RangeError(`no test quota for '${product}' (known: ${Object.keys(defaultTestQuotas).join(', ')})`);
        }
        if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
            throw new RangeError(`test quota ${product} must be a finite number >= 0 (got ${String(value)})`);
        }
    }
    return q;
}
