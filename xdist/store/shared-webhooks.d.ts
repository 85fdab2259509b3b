import { type DeliveryReplica, type WebhookEngine } from '../webhooks/engine.js';
import type { WebhookDelivery } from '../webhooks/types.js';
import { type RedisStore } from './redis-store.js';
import { SharedWebhookEndpoints } from './shared-webhook-endpoints.js';
export declare class SharedWebhooks implements DeliveryReplica {
    private readonly store;
    private readonly engine;
    readonly endpoints: SharedWebhookEndpoints;
    /** Who holds a lease: the instance and its process, so a worker restarted under the same name loses the old ones. */
    private readonly holder;
    private wake;
    private wakeAt;
    private sweeper;
    /** Writes made while Redis was away (new deliveries, attempt outcomes), in order, flushed when it is back. */
    private outbox;
    private running;
    private claiming;
    private claimAgain;
    /** The last claim was full: more may be due, so a finished attempt claims again. */
    private backlog;
    constructor(store: RedisStore, engine: WebhookEngine);
    private get redis();
    private get k();
    /** The keys a reset deletes. */
    keyNames(): string[];
    /** At start and after the subscriber reconnects: endpoints and the listed deliveries into the local copies. */
    load(): Promise<void>;
    /** A reset made here: the shared keys are gone; forget the wake-up and what waited for Redis. */
    forget(): void;
    assertWritable(): void;
    enqueue(delivery: WebhookDelivery, body: string): void;
    redeliver(deliveryId: string): Promise<WebhookDelivery>;
    private claimSoon;
    /** Takes the due attempts this instance has room for, and makes them. */
    private claim;
    /** One claimed attempt: made here, then logged in Redis (or in the outbox until Redis is back). */
    private attempt;
    private finish;
    private endpointFor;
    /** A clock timer for the earliest attempt due in Redis, so advancing the clock makes the retries due. */
    private scheduleWake;
    private wakeFor;
    /** Every second: flush the outbox, take back the leases of vanished instances, claim what is due. */
    private sweep;
    private reclaim;
    /** The start of a `webhooks.delivery` message the scripts complete with the delivery's state and attempts. */
    private prefix;
    /** A delivery's new state and attempts into the local copy (unknown here: evicted from the list, ignored). */
    private apply;
    private receive;
    private receiveDelivery;
}
