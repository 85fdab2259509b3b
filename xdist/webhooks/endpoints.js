import { newWebhookSecret } from './signature.js';
/** The kinds an endpoint may register (the spec's enum). */
export const REGISTRABLE_EVENTS = ['ping', 'job.completed', 'quota.threshold', 'invoice.finalized', 'key.compromised'];
/**
 * Subscription rule (the spec leaves it open): `job.completed` subscribes to both STT `job.completed` and
 * RAG `rag.job.completed` deliveries, because `rag.job.completed` cannot be registered yet the spec says
 * it is delivered. The envelope keeps the emitted kind, so receivers can tell them apart.
 */
export function subscriptionFor(event) {
    if (event === 'rag.job.completed')
        return 'job.completed';
    return REGISTRABLE_EVENTS.find((e) => e === event);
}
export function isSubscribed(endpoint, event) {
    const kind = subscriptionFor(event);
    return kind !== undefined && endpoint.events.includes(kind);
}
/** Endpoints per org. Input is already validated by the OpenAPI layer (url, events, no other fields). */
export class EndpointStore {
    clock;
    ids;
    random;
    byId = new Map();
    replica;
    constructor(clock, ids, random) {
        this.clock = clock;
        this.ids = ids;
        this.random = random;
    }
    /**
     * The `--webhook-url` endpoint at boot (and endpoints made in code). With a shared store its id and
     * secret are the same on every instance, and it is written only if absent, so N instances make one.
     */
    create(orgId, input) {
        const same = this.replica?.bootIdentity(orgId, input.url);
        const endpoint = this.build(orgId, input, same?.id ?? input.id, same?.secret);
        this.replica?.created(endpoint, true);
        return { ...endpoint, events: [...endpoint.events] };
    }
    /** An endpoint registered through the admin API: with a shared store, for every instance. */
    register(orgId, input) {
        this.replica?.assertWritable();
        const endpoint = this.build(orgId, input);
        this.replica?.created(endpoint, false);
        return { ...endpoint, events: [...endpoint.events] };
    }
    build(orgId, input, id, secret) {
        const endpoint = {
            id: id ?? this.ids.next('we'),
            orgId,
            url: input.url,
            events: [...new Set(input.events)],
            secret: secret ?? newWebhookSecret(this.random),
            createdAt: this.clock.isoNow(),
        };
        this.byId.set(endpoint.id, endpoint);
        return endpoint;
    }
    /** An endpoint another instance registered (or the stored one, at load): into the local copy. */
    applyRemote(endpoint) {
        this.byId.set(endpoint.id, endpoint);
    }
    removeRemote(id) {
        this.byId.delete(id);
    }
    /** The endpoint, only when it belongs to the org (data never crosses organizations). */
    get(orgId, id) {
        const e = this.byId.get(id);
        return e && e.orgId === orgId ? e : undefined;
    }
    list(orgId) {
        return [...this.byId.values()].filter((e) => e.orgId === orgId);
    }
    delete(orgId, id) {
        const endpoint = this.get(orgId, id);
        if (!endpoint)
            return false;
        this.replica?.assertWritable();
        this.replica?.deleted(endpoint);
        return this.byId.delete(id);
    }
    subscribers(orgId, event) {
        return this.list(orgId).filter((e) => isSubscribed(e, event));
    }
    reset() {
        this.byId.clear();
    }
}
