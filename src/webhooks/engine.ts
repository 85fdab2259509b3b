import type { Clock } from '../core/clock.js';
import type { MaybePromise } from '../core/maybe.js';
import type { IdFactory, Random } from '../core/random.js';
import { AttemptMaker, type AttemptMakerOptions } from './attempt-maker.js';
import { EndpointStore } from './endpoints.js';
import { memoryWebhookState, type WebhookState } from './webhook-state.js';
import type { DeliveryFilter, WaitFilter, WebhookDelivery, WebhookEnvelope } from './types.js';

export interface WebhookEngineOptions extends AttemptMakerOptions {
  clock: Clock;
  ids: IdFactory;
  random: Random;
  /** Deliveries kept in the list (default 1000, newest); only without `state`. */
  logLimit?: number;
  /**
   * The state from createWebhookState (the composition root), which makes the attempts with the maker it was
   * built with; without it, memory state and a maker from these options.
   */
  state?: WebhookState;
  /** With a shared store: the seed the `--webhook-url` endpoint derives from (the same on every instance). */
  bootSeed?: string;
  /** Told of every event created (the request log and the journal). */
  onEvent?: (envelope: WebhookEnvelope, orgId: string) => void;
}

/** Webhook events: who is subscribed, one delivery per endpoint, and the deliveries' log, over the area's state. */
export class WebhookEngine {
  readonly endpoints: EndpointStore;
  private readonly state: WebhookState;

  constructor(private readonly opts: WebhookEngineOptions) {
    this.state =
      opts.state ??
      memoryWebhookState({ clock: opts.clock, attempts: new AttemptMaker(opts), logLimit: opts.logLimit });
    this.endpoints = new EndpointStore(
      this.state.endpoints,
      opts.clock,
      opts.ids,
      opts.random,
      opts.bootSeed,
    );
  }

  /**
   * Creates an event and one delivery per subscribed endpoint of the org, then returns: the first attempts
   * start on a later turn of the event loop, so the caller never waits on a receiver.
   */
  emit(
    orgId: string,
    event: string,
    data: Record<string, unknown>,
    /** `at`: when the event happened, if earlier than now (a job completed at its due time, CJ4). */
    options: { livemode: boolean; endpointId?: string; at?: string },
  ): { event: WebhookEnvelope; deliveryIds: string[] } {
    const envelope: WebhookEnvelope = {
      id: this.opts.ids.next('evt'),
      event,
      // The event's time is its organization's (its sandbox's clock when it has one).
      createdAt: options.at ?? (this.opts.clocks?.for(orgId) ?? this.opts.clock).isoNow(),
      data,
      livemode: options.livemode,
    };
    const body = JSON.stringify(envelope);
    this.opts.onEvent?.(envelope, orgId);
    const deliveryIds: string[] = [];
    const subscribers = this.endpoints.subscribers(orgId, event);
    // An endpoint's own registration ping goes to that endpoint only.
    const targets =
      options.endpointId === undefined ? subscribers : subscribers.filter((e) => e.id === options.endpointId);
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
      this.state.deliveries.add(delivery, body);
    }
    return { event: envelope, deliveryIds };
  }

  /** Throws 502 `upstream_error` while a shared store is away (an admin call that would emit). */
  assertWritable(): void {
    this.state.deliveries.assertWritable();
  }

  /** Starts a fresh series of attempts (same event id), cancelling a pending retry; undefined when unknown. */
  redeliver(deliveryId: string): MaybePromise<WebhookDelivery | undefined> {
    return this.state.deliveries.redeliver(deliveryId);
  }

  delivery(id: string): MaybePromise<WebhookDelivery | undefined> {
    return this.state.deliveries.get(id);
  }

  deliveries(filter?: DeliveryFilter & { limit?: number }): MaybePromise<WebhookDelivery[]> {
    return this.state.deliveries.list(filter);
  }

  waitFor(filter: WaitFilter, timeoutMs: number, signal?: AbortSignal): Promise<WebhookDelivery | undefined> {
    return this.state.deliveries.waitFor(filter, timeoutMs, signal);
  }

  /**
   * Forgets endpoints and deliveries, cancelling pending retries and attempts in flight. The emulator resets
   * its state units instead; this is for an engine built on its own (tests).
   */
  reset(): MaybePromise<void> {
    const endpoints = this.state.endpoints.reset();
    const deliveries = this.state.deliveries.reset();
    if (endpoints || deliveries) return Promise.all([endpoints, deliveries]).then(() => undefined);
  }

  /** Stops making attempts here (the emulator closes); the stored state is left as it is. */
  close(): void {
    this.state.deliveries.stop();
  }
}
