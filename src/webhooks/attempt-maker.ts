/**
 * Makes one attempt of a delivery: a slot, a fresh timestamp and signature, the fault hook, the request,
 * and the record to log. It keeps no deliveries: the deliveries state (memory or Redis) decides when an
 * attempt is due and which instance makes it, then hands it here.
 */
import type { Clock } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';
import {
  DEFAULT_ATTEMPT_TIMEOUT_MS,
  USER_AGENT,
  sendWithFetch,
  type AttemptOutcome,
  type AttemptPlan,
  type BeforeAttemptHook,
} from './attempt.js';
import type { WebhookEndpoint } from './endpoints.js';
import { HttpSender } from './http-sender.js';
import { Semaphore } from './semaphore.js';
import { SIGNATURE_HEADER, signPayload } from './signature.js';
import type { DeliveryAttempt, WebhookDelivery } from './types.js';

/**
 * Retry delays in clock time after each failed attempt: 10 s, 1 min, 5 min, 15 min, 30 min — 6 attempts
 * over 51 min 10 s. The spec leaves the schedule open.
 */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = Object.freeze([
  10_000, 60_000, 300_000, 900_000, 1_800_000,
]);
/**
 * When a new delivery's first attempt is due on its organization's clock (`now`): when its event happened
 * (decisions W4, "at once"), or now if that is later. An event dated earlier than now (a job completed at its due
 * time, an invoice at its period's end, CJ4) starts its schedule there, however long the emulator took to get to
 * it: a clock advanced again meanwhile then makes the retries it passes, as it does for a delivery already queued.
 */
export function firstAttemptDue(delivery: Pick<WebhookDelivery, 'createdAt'>, now: number): number {
  const at = Date.parse(delivery.createdAt);
  return Number.isNaN(at) ? now : Math.min(at, now);
}

/** Attempts in flight at once; more wait their turn so a burst of events cannot exhaust sockets. */
export const DEFAULT_MAX_CONCURRENT_ATTEMPTS = 64;
/** Attempts kept in each delivery's log (the newest). */
export const MAX_ATTEMPTS_LOGGED = 50;

export type SignatureTime = 'wall' | 'clock';

export interface AttemptMakerOptions {
  clock: Clock;
  /** Each organization's clock (core/clocks.ts): an attempt's times are its organization's; default `clock`. */
  clocks?: Pick<OrgClocks, 'for'>;
  fetchImpl?: typeof fetch;
  /** Wall-time limit for the receiver's 2xx (default 5000 ms, the spec's rule). */
  attemptTimeoutMs?: number;
  retryScheduleMs?: readonly number[];
  maxConcurrentAttempts?: number;
  /** The fault-injection seam; see AttemptPlan. */
  beforeAttempt?: BeforeAttemptHook;
  /** Told of every attempt this instance made, once logged (the request log). */
  onAttempt?: (delivery: WebhookDelivery, attempt: DeliveryAttempt) => void;
  /**
   * Where the signature's `t=` comes from: `wall` (default) is the wall clock of the attempt, what a
   * receiver compares with its own clock; `clock` is emulator time. The envelope's `createdAt` is always
   * emulator time.
   */
  signatureTime?: SignatureTime;
  /** The wall clock in milliseconds, injectable for tests. */
  wallNow?: () => number;
}

/** What one attempt produced: the record for the log, and whether it was the endpoint-deleted end. */
export interface AttemptResult {
  logged: DeliveryAttempt;
  ok: boolean;
  final: boolean;
  /** The beforeAttempt hook threw (logged as a failed attempt). */
  hookFailed: boolean;
}

export class AttemptMaker {
  readonly maxConcurrent: number;
  private readonly sender: HttpSender;
  private readonly timeoutMs: number;
  private readonly schedule: readonly number[];
  private slots: Semaphore;
  private cancel = new AbortController();
  private generation = 0;

  constructor(private readonly opts: AttemptMakerOptions) {
    this.timeoutMs = opts.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
    this.schedule = opts.retryScheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS;
    this.maxConcurrent = opts.maxConcurrentAttempts ?? DEFAULT_MAX_CONCURRENT_ATTEMPTS;
    this.slots = new Semaphore(this.maxConcurrent);
    this.sender = new HttpSender(this.maxConcurrent);
  }

