import type { DeliveryFilter, WaitFilter, WebhookDelivery } from './types.js';
export declare const DEFAULT_DELIVERY_LOG_LIMIT = 1000;
/**
 * The deliveries list: the newest `limit` deliveries (default 1000). An evicted delivery that is still
 * pending keeps retrying; it is only no longer listed. Waiters are woken on every change, no polling.
 */
export declare class DeliveryLog {
    private readonly limit;
    private readonly items;
    private readonly waiters;
    constructor(limit?: number);
    /** Adds a delivery; returns the one evicted to stay within the limit, if any. */
    add(delivery: WebhookDelivery): WebhookDelivery | undefined;
    /**
     * A delivery as the shared store has it now (another instance's attempt or redelivery): updates the
     * listed copy in place and wakes the waiters; adds it when it is new here. Returns the local copy.
     */
    put(delivery: WebhookDelivery): WebhookDelivery;
    has(id: string): boolean;
    get(id: string): WebhookDelivery | undefined;
    /** Newest first. */
    list(filter?: DeliveryFilter & {
        limit?: number;
    }): WebhookDelivery[];
    /** Wakes the waiters a delivery now satisfies. */
    changed(delivery: WebhookDelivery): void;
    /**
     * Resolves with the first delivery matching the filter (at once if one exists), or undefined after
     * `timeoutMs` of wall time: this bounds how long a long-poll request is held, which must end even when
     * the emulator clock is frozen. Rejects when `signal` aborts.
     */
    waitFor(filter: WaitFilter, timeoutMs: number, signal?: AbortSignal): Promise<WebhookDelivery | undefined>;
    /** Empties the list; pending waiters resolve with undefined. */
    clear(): void;
}
