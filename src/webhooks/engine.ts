import type { Clock, ClockTimer } from '../core/clock.js';
import type { IdFactory, Random } from '../core/random.js';
import {
  DEFAULT_ATTEMPT_TIMEOUT_MS,
  USER_AGENT,
  sendWithFetch,
  type AttemptOutcome,
  type AttemptPlan,
  type BeforeAttemptHook,
} from './attempt.js';
import { DEFAULT_DELIVERY_LOG_LIMIT, DeliveryLog } from './delivery-log.js';
import { EndpointStore } from './endpoints.js';
import { HttpSender } from './http-sender.js';
import { Semaphore } from './semaphore.js';
import { SIGNATURE_HEADER, signPayload } from './signature.js';
import type { DeliveryAttempt, DeliveryFilter, WaitFilter, WebhookDelivery, WebhookEnvelope } from './types.js';

/**
 * Retry delays in clock time after each failed attempt: 10 s, 1 min, 5 min, 15 min, 30 min — 6 attempts
 * over 51 min 10 s. The spec leaves the schedule open.
 */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = Object.freeze([
  10_000, 60_000, 300_000, 900_000, 1_800_000,
]);
/** Attempts in flight at once; more wait their turn so a burst of events cannot exhaust sockets. */
export const DEFAULT_MAX_CONCURRENT_ATTEMPTS = 64;
/** Attempts kept in each delivery's log (the newest). */
const MAX_ATTEMPTS_LOGGED = 50;

export interface WebhookEngineOptions {
  clock: Clock;
  ids: IdFactory;
  random: Random;
  fetchImpl?: typeof fetch;
  /** Deliveries kept in the list (default 1000, newest). */
  logLimit?: number;
  /** Wall-time limit for the receiver's 2xx (default 5000 ms, the spec's rule). */
  attemptTimeoutMs?: number;
  retryScheduleMs?: readonly number[];
  maxConcurrentAttempts?: number;
  beforeAttempt?: BeforeAttemptHook;
  /**
   * Where the signature's `t=` comes from: `wall` (default) is the wall clock of the attempt, what a
   * receiver compares with its own clock; `clock` is emulator time. The envelope's `createdAt` is always
   * emulator time.
   */
  signatureTime?: SignatureTime;
  /** The wall clock in milliseconds, injectable for tests. */
  wallNow?: () => number;
}

export type SignatureTime = 'wall' | 'clock';

interface Internal {
  delivery: WebhookDelivery;
  body: string;
  timer?: ClockTimer;
}

export class WebhookEngine {
  readonly endpoints: EndpointStore;
  /** The fault-injection seam; see AttemptPlan. */
  beforeAttempt: BeforeAttemptHook | undefined;
  /** Observers for the request log and the journal: every event created, every attempt logged. */
  onEvent: ((envelope: WebhookEnvelope, orgId: string) => void) | undefined;
  onAttempt: ((delivery: WebhookDelivery, attempt: DeliveryAttempt) => void) | undefined;
  private readonly log: DeliveryLog;
  private readonly internals = new Map<string, Internal>();
  private readonly fetchImpl: typeof fetch | undefined;
  private readonly sender: HttpSender;
  private readonly timeoutMs: number;
  private readonly schedule: readonly number[];
  private readonly maxConcurrent: number;
  private slots: Semaphore;
  private cancel = new AbortController();
  private generation = 0;

  constructor(private readonly opts: WebhookEngineOptions) {
    this.endpoints = new EndpointStore(opts.clock, opts.ids, opts.random);
    this.log = new DeliveryLog(opts.logLimit ?? DEFAULT_DELIVERY_LOG_LIMIT);
    this.fetchImpl = opts.fetchImpl;
    this.timeoutMs = opts.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
    this.schedule = opts.retryScheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS;
    this.maxConcurrent = opts.maxConcurrentAttempts ?? DEFAULT_MAX_CONCURRENT_ATTEMPTS;
    this.beforeAttempt = opts.beforeAttempt;
    this.slots = new Semaphore(this.maxConcurrent);
    this.sender = new HttpSender(this.maxConcurrent);
  }

