/**
 * The deliveries' state in this process: the delivery log, and each pending attempt as a timer on the clock
 * of the delivery's organization (so a frozen clock holds retries and advancing it makes them due).
 */
import type { ClockTimer } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';
import {
  MAX_ATTEMPTS_LOGGED,
  firstAttemptDue,
  type AttemptMaker,
  type AttemptResult,
} from './attempt-maker.js';
import {
  checkDeliveries,
  deliveriesExport,
  deliveryExport,
  importedDelivery,
  type WebhookDeliveriesExport,
  type WebhookDeliveriesState,
} from './deliveries-state.js';
import { DEFAULT_DELIVERY_LOG_LIMIT, DeliveryLog } from './delivery-log.js';
import type { MemoryEndpointsState } from './endpoints-state.js';
import type { DeliveryFilter, WaitFilter, WebhookDelivery } from './types.js';

interface Internal {
  delivery: WebhookDelivery;
  body: string;
  timer?: ClockTimer;
  /** When the attempt under way (or next) was due on its organization's clock: its retry counts from there. */
  dueAt: number;
}

export class MemoryDeliveriesState implements WebhookDeliveriesState {
  readonly name = 'webhook_deliveries';
  private readonly log: DeliveryLog;
  /** The deliveries listed or still retrying, with their bodies and timers. */
  private readonly internals = new Map<string, Internal>();
  /** Moved by a reset: a timer or an attempt of an earlier generation does nothing. */
  private generation = 0;

  readonly perOrg = {
    ids: () => new Set([...this.internals.values()].map((i) => i.delivery.orgId)),
    reset: (orgId: string) => this.resetOrg(orgId),
    export: (orgId: string) => this.exportOrg(orgId),
    import: (orgId: string, data: unknown) => this.importOrg(orgId, data as WebhookDeliveriesExport),
    check: (orgId: string, data: unknown) => checkDeliveries(orgId, data as WebhookDeliveriesExport),
  };

  constructor(
    private readonly clocks: Pick<OrgClocks, 'for'>,
    private readonly attempts: AttemptMaker,
    private readonly endpoints: Pick<MemoryEndpointsState, 'get'>,
    logLimit = DEFAULT_DELIVERY_LOG_LIMIT,
  ) {
    this.log = new DeliveryLog(logLimit);
  }

  assertWritable(): void {}

  add(delivery: WebhookDelivery, body: string): void {
    const dueAt = firstAttemptDue(delivery, this.clocks.for(delivery.orgId).now());
    this.internals.set(delivery.id, { delivery, body, dueAt });
    // The record of a delivery lives as long as it is listed or still retrying: without this, every delivery
    // ever made (body and attempts included) stayed in memory.
    const evicted = this.log.add(delivery);
    if (evicted && evicted.status !== 'pending') this.internals.delete(evicted.id);
    this.startSoon(delivery.id, 1);
  }

  get(id: string): WebhookDelivery | undefined {
    return this.log.get(id);
  }

  list(filter?: DeliveryFilter & { limit?: number }): WebhookDelivery[] {
    return this.log.list(filter);
  }

  waitFor(filter: WaitFilter, timeoutMs: number, signal?: AbortSignal): Promise<WebhookDelivery | undefined> {
    return this.log.waitFor(filter, timeoutMs, signal);
  }

  redeliver(id: string): WebhookDelivery | undefined {
    const internal = this.internals.get(id);
    // Only a listed delivery can be redelivered (one pushed out of the list still retrying cannot).
    if (!internal || !this.log.has(id)) return undefined;
    internal.timer?.cancel();
    internal.timer = undefined;
    const d = internal.delivery;
    internal.dueAt = this.clocks.for(d.orgId).now();
    d.series++;
    d.status = 'pending';
    delete d.nextAttemptAt;
    this.log.changed(d);
    this.startSoon(d.id, d.series);
    return this.log.get(d.id) ?? { ...d };
  }

  /** Cancels pending retries and attempts in flight, and forgets every delivery. */
  reset(): void {
    this.stop();
    this.internals.clear();
    this.log.clear();
  }

  /** Cancels the organization's pending retries and forgets its deliveries; an attempt in flight logs nothing. */
  private resetOrg(orgId: string): void {
    for (const [id, internal] of this.internals) {
      if (internal.delivery.orgId !== orgId) continue;
      internal.timer?.cancel();
      this.internals.delete(id);
    }
    this.log.dropOrg(orgId);
  }

  private exportOrg(orgId: string): WebhookDeliveriesExport | undefined {
    const places = this.log.places(orgId);
    return deliveriesExport(
      [...this.internals.values()]
        .filter((i) => i.delivery.orgId === orgId)
        .map(({ delivery, body }) => deliveryExport(delivery, body, places.get(delivery.id))),
    );
  }

