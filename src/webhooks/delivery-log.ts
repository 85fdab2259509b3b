import type { DeliveryFilter, WaitFilter, WebhookDelivery } from './types.js';

export const DEFAULT_DELIVERY_LOG_LIMIT = 1000;

interface Waiter {
  filter: WaitFilter;
  resolve: (d: WebhookDelivery | undefined) => void;
}

/**
 * The deliveries list: the newest `limit` deliveries (default 1000). An evicted delivery that is still
 * pending keeps retrying; it is only no longer listed. Waiters are woken on every change, no polling.
 */
export class DeliveryLog {
  private readonly items = new Map<string, WebhookDelivery>();
  private readonly waiters = new Set<Waiter>();

  constructor(private readonly limit = DEFAULT_DELIVERY_LOG_LIMIT) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`logLimit must be an integer >= 1 (got ${limit})`);
  }

  /** Adds a delivery; returns the one evicted to stay within the limit, if any. */
  add(delivery: WebhookDelivery): WebhookDelivery | undefined {
    this.items.set(delivery.id, delivery);
    let evicted: WebhookDelivery | undefined;
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
  put(delivery: WebhookDelivery): WebhookDelivery {
    const local = this.items.get(delivery.id);
    if (!local) {
      this.add(delivery);
      return delivery;
    }
    local.status = delivery.status;
    local.series = delivery.series;
    local.attempts = delivery.attempts;
    if (delivery.nextAttemptAt === undefined) delete local.nextAttemptAt;
    else local.nextAttemptAt = delivery.nextAttemptAt;
    this.changed(local);
    return local;
  }

  has(id: string): boolean {
    return this.items.has(id);
  }

  get(id: string): WebhookDelivery | undefined {
    const d = this.items.get(id);
    return d && snapshot(d);
  }

  /** Newest first. */
  list(filter: DeliveryFilter & { limit?: number } = {}): WebhookDelivery[] {
    const out: WebhookDelivery[] = [];
    const all = [...this.items.values()];
    for (let i = all.length - 1; i >= 0 && out.length < (filter.limit ?? this.limit); i--) {
      if (matches(all[i], filter)) out.push(snapshot(all[i]));
    }
    return out;
  }

  /** Wakes the waiters a delivery now satisfies. */
  changed(delivery: WebhookDelivery): void {
    for (const w of this.waiters) {
      if (matches(delivery, w.filter)) w.resolve(snapshot(delivery));
    }
  }

  /**
   * Resolves with the first delivery matching the filter (at once if one exists), or undefined after
   * `timeoutMs` of wall time: this bounds how long a long-poll request is held, which must end even when
   * the emulator clock is frozen. Rejects when `signal` aborts.
   */
  waitFor(filter: WaitFilter, timeoutMs: number, signal?: AbortSignal): Promise<WebhookDelivery | undefined> {
    const existing =
      filter.deliveryId !== undefined
        ? [this.items.get(filter.deliveryId)].find((d) => d && matches(d, filter))
        : [...this.items.values()].reverse().find((d) => matches(d, filter));
    if (existing) return Promise.resolve(snapshot(existing));
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
      const waiter: Waiter = {
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
  clear(): void {
    this.items.clear();
    for (const w of [...this.waiters]) w.resolve(undefined);
  }
}

function abortReason(signal?: AbortSignal): Error {
  return signal?.reason instanceof Error ? signal.reason : new Error('aborted');
}

function matches(d: WebhookDelivery, f: WaitFilter): boolean {
  return (
    (f.deliveryId === undefined || d.id === f.deliveryId) &&
    (f.orgId === undefined || d.orgId === f.orgId) &&
    (f.event === undefined || d.event === f.event) &&
    (f.status === undefined || d.status === f.status) &&
    (f.endpointId === undefined || d.endpointId === f.endpointId) &&
    (f.eventId === undefined || d.eventId === f.eventId) &&
    (f.minAttempts === undefined || d.attempts.length >= f.minAttempts)
  );
}

function snapshot(d: WebhookDelivery): WebhookDelivery {
  return { ...d, attempts: d.attempts.map((a) => ({ ...a })) };
}