  /** The clock delay before the retry after a failed attempt number `attempt`, or undefined after the last. */
  retryDelay(attempt: number): number | undefined {
    return attempt > this.schedule.length ? undefined : this.schedule[attempt - 1];
  }

  /** Tells the observer about an attempt this instance made, once it is logged. */
  attempted(delivery: WebhookDelivery, attempt: DeliveryAttempt): void {
    this.opts.onAttempt?.(delivery, attempt);
  }

  /**
   * One attempt of the delivery's series `series`, once a slot is free: `current` says whether it is still
   * wanted then, and `target` gives its number and endpoint as they are then. Undefined when it is not
   * wanted any more or abort() ran meanwhile (a reset: nothing to log).
   */
  async make(
    d: WebhookDelivery,
    body: string,
    series: number,
    current: () => boolean,
    target: () => { attempt: number; endpoint: WebhookEndpoint | undefined; dueAt?: number },
  ): Promise<AttemptResult | undefined> {
    const slots = this.slots;
    const generation = this.generation;
    await slots.acquire();
    try {
      if (generation !== this.generation || !current()) return undefined;
      const { attempt, endpoint, dueAt } = target();
      const result = await this.attemptOnce(d, body, attempt, series, endpoint, dueAt);
      return generation === this.generation ? result : undefined;
    } finally {
      slots.release();
    }
  }

  /** Ends the attempts in flight and those waiting for a slot (a reset, or the emulator closing). */
  abort(): void {
    this.generation++;
    this.cancel.abort();
    this.sender.abortAll();
    this.cancel = new AbortController();
    // Attempts of the old generation still hold slots of the old semaphore; start with a fresh one.
    this.slots = new Semaphore(this.maxConcurrent);
  }

  private async attemptOnce(
    d: WebhookDelivery,
    body: string,
    attempt: number,
    series: number,
    endpoint: WebhookEndpoint | undefined,
    dueAt?: number,
  ): Promise<AttemptResult> {
    const clock = this.opts.clocks?.for(d.orgId) ?? this.opts.clock;
    // Logged at the time it was due when the clock went past that meanwhile (advanced while attempts ran).
    const at = dueAt !== undefined && dueAt < clock.now() ? new Date(dueAt).toISOString() : clock.isoNow();
    const bare = { url: d.url, headers: {}, body };
    if (!endpoint) {
      const outcome = { ok: false, error: 'endpoint deleted; no further attempts', latencyMs: 0 };
      return {
        logged: loggedAttempt(at, bare, outcome, attempt, series),
        ok: false,
        final: true,
        hookFailed: false,
      };
    }
    try {
      const timestampSeconds =
        this.opts.signatureTime === 'clock'
          ? clock.nowSeconds()
          : Math.floor((this.opts.wallNow ?? Date.now)() / 1000);
      const plan: AttemptPlan = {
        delivery: d,
        attempt,
        secret: endpoint.secret,
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
      if (this.opts.beforeAttempt) await this.opts.beforeAttempt(plan);
      const cancel = this.cancel.signal;
      const fetchImpl = this.opts.fetchImpl;
      const send = (): Promise<AttemptOutcome> =>
        fetchImpl
          ? sendWithFetch(plan, fetchImpl, this.timeoutMs, cancel)
          : this.sender.send(plan, this.timeoutMs);
      const sends = Array.from({ length: Math.max(1, plan.copies) }, send);
      const [outcome] = await Promise.all(sends);
      return {
        logged: loggedAttempt(at, plan, outcome, attempt, series),
        ok: outcome.ok,
        final: false,
        hookFailed: false,
      };
    } catch (err) {
      // Only a throwing beforeAttempt hook lands here; log it as a failed attempt rather than lose it.
      const outcome = {
        ok: false,
        error: `beforeAttempt hook failed: ${err instanceof Error ? err.message : String(err)}`,
        latencyMs: 0,
      };
      return {
        logged: loggedAttempt(clock.isoNow(), bare, outcome, attempt, series),
        ok: false,
        final: false,
        hookFailed: true,
      };
    }
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
