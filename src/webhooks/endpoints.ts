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

/** Endpoints per org. Input is already validated by the OpenAPI layer (url, events, no other fields). */
export class EndpointStore {
  private readonly byId = new Map<string, WebhookEndpoint>();

  constructor(
    private readonly clock: Clock,
    private readonly ids: IdFactory,
    private readonly random: Random,
  ) {}

  create(orgId: string, input: { url: string; events: RegistrableEvent[]; id?: string }): WebhookEndpoint {
    const endpoint: WebhookEndpoint = {
      id: input.id ?? this.ids.next('we'),
      orgId,
      url: input.url,
      events: [...new Set(input.events)],
      secret: newWebhookSecret(this.random),
      createdAt: this.clock.isoNow(),
    };
    this.byId.set(endpoint.id, endpoint);
    return { ...endpoint, events: [...endpoint.events] };
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
    if (!this.get(orgId, id)) return false;
    return this.byId.delete(id);
  }

  subscribers(orgId: string, event: string): WebhookEndpoint[] {
    return this.list(orgId).filter((e) => isSubscribed(e, event));
  }

  reset(): void {
    this.byId.clear();
  }
}
