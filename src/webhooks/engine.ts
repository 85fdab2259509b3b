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
import { EndpointStore, type WebhookEndpoint } from './endpoints.js';
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
export const MAX_ATTEMPTS_LOGGED = 50;

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

/**
 * Where deliveries go instead of this process's timers when a shared store keeps the queue
 * (src/webhooks/redis-deliveries.ts); undefined with the memory store.
 */
export interface DeliveryReplica {
  /** A new delivery, already in the local log: into the shared queue, its first attempt due now. */
  enqueue(delivery: WebhookDelivery, body: string): void;
  /** A fresh series of attempts, decided in the shared store; rejects with 404 or 502 as an ApiError. */
  redeliver(deliveryId: string): Promise<WebhookDelivery>;
  /** Throws 502 `upstream_error` while the shared store is away (an admin call that would emit). */
  assertWritable(): void;
}

/** What one attempt produced: the record for the log, and whether it was the endpoint-deleted end. */
export interface AttemptResult {
  logged: DeliveryAttempt;
  ok: boolean;
  final: boolean;
}

export class WebhookEngine {
  readonly endpoints: EndpointStore;
  /** The fault-injection seam; see AttemptPlan. */
  beforeAttempt: BeforeAttemptHook | undefined;
  /** Observers for the request log and the journal: every event created, every attempt logged. */
  onEvent: ((envelope: WebhookEnvelope, orgId: string) => void) | undefined;
  onAttempt: ((delivery: WebhookDelivery, attempt: DeliveryAttempt) => void) | undefined;
  /** Set with a shared store: the queue and the log live there (docs/scaling.md). */
  replica: DeliveryReplica | undefined;
  /** The local list of deliveries; with a shared store, a copy kept coherent by its events. */
  readonly log: DeliveryLog;
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

  /** The emulator clock: a shared queue schedules attempts on it too. */
  get clock(): Clock {
    return this.opts.clock;
  }

  /** The seed of this engine's ids and secrets. */
  get seed(): string {
    return this.opts.random.seed;
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
      deliveryIds.push(delivery.id);
      if (this.replica) {
        this.log.add(delivery);
        this.replica.enqueue(delivery, body);
        continue;
      }
      this.internals.set(delivery.id, { delivery, body });
      // The engine's own record of a delivery lives as long as it is listed or still retrying: without this,
      // every delivery ever made (body and attempts included) stayed in memory.
      const evicted = this.log.add(delivery);
      if (evicted && evicted.status !== 'pending') this.internals.delete(evicted.id);
      this.startSoon(delivery.id, 1);
    }
    return { event: envelope, deliveryIds };
  }

  /** Starts a fresh series of attempts (same event id), cancelling a pending retry. */
  redeliver(deliveryId: string): WebhookDelivery | Promise<WebhookDelivery> {
    if (this.replica) return this.replica.redeliver(deliveryId);
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
      const result = await this.attemptOnce(d, internal.body, attempt, series, this.endpoints.get(d.orgId, d.endpointId));
      if (generation !== this.generation) return;
      // A failing beforeAttempt hook is logged as a failed attempt, unless a redeliver() started a new series meanwhile.
      if (result.hookFailed && internal.delivery.series !== series) return;
      this.finish(internal, series, result);
    } finally {
      slots.release();
    }
  }

  /**
   * One attempt of a delivery with a shared queue: a slot, the pipeline, and the record to log; undefined
   * when a reset happened meanwhile (nothing to log).
   */
  async attemptShared(
    d: WebhookDelivery,
    body: string,
    attempt: number,
    endpoint: WebhookEndpoint | undefined,
  ): Promise<AttemptResult | undefined> {
    const slots = this.slots;
    const generation = this.generation;
    await slots.acquire();
    try {
      if (generation !== this.generation) return undefined;
      const result = await this.attemptOnce(d, body, attempt, d.series, endpoint);
      return generation === this.generation ? result : undefined;
    } finally {
      slots.release();
    }
  }

  /** The clock delay before the retry after a failed attempt number `attempt`, or undefined after the last. */
  retryDelay(attempt: number): number | undefined {
    return attempt > this.schedule.length ? undefined : this.schedule[attempt - 1];
  }

  /** Tells the observers (request log, journal) about an attempt this instance made. */
  attempted(delivery: WebhookDelivery, attempt: DeliveryAttempt): void {
    this.onAttempt?.(delivery, attempt);
  }

  private async attemptOnce(
    d: WebhookDelivery,
    body: string,
    attempt: number,
    series: number,
    endpoint: WebhookEndpoint | undefined,
  ): Promise<AttemptResult & { hookFailed: boolean }> {
    const at = this.opts.clock.isoNow();
    const bare = { url: d.url, headers: {}, body };
    if (!endpoint) {
      const outcome = { ok: false, error: 'endpoint deleted; no further attempts', latencyMs: 0 };
      return { logged: loggedAttempt(at, bare, outcome, attempt, series), ok: false, final: true, hookFailed: false };
    }
    try {
      const timestampSeconds =
        this.opts.signatureTime === 'clock' ? this.opts.clock.nowSeconds() : Math.floor((this.opts.wallNow ?? Date.now)() / 1000);
      const plan: AttemptPlan = {
        delivery: d,
        attempt,
        url: endpoint.url,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': USER_AGENT,
          [SIGNATURE_HEADER]: signPayload(endpoint.secret, body, timestampSeconds),
        },
        body,
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
      return { logged: loggedAttempt(at, plan, outcome, attempt, series), ok: outcome.ok, final: false, hookFailed: false };
    } catch (err) {
      // Only a throwing beforeAttempt hook lands here; log it as a failed attempt rather than lose it.
      const outcome = {
        ok: false,
        error: `beforeAttempt hook failed: ${err instanceof Error ? err.message : String(err)}`,
        latencyMs: 0,
      };
      const logged = loggedAttempt(this.opts.clock.isoNow(), bare, outcome, attempt, series);
      return { logged, ok: false, final: false, hookFailed: true };
    }
  }

  private finish(internal: Internal, series: number, result: AttemptResult): void {
    const d = internal.delivery;
    const { logged, final } = result;
    const attempt = logged.attempt;
    d.attempts.push(logged);
    if (d.attempts.length > MAX_ATTEMPTS_LOGGED)
      d.attempts.splice(0, d.attempts.length - MAX_ATTEMPTS_LOGGED);
    // A redeliver() while this attempt was in flight started a new series: log, but leave the status to it.
    if (d.series === series) {
      if (result.ok) {
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

function loggedAttempt(
  at: string,
  plan: Pick<AttemptPlan, 'url' | 'headers' | 'body'>,
  outcome: { ok: boolean; statusCode?: number; error?: string; latencyMs: number },
  attempt: number,
  series: number,
): DeliveryAttempt {
  return {
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
}