  /**
   * Puts the organization's deliveries back as exported: the listed ones at their places in the list; their
   * retries wait for `resume` (nothing is scheduled by an import).
   */
  private importOrg(orgId: string, data: WebhookDeliveriesExport): void {
    for (const exported of data.deliveries) {
      const delivery = importedDelivery(orgId, exported);
      const at = delivery.nextAttemptAt;
      this.internals.set(delivery.id, {
        delivery,
        body: exported.body,
        dueAt: at ? Date.parse(at) : this.clocks.for(orgId).now(),
      });
      if (exported.place === undefined) continue;
      const evicted = this.log.insert(delivery, exported.place);
      if (evicted && evicted.status !== 'pending') this.internals.delete(evicted.id);
    }
  }

  /** After a load: each pending delivery of the organization retries at its time, or now when none is set. */
  resume(orgId: string): void {
    for (const internal of this.internals.values()) {
      const d = internal.delivery;
      if (d.orgId !== orgId || d.status !== 'pending' || internal.timer) continue;
      this.arm(internal, d.series);
      this.log.changed(d);
    }
  }

  stop(): void {
    this.generation++;
    this.attempts.abort();
    for (const i of this.internals.values()) i.timer?.cancel();
  }

  /** The attempt due at `internal.dueAt`: a timer on its organization's clock, or at once when due already. */
  private arm(internal: Internal, series: number): void {
    const d = internal.delivery;
    const clock = this.clocks.for(d.orgId);
    const dueAt = internal.dueAt;
    // Already due (a frozen clock would never fire a timer for now): at once.
    if (dueAt <= clock.now()) {
      delete d.nextAttemptAt;
      this.startSoon(d.id, series);
      return;
    }
    d.nextAttemptAt = new Date(dueAt).toISOString();
    const generation = this.generation;
    const retry = () => {
      internal.timer = undefined;
      delete d.nextAttemptAt;
      return this.runAttempt(d.id, series, generation);
    };
    internal.timer = clock.setTimeout(retry, dueAt - clock.now(), `webhook retry ${d.id}`);
  }

  private startSoon(deliveryId: string, series: number): void {
    const generation = this.generation;
    setImmediate(() => void this.runAttempt(deliveryId, series, generation));
  }

  private async runAttempt(deliveryId: string, series: number, generation: number): Promise<void> {
    const internal = this.internals.get(deliveryId);
    if (generation !== this.generation || !internal || internal.delivery.series !== series) return;
    const d = internal.delivery;
    // A reset of its organization forgets it (its record goes from internals).
    const kept = () => generation === this.generation && this.internals.get(deliveryId) === internal;
    // Checked again once a slot is free: a redelivery or a reset may come while it waits for one.
    const current = () => kept() && d.series === series;
    const result = await this.attempts.make(d, internal.body, series, current, () => ({
      attempt: d.attempts.filter((a) => a.series === series).length + 1,
      endpoint: this.endpoints.get(d.orgId, d.endpointId),
      dueAt: internal.dueAt,
    }));
    if (!result || !kept()) return;
    // A failing beforeAttempt hook is logged as a failed attempt, unless a redeliver() started a new series meanwhile.
    if (result.hookFailed && internal.delivery.series !== series) return;
    this.finish(internal, series, result);
  }

  private finish(internal: Internal, series: number, result: AttemptResult): void {
    const d = internal.delivery;
    const { logged, final } = result;
    d.attempts.push(logged);
    if (d.attempts.length > MAX_ATTEMPTS_LOGGED)
      d.attempts.splice(0, d.attempts.length - MAX_ATTEMPTS_LOGGED);
    // A redeliver() while this attempt was in flight started a new series: log, but leave the status to it.
    if (d.series === series) {
      const delay = result.ok || final ? undefined : this.attempts.retryDelay(logged.attempt);
      if (result.ok) {
        d.status = 'delivered';
      } else if (delay === undefined) {
        d.status = 'failed';
      } else {
        // Due `delay` after the attempt was due, not after it ended: a clock advanced by days while an
        // attempt was on the wire makes every retry of the schedule in turn, each at its own time.
        internal.dueAt += delay;
        this.arm(internal, series);
      }
      if (d.status !== 'pending') delete d.nextAttemptAt;
    }
    this.log.changed(d);
    this.attempts.attempted(d, logged);
    // Evicted from the list while retrying: now that it is settled, nothing can reach it any more.
    if (d.status !== 'pending' && !this.log.has(d.id)) this.internals.delete(d.id);
  }
}
