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
  /**
   * Every listed delivery's organization and place, oldest first (by place, then id): the list's order and its
   * limit span organizations.
   */
  private readonly order = new Map<string, { orgId: string; place: number }>();
  /** The highest place given: the next delivery's is one more. */
  private last = 0;
  /** The last in the list, to tell whether an insertion goes at its end. */
  private newest: { id: string; place: number } | undefined;
  private readonly waiters = new Set<Waiter>();

  constructor(private readonly limit = DEFAULT_DELIVERY_LOG_LIMIT) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`logLimit must be an integer >= 1 (got ${limit})`);
  }

  /** Adds a delivery at the end of the list; returns the one evicted to stay within the limit, if any. */
  add(delivery: WebhookDelivery): WebhookDelivery | undefined {
    return this.insert(delivery, ++this.last);
  }

  /**
   * Puts a delivery back at its place (a load, issue 25): the list stays ordered by place, then id, and new
   * deliveries are numbered after the highest place. Returns the one evicted to stay within the limit, if any.
   */
  insert(delivery: WebhookDelivery, place: number): WebhookDelivery | undefined {
    let org = this.orgs.get(delivery.orgId);
    if (!org) this.orgs.set(delivery.orgId, (org = new Map()));
    org.set(delivery.id, delivery);
    this.last = Math.max(this.last, place);
    const newest = this.newest;
    this.order.set(delivery.id, { orgId: delivery.orgId, place });
    if (newest && before({ id: delivery.id, place }, newest)) this.sortOrder();
    else this.newest = { id: delivery.id, place };
    let evicted: WebhookDelivery | undefined;
    if (this.order.size > this.limit) {
      const [oldest] = this.order.keys();
      evicted = this.item(oldest);
      this.remove(oldest);
    }
    this.changed(delivery);
    return evicted;
  }

  /** The list in place order again, after an insertion before its end (a load only). */
  private sortOrder(): void {
    const entries = [...this.order].sort(([a, x], [b, y]) =>
      before({ id: a, place: x.place }, { id: b, place: y.place }) ? -1 : 1,
    );
    this.order.clear();
    for (const [id, entry] of entries) this.order.set(id, entry);
    const [id, entry] = entries[entries.length - 1];
    this.newest = { id, place: entry.place };
  }

  private item(id: string): WebhookDelivery | undefined {
    const orgId = this.order.get(id)?.orgId;
    return orgId === undefined ? undefined : this.orgs.get(orgId)?.get(id);
  }

  private remove(id: string): void {
    const orgId = this.order.get(id)?.orgId;
    if (orgId === undefined) return;
    this.order.delete(id);
    if (this.newest?.id === id) this.newest = this.lastEntry();
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

  private lastEntry(): { id: string; place: number } | undefined {
    let newest: { id: string; place: number } | undefined;
    for (const [id, { place }] of this.order) newest = { id, place };
    return newest;
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

  /** The organization's listed deliveries by id, with their place in the list. */
  places(orgId: string): Map<string, number> {
    const places = new Map<string, number>();
    for (const id of this.orgs.get(orgId)?.keys() ?? []) {
      const entry = this.order.get(id);
      if (entry) places.set(id, entry.place);
    }
    return places;
  }

  /** Forgets the organization's deliveries; its waiters resolve with undefined. */
  dropOrg(orgId: string): void {
    for (const id of this.orgs.get(orgId)?.keys() ?? []) this.order.delete(id);
    this.orgs.delete(orgId);
    if (this.newest && !this.order.has(this.newest.id)) this.newest = this.lastEntry();
    wakeOrg(this.waiters, orgId);
  }

  /** Empties the list; pending waiters resolve with undefined. */
  clear(): void {
    this.orgs.clear();
    this.order.clear();
    this.last = 0;
    this.newest = undefined;
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

/** Whether a comes before b in the list: by place, then id (as Redis orders equal scores). */
function before(a: { id: string; place: number }, b: { id: string; place: number }): boolean {
  return a.place < b.place || (a.place === b.place && a.id < b.id);
}

export function snapshot(d: WebhookDelivery): WebhookDelivery {
  return { ...d, attempts: d.attempts.map((a) => ({ ...a })) };
}
