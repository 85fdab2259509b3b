import type { Clock } from '../core/clock.js';
import type { IdFactory, Random } from '../core/random.js';
import { type BeforeAttemptHook } from './attempt.js';
import { DeliveryLog } from './delivery-log.js';
import { EndpointStore, type WebhookEndpoint } from './endpoints.js';
import type { DeliveryAttempt, DeliveryFilter, WaitFilter, WebhookDelivery, WebhookEnvelope } from './types.js';
/**
 * Retry delays in clock time after each failed attempt: 10 s, 1 min, 5 min, 15 min, 30 min — 6 attempts
 * over 51 min 10 s. The spec leaves the schedule open.
 */
export declare const DEFAULT_RETRY_SCHEDULE_MS: readonly number[];
/** Attempts in flight at once; more wait their turn so a burst of events cannot exhaust sockets. */
export declare const DEFAULT_MAX_CONCURRENT_ATTEMPTS = 64;
/** Attempts kept in each delivery's log (the newest). */
export declare const MAX_ATTEMPTS_LOGGED = 50;
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
/**
 * Where deliveries go instead of this process's timers when a shared store keeps the queue
 * (src/store/shared-webhooks.ts); undefined with the memory store.
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
export declare class WebhookEngine {
    private readonly opts;
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
    private readonly internals;
    private readonly fetchImpl;
    private readonly sender;
    private readonly timeoutMs;
    private readonly schedule;
    private readonly maxConcurrent;
    private slots;
    private cancel;
    private generation;
    constructor(opts: WebhookEngineOptions);
    /** The emulator clock: a shared queue schedules attempts on it too. */
    get clock(): Clock;
    /** The seed of this engine's ids and secrets. */
    get seed(): string;
    /**
     * Creates an event and one delivery per subscribed endpoint of the org, then returns: the first attempts
     * start on a later turn of the event loop, so the caller never waits on a receiver.
     */
    emit(orgId: string, event: string, data: Record<string, unknown>, options: {
        livemode: boolean;
        endpointId?: string;
    }): {
        event: WebhookEnvelope;
        deliveryIds: string[];
    };
    /** Starts a fresh series of attempts (same event id), cancelling a pending retry. */
    redeliver(deliveryId: string): WebhookDelivery | Promise<WebhookDelivery>;
    delivery(id: string): WebhookDelivery | undefined;
    deliveries(filter?: DeliveryFilter & {
        limit?: number;
    }): WebhookDelivery[];
    waitFor(filter: WaitFilter, timeoutMs: number, signal?: AbortSignal): Promise<WebhookDelivery | undefined>;
    /** Cancels pending retries and in-flight attempts, and forgets endpoints and deliveries. */
    reset(): void;
    private startSoon;
    /** The attempt pipeline: slot → plan (fresh clock timestamp and signature) → hook → send → outcome. */
    private runAttempt;
    /**
     * One attempt of a delivery with a shared queue: a slot, the pipeline, and the record to log; undefined
     * when a reset happened meanwhile (nothing to log).
     */
    attemptShared(d: WebhookDelivery, body: string, attempt: number, endpoint: WebhookEndpoint | undefined): Promise<AttemptResult | undefined>;
    /** The clock delay before the retry after a failed attempt number `attempt`, or undefined after the last. */
    retryDelay(attempt: number): number | undefined;
    /** Tells the observers (request log, journal) about an attempt this instance made. */
    attempted(delivery: WebhookDelivery, attempt: DeliveryAttempt): void;
    private attemptOnce;
    private finish;
}
