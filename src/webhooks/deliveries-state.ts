/**
 * The webhook deliveries' state: the queue of attempts and the delivery log, as the webhooks area needs
 * them. The state decides when an attempt is due and which instance makes it, and hands it to the
 * AttemptMaker; memory-deliveries.ts keeps them on this process's clock timers, redis-deliveries.ts in a
 * queue in Redis that every instance claims from.
 */
import type { MaybePromise } from '../core/maybe.js';
import type { StateUnit } from '../store/state-unit.js';
import type { DeliveryFilter, WaitFilter, WebhookDelivery } from './types.js';

export interface WebhookDeliveriesState extends StateUnit {
  /** Throws 502 `upstream_error` while a shared store is away (an admin call that would emit or redeliver). */
  assertWritable(): void;
  /**
   * A new delivery: listed at once, its first attempt due now, made on a later turn of the event loop.
   * Never refused: with a shared store away, it waits in this instance until the store is back.
   */
  add(delivery: WebhookDelivery, body: string): void;
  get(id: string): MaybePromise<WebhookDelivery | undefined>;
  /** Newest first, at most `limit` (default: the log's limit). */
  list(filter?: DeliveryFilter & { limit?: number }): MaybePromise<WebhookDelivery[]>;
  /**
   * The first delivery matching the filter (at once if one exists), or undefined after `timeoutMs` of wall
   * time (a long-poll must end even when the emulator clock is frozen). Rejects when `signal` aborts.
   */
  waitFor(filter: WaitFilter, timeoutMs: number, signal?: AbortSignal): Promise<WebhookDelivery | undefined>;
  /** A fresh series of attempts (same event id), the first due now; undefined for an unknown delivery. */
  redeliver(id: string): MaybePromise<WebhookDelivery | undefined>;
  /** Stops making attempts here (the emulator closes); the stored state is left as it is. */
  stop(): void;
}