  /**
   * Creates an event and one delivery per subscribed endpoint of the org, then returns: the first attempts
   * start on a later turn of the event loop, so the caller never waits on a receiver.
   */
  emit(
    orgId: string,
    event: string,
    data: Record<string, unknown>,
    options: { livemode: boolean; endpointId?: string },
  ): { event: WebhookEnvelope; deliveryIds: string[] } {
    const envelope: WebhookEnvelope = {
      id: this.opts.ids.next('evt'),
      event,
      createdAt: this.opts.clock.isoNow(),
      data,
      livemode: options.livemode,
    };
    const body = JSON.stringify(envelope);
    this.onEvent?.(envelope, orgId);
    const deliveryIds: string[] = [];
    const subscribers = this.endpoints.subscribers(orgId, event);
    // An endpoint's own registration ping goes to that endpoint only.
    const targets = options.endpointId === undefined ? subscribers : subscribers.filter((e) => e.id === options.endpointId);
    for (const endpoint of targets) {
      const delivery: WebhookDelivery = {
        id: this.opts.ids.next('whd'),
        orgId,
        endpointId: endpoint.id,
        url: endpoint.url,
        eventId: envelope.id,
        event,
        livemode: options.livemode,
        status: 'pending',
        createdAt: envelope.createdAt,
        series: 1,
        attempts: [],
        envelope,
      };
      this.internals.set(delivery.id, { delivery, body });
      // The engine's own record of a delivery lives as long as it is listed or still retrying: without this,
      // every delivery ever made (body and attempts included) stayed in memory.
      const evicted = this.log.add(delivery);
      if (evicted && evicted.status !== 'pending') this.internals.delete(evicted.id);
      deliveryIds.push(delivery.id);
      this.startSoon(delivery.id, 1);
    }
    return { event: envelope, deliveryIds };
  }

  /** Starts a fresh series of attempts (same event id), cancelling a pending retry. */
  redeliver(deliveryId: string): WebhookDelivery {
    const internal = this.internals.get(deliveryId);
    if (!internal) throw new RangeError(`no webhook delivery '${deliveryId}'`);
    internal.timer?.cancel();
    internal.timer = undefined;
    const d = internal.delivery;
    d.series++;
    d.status = 'pending';
    delete d.nextAttemptAt;
    this.log.changed(d);
    this.startSoon(d.id, d.series);
    return this.log.get(d.id) ?? { ...d };
  }

  delivery(id: string): WebhookDelivery | undefined {
    return this.log.get(id);
  }

  deliveries(filter?: DeliveryFilter & { limit?: number }): WebhookDelivery[] {
    return this.log.list(filter);
  }

  waitFor(filter: WaitFilter, timeoutMs: number, signal?: AbortSignal): Promise<WebhookDelivery | undefined> {
    return this.log.waitFor(filter, timeoutMs, signal);
  }

  /** Cancels pending retries and in-flight attempts, and forgets endpoints and deliveries. */
  reset(): void {
    this.generation++;
    this.cancel.abort();
    this.sender.abortAll();
    this.cancel = new AbortController();
    for (const i of this.internals.values()) i.timer?.cancel();
    this.internals.clear();
    // Attempts of the old generation still hold slots of the old semaphore; start with a fresh one.
    this.slots = new Semaphore(this.maxConcurrent);
    this.endpoints.reset();
    this.log.clear();
  }

  private startSoon(deliveryId: string, series: number): void {
    const generation = this.generation;
    setImmediate(() => void this.runAttempt(deliveryId, series, generation));
  }

