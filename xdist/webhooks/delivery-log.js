export const DEFAULT_DELIVERY_LOG_LIMIT = 1000;
/**
 * The deliveries list: the newest `limit` deliveries (default 1000). An evicted delivery that is still
 * pending keeps retrying; it is only no longer listed. Waiters are woken on every change, no polling.
 */
export class DeliveryLog {
    limit;
    items = new Map();
    waiters = new Set();
    constructor(limit = DEFAULT_DELIVERY_LOG_LIMIT) {
        this.limit = limit;
        if (!Number.isInteger(limit) || limit < 1)
            throw new RangeError(`logLimit must be an integer >= 1 (got ${limit})`);
    }
    /** Adds a delivery; returns the one evicted to stay within the limit, if any. */
    add(delivery) {
        this.items.set(delivery.id, delivery);
        let evicted;
        if (this.items.size > this.limit) {
            const oldest = this.items.keys().next().value;
            if (oldest !== undefined) {
                evicted = this.items.get(oldest);
                this.items.delete(oldest);
            }
        }
        this.changed(delivery);
        return evicted;
    }
    /**
     * A delivery as the shared store has it now (another instance's attempt or redelivery): updates the
     * listed copy in place and wakes the waiters; adds it when it is new here. Returns the local copy.
     */
    put(delivery) {
        const local = this.items.get(delivery.id);
        if (!local) {
            this.add(delivery);
            return delivery;
        }
        local.status = delivery.status;
        local.series = delivery.series;
        local.attempts = delivery.attempts;
        if (delivery.nextAttemptAt === undefined)
            delete local.nextAttemptAt;
        else
            local.nextAttemptAt = delivery.nextAttemptAt;
        this.changed(local);
        return local;
    }
    has(id) {
        return this.items.has(id);
    }
    get(id) {
        const d = this.items.get(id);
        return d && snapshot(d);
    }
    /** Newest first. */
    list(filter = {}) {
        const out = [];
        const all = [...this.items.values()];
        for (let i = all.length - 1; i >= 0 && out.length < (filter.limit ?? this.limit); i--) {
            if (matches(all[i], filter))
                out.push(snapshot(all[i]));
        }
        return out;
    }
    /** Wakes the waiters a delivery now satisfies. */
    changed(delivery) {
        for (const w of this.waiters) {
            if (matches(delivery, w.filter))
                w.resolve(snapshot(delivery));
        }
    }
    /**
     * Resolves with the first delivery matching the filter (at once if one exists), or undefined after
     * `timeoutMs` of wall time: this bounds how long a long-poll request is held, which must end even when
     * the emulator clock is frozen. Rejects when `signal` aborts.
     */
    waitFor(filter, timeoutMs, signal) {
        const existing = filter.deliveryId !== undefined
            ? [this.items.get(filter.deliveryId)].find((d) => d && matches(d, filter))
            : [...this.items.values()].reverse().find((d) => matches(d, filter));
        if (existing)
            return Promise.resolve(snapshot(existing));
        return new Promise((resolve, reject) => {
            if (signal?.aborted) {
                reject(abortReason(signal));
                return;
            }
            const done = () => {
                this.waiters.delete(waiter);
                clearTimeout(timer);
                signal?.removeEventListener('abort', onAbort);
            };
            const waiter = {
                filter,
                resolve: (d) => {
                    done();
                    resolve(d);
                },
            };
            const onAbort = () => {
                done();
                reject(abortReason(signal));
            };
            const timer = setTimeout(() => waiter.resolve(undefined), timeoutMs);
            timer.unref();
            signal?.addEventListener('abort', onAbort, { once: true });
            this.waiters.add(waiter);
        });
    }
    /** Empties the list; pending waiters resolve with undefined. */
    clear() {
        this.items.clear();
        for (const w of [...this.waiters])
            w.resolve(undefined);
    }
}
function abortReason(signal) {
    return signal?.reason instanceof Error ? signal.reason : new Error('aborted');
}
function matches(d, f) {
    return ((f.deliveryId === undefined || d.id === f.deliveryId) &&
        (f.orgId === undefined || d.orgId === f.orgId) &&
        (f.event === undefined || d.event === f.event) &&
        (f.status === undefined || d.status === f.status) &&
        (f.endpointId === undefined || d.endpointId === f.endpointId) &&
        (f.eventId === undefined || d.eventId === f.eventId) &&
        (f.minAttempts === undefined || d.attempts.length >= f.minAttempts));
}
function snapshot(d) {
    return { ...d, attempts: d.attempts.map((a) => ({ ...a })) };
}
