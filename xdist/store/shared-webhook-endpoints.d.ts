import type { EndpointReplica, WebhookEndpoint } from '../webhooks/endpoints.js';
import type { WebhookEngine } from '../webhooks/engine.js';
import type { RedisStore, StoreMessage } from './redis-store.js';
export declare class SharedWebhookEndpoints implements EndpointReplica {
    private readonly store;
    private readonly engine;
    readonly key: string;
    constructor(store: RedisStore, engine: WebhookEngine);
    /** The endpoints in Redis become the local copy (at start, and after the subscriber reconnects). */
    load(): Promise<void>;
    /** An endpoint this instance has not heard of yet (registered a moment ago elsewhere), from Redis. */
    fetch(orgId: string, id: string): Promise<WebhookEndpoint | undefined>;
    assertWritable(): void;
    created(endpoint: WebhookEndpoint, ifAbsent: boolean): void;
    deleted(endpoint: WebhookEndpoint): void;
    bootIdentity(orgId: string, url: string): {
        id: string;
        secret: string;
    };
    /** Returns true when the message was about endpoints. */
    receive(m: StoreMessage): boolean;
}
