import type { DeliveryFilter, WaitFilter, WebhookDelivery } from './types.js';

export const DEFAULT_DELIVERY_LOG_LIMIT = 1000;

export interface Waiter {
  filter: WaitFilter;
  resolve: (d: WebhookDelivery | undefined) => void;
}

/**
 * The deliveries list: the newest `limit` deliveries (default 1000), kept per organization. An evicted
 * delivery that is still pending keeps retrying; it is only no longer listed. Waiters are woken on every
 * change, no polling.
 */
export class DeliveryLog {
  private readonly orgs = new Map<string, Map<string, WebhookDelivery>>();
  /** Every listed delivery's organization, oldest first: the list's order and its limit span organizations. */
  private readonly order = new Map<string, string>();
  private readonly waiters = new Set<Waiter>();

  constructor(private readonly limit = DEFAULT_DELIVERY_LOG_LIMIT) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`logLimit must be an integer >= 1 (got ${limit})`);
  }

  /** Adds a delivery; returns the one evicted to stay within the limit, if any. */
  add(delivery: WebhookDelivery): WebhookDelivery | undefined {
    let org = this.orgs.get(delivery.orgId);
    if (!org) this.orgs.set(delivery.orgId, (org = new Map()));
    org.set(delivery.id, delivery);
    this.order.set(delivery.id, delivery.orgId);
    let evicted: WebhookDelivery | undefined;
    if (this.order.size > this.limit) {
      const [oldest] = this.order.keys();
      evicted = this.item(oldest);
      this.remove(oldest);
    }
    this.changed(delivery);
    return evicted;
  }

  private item(id: string): WebhookDelivery | undefined {
    const orgId = this.order.get(id);
    return orgId === undefined ? undefined : this.orgs.get(orgId)?.get(id);
  }

  private remove(id: string): void {
    const orgId = this.order.get(id);
    if (orgId === undefined) return;
    this.order.delete(id);
    const org = this.orgs.get(orgId);
    org?.delete(id);
    if (org?.size === 0) this.orgs.delete(orgId);
  }

  /** Newest first. */
  private *newestFirst(): Generator<WebhookDelivery> {
    const ids = [...this.order.keys()];
    for (let i = ids.length - 1; i >= 0; i--) {
      const d = this.item(ids[i]);
      if (d) yield d;
    }
  }

  has(id: string): boolean {
    return this.order.has(id);
  }

  get(id: string): WebhookDelivery | undefined {
    const d = this.item(id);
    return d && snapshot(d);
  }

  /** Newest first. */
  list(filter: DeliveryFilter & { limit?: number } = {}): WebhookDelivery[] {
    const out: WebhookDelivery[] = [];
    const limit = filter.limit ?? this.limit;
    for (const d of this.newestFirst()) {
      if (out.length >= limit) break;
      if (matches(d, filter)) out.push(snapshot(d));
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
        ? [this.item(filter.deliveryId)].find((d) => d && matches(d, filter))
        : [...this.newestFirst()].find((d) => matches(d, filter));
    if (existing) return Promise.resolve(snapshot(existing));
    return waitForChange(this.waiters, filter, timeoutMs, signal);
  }

  /** The organization's listed deliveries by id, with their place in the list (oldest first). */
  places(orgId: string): Map<string, number> {
    const places = new Map<string, number>();
    let place = 0;
    for (const [id, org] of this.order) {
      place++;
      if (org === orgId) places.set(id, place);
    }
    return places;
  }

  /** Forgets the organization's deliveries; its waiters resolve with undefined. */
  dropOrg(orgId: string): void {
    for (const id of this.orgs.get(orgId)?.keys() ?? []) this.order.delete(id);
    this.orgs.delete(orgId);
    wakeOrg(this.waiters, orgId);
  }

  /** Empties the list; pending waiters resolve with undefined. */
  clear(): void {
    this.orgs.clear();
    this.order.clear();
    wakeAll(this.waiters);
  }
}

/**
 * A waiter in `waiters` until a change matches it (the caller resolves it then), or undefined after
 * `timeoutMs` of wall time: this bounds how long a long-poll request is held, which must end even when the
 * emulator clock is frozen. Rejects when `signal` aborts.
 */
export function waitForChange(
  waiters: Set<Waiter>,
  filter: WaitFilter,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<WebhookDelivery | undefined> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const done = () => {
      waiters.delete(waiter);
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
    waiters.add(waiter);
  });
}

/** Resolves every waiter with undefined (a reset). */
export function wakeAll(waiters: Set<Waiter>): void {
  for (const w of [...waiters]) w.resolve(undefined);
}

/** Resolves the waiters for one organization's deliveries with undefined (its reset). */
export function wakeOrg(waiters: Set<Waiter>, orgId: string): void {
  for (const w of [...waiters]) if (w.filter.orgId === orgId) w.resolve(undefined);
}

function abortReason(signal?: AbortSignal): Error {
  return signal?.reason instanceof Error ? signal.reason : new Error('aborted');
}

export function matches(d: WebhookDelivery, f: WaitFilter): boolean {
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

export function snapshot(d: WebhookDelivery): WebhookDelivery {
  return { ...d, attempts: d.attempts.map((a) => ({ ...a })) };
}
