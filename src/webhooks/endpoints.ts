import type { Clock } from '../core/clock.js';
import type { IdFactory, Random } from '../core/random.js';
import { newWebhookSecret } from './signature.js';

/** The kinds an endpoint may register (the spec's enum). */
export const REGISTRABLE_EVENTS = ['ping', 'job.completed', 'quota.threshold', 'invoice.finalized', 'key.compromised'] as const;
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
export function subscriptionFor(event: string): RegistrableEvent | undefined {
  if (event === 'rag.job.completed') return 'job.completed';
  return REGISTRABLE_EVENTS.find((e) => e === event);
}

export function isSubscribed(endpoint: WebhookEndpoint, event: string): boolean {
  const kind = subscriptionFor(event);
  return kind !== undefined && endpoint.events.includes(kind);
}

/** The shared side of the endpoints with a shared store (src/webhooks/redis-deliveries.ts); undefined in memory. */
export interface EndpointReplica {
  /** Throws 502 `upstream_error` while the shared store is away, before anything changes. */
  assertWritable(): void;
  /** Written to the shared store and announced (`ifAbsent`: the boot endpoint, the same on every instance). */
  created(endpoint: WebhookEndpoint, ifAbsent: boolean): void;
  deleted(endpoint: WebhookEndpoint): void;
  /** The `--webhook-url` endpoint's id and secret, derived from the seed so every instance has the same one. */
  bootIdentity(orgId: string, url: string): { id: string; secret: string };
}

/** Endpoints per org. Input is already validated by the OpenAPI layer (url, events, no other fields). */
export class EndpointStore {
  private readonly byId = new Map<string, WebhookEndpoint>();
  replica: EndpointReplica | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly ids: IdFactory,
    private readonly random: Random,
  ) {}

  /**
   * The `--webhook-url` endpoint at boot (and endpoints made in code). With a shared store its id and
   * secret are the same on every instance, and it is written only if absent, so N instances make one.
   */
  create(orgId: string, input: { url: string; events: RegistrableEvent[]; id?: string }): WebhookEndpoint {
    const same = this.replica?.bootIdentity(orgId, input.url);
    const endpoint = this.build(orgId, input, same?.id ?? input.id, same?.secret);
    this.replica?.created(endpoint, true);
    return { ...endpoint, events: [...endpoint.events] };
  }

  /** An endpoint registered through the admin API: with a shared store, for every instance. */
  register(orgId: string, input: { url: string; events: RegistrableEvent[] }): WebhookEndpoint {
    this.replica?.assertWritable();
    const endpoint = this.build(orgId, input);
    this.replica?.created(endpoint, false);
    return { ...endpoint, events: [...endpoint.events] };
  }

  private build(
    orgId: string,
    input: { url: string; events: RegistrableEvent[] },
    id?: string,
    secret?: string,
  ): WebhookEndpoint {
    const endpoint: WebhookEndpoint = {
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
  applyRemote(endpoint: WebhookEndpoint): void {
    this.byId.set(endpoint.id, endpoint);
  }

  removeRemote(id: string): void {
    this.byId.delete(id);
  }

  /** The endpoint, only when it belongs to the org (data never crosses organizations). */
  get(orgId: string, id: string): WebhookEndpoint | undefined {
    const e = this.byId.get(id);
    return e && e.orgId === orgId ? e : undefined;
  }

  list(orgId: string): WebhookEndpoint[] {
    return [...this.byId.values()].filter((e) => e.orgId === orgId);
  }

  delete(orgId: string, id: string): boolean {
    const endpoint = this.get(orgId, id);
    if (!endpoint) return false;
    this.replica?.assertWritable();
    this.replica?.deleted(endpoint);
    return this.byId.delete(id);
  }

  subscribers(orgId: string, event: string): WebhookEndpoint[] {
    return this.list(orgId).filter((e) => isSubscribed(e, event));
  }

  reset(): void {
    this.byId.clear();
  }
}