  /** The attempt pipeline: slot → plan (fresh clock timestamp and signature) → hook → send → outcome. */
  private async runAttempt(deliveryId: string, series: number, generation: number): Promise<void> {
    const slots = this.slots;
    await slots.acquire();
    try {
      const internal = this.internals.get(deliveryId);
      if (generation !== this.generation || !internal || internal.delivery.series !== series) return;
      const d = internal.delivery;
      const attempt = d.attempts.filter((a) => a.series === series).length + 1;
      const endpoint = this.endpoints.get(d.orgId, d.endpointId);
      const at = this.opts.clock.isoNow();
      if (!endpoint) {
        this.finish(
          internal,
          series,
          attempt,
          at,
          { url: d.url, headers: {}, body: internal.body },
          {
            ok: false,
            error: 'endpoint deleted; no further attempts',
            latencyMs: 0,
          },
          true,
        );
        return;
      }
      const timestampSeconds =
        this.opts.signatureTime === 'clock' ? this.opts.clock.nowSeconds() : Math.floor((this.opts.wallNow ?? Date.now)() / 1000);
      const plan: AttemptPlan = {
        delivery: d,
        attempt,
        url: endpoint.url,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': USER_AGENT,
          [SIGNATURE_HEADER]: signPayload(endpoint.secret, internal.body, timestampSeconds),
        },
        body: internal.body,
        timestampSeconds,
        copies: 1,
      };
      if (this.beforeAttempt) await this.beforeAttempt(plan);
      const cancel = this.cancel.signal;
      const send = (): Promise<AttemptOutcome> =>
        this.fetchImpl
          ? sendWithFetch(plan, this.fetchImpl, this.timeoutMs, cancel)
          : this.sender.send(plan, this.timeoutMs);
      const sends = Array.from({ length: Math.max(1, plan.copies) }, send);
      const [outcome] = await Promise.all(sends);
      if (generation !== this.generation) return;
      this.finish(internal, series, attempt, at, plan, outcome, false);
    } catch (err) {
      // Only a throwing beforeAttempt hook lands here; log it as a failed attempt rather than lose it.
      const internal = this.internals.get(deliveryId);
      if (internal && generation === this.generation && internal.delivery.series === series) {
        const attempt = internal.delivery.attempts.filter((a) => a.series === series).length + 1;
        this.finish(
          internal,
          series,
          attempt,
          this.opts.clock.isoNow(),
          { url: internal.delivery.url, headers: {}, body: internal.body },
          {
            ok: false,
            error: `beforeAttempt hook failed: ${err instanceof Error ? err.message : String(err)}`,
            latencyMs: 0,
          },
          false,
        );
      }
    } finally {
      slots.release();
    }
  }

  private finish(
    internal: Internal,
    series: number,
    attempt: number,
    at: string,
    plan: Pick<AttemptPlan, 'url' | 'headers' | 'body'>,
    outcome: { ok: boolean; statusCode?: number; error?: string; latencyMs: number },
    final: boolean,
  ): void {
    const d = internal.delivery;
    const logged: DeliveryAttempt = {
      at,
      url: plan.url,
      ...(outcome.statusCode !== undefined ? { statusCode: outcome.statusCode } : {}),
      ...(outcome.error !== undefined ? { error: outcome.error } : {}),
      latencyMs: outcome.latencyMs,
      signatureHeader: plan.headers[SIGNATURE_HEADER] ?? '',
      requestBody: plan.body,
      attempt,
      series,
    };
    d.attempts.push(logged);
    if (d.attempts.length > MAX_ATTEMPTS_LOGGED)
      d.attempts.splice(0, d.attempts.length - MAX_ATTEMPTS_LOGGED);
    // A redeliver() while this attempt was in flight started a new series: log, but leave the status to it.
    if (d.series === series) {
      if (outcome.ok) {
        d.status = 'delivered';
      } else if (final || attempt > this.schedule.length) {
        d.status = 'failed';
      } else {
        const delay = this.schedule[attempt - 1];
        d.nextAttemptAt = new Date(this.opts.clock.now() + delay).toISOString();
        const generation = this.generation;
        internal.timer = this.opts.clock.setTimeout(
          () => {
            internal.timer = undefined;
            delete d.nextAttemptAt;
            return this.runAttempt(d.id, series, generation);
          },
          delay,
          `webhook retry ${d.id}`,
        );
      }
      if (d.status !== 'pending') delete d.nextAttemptAt;
    }
    this.log.changed(d);
    this.onAttempt?.(d, logged);
    // Evicted from the list while retrying: now that it is settled, nothing can reach it any more.
    if (d.status !== 'pending' && !this.log.has(d.id)) this.internals.delete(d.id);
  }
}
