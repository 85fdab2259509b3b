import type { Clock } from '../core/clock.js';
import type { IdFactory, Random } from '../core/random.js';
/** The kinds an endpoint may register (the spec's enum). */
export declare const REGISTRABLE_EVENTS: readonly ["ping", "job.completed", "quota.threshold", "invoice.finalized", "key.compromised"];
export type RegistrableEvent = (typeof REGISTRABLE_EVENTS)[number];
/** The kinds the service emits; `rag.job.completed` is emitted but not registrable. */
export type WebhookEventKind = RegistrableEvent | 'rag.job.completed';
export interface WebhookEndpoint {
    id: string;
    orgId: string;
    url: string;
    events: RegistrableEvent[];
    secret: string;
    createdAt: string;
}
/**
 * Subscription rule (the spec leaves it open): `job.completed` subscribes to both STT `job.completed` and
 * RAG `rag.job.completed` deliveries, because `rag.job.completed` cannot be registered yet the spec says
 * it is delivered. The envelope keeps the emitted kind, so receivers can tell them apart.
 */
export declare function subscriptionFor(event: string): RegistrableEvent | undefined;
export declare function isSubscribed(endpoint: WebhookEndpoint, event: string): boolean;
/** The shared side of the endpoints with a shared store (src/store/shared-webhooks.ts); undefined in memory. */
export interface EndpointReplica {
    /** Throws 502 `upstream_error` while the shared store is away, before anything changes. */
    assertWritable(): void;
    /** Written to the shared store and announced (`ifAbsent`: the boot endpoint, the same on every instance). */
    created(endpoint: WebhookEndpoint, ifAbsent: boolean): void;
    deleted(endpoint: WebhookEndpoint): void;
    /** The `--webhook-url` endpoint's id and secret, derived from the seed so every instance has the same one. */
    bootIdentity(orgId: string, url: string): {
        id: string;
        secret: string;
    };
}
/** Endpoints per org. Input is already validated by the OpenAPI layer (url, events, no other fields). */
export declare class EndpointStore {
    private readonly clock;
    private readonly ids;
    private readonly random;
    private readonly byId;
    replica: EndpointReplica | undefined;
    constructor(clock: Clock, ids: IdFactory, random: Random);
    /**
     * The `--webhook-url` endpoint at boot (and endpoints made in code). With a shared store its id and
     * secret are the same on every instance, and it is written only if absent, so N instances make one.
     */
    create(orgId: string, input: {
        url: string;
        events: RegistrableEvent[];
        id?: string;
    }): WebhookEndpoint;
    /** An endpoint registered through the admin API: with a shared store, for every instance. */
    register(orgId: string, input: {
        url: string;
        events: RegistrableEvent[];
    }): WebhookEndpoint;
    private build;
    /** An endpoint another instance registered (or the stored one, at load): into the local copy. */
    applyRemote(endpoint: WebhookEndpoint): void;
    removeRemote(id: string): void;
    /** The endpoint, only when it belongs to the org (data never crosses organizations). */
    get(orgId: string, id: string): WebhookEndpoint | undefined;
    list(orgId: string): WebhookEndpoint[];
    delete(orgId: string, id: string): boolean;
    subscribers(orgId: string, event: string): WebhookEndpoint[];
    reset(): void;
}
