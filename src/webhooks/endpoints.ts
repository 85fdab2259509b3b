import type { Clock } from '../core/clock.js';
import type { MaybePromise } from '../core/maybe.js';
import { IdFactory, Random } from '../core/random.js';
import type { Exhaustive, ListsEvery, RegistrableEvent } from '../contract/admin-types.js';
import type { WebhookEndpointsState } from './endpoints-state.js';
import { newWebhookSecret } from './signature.js';

/**
 * The kinds an endpoint may register (the spec's enum) and the kinds the service emits (`rag.job.completed`
 * is emitted but not registrable) are the document's, derived in contract/admin-types.ts.
 */
export type { RegistrableEvent, WebhookEventKind } from '../contract/admin-types.js';

/** The kinds an endpoint may register, as a list: the demo endpoint's, a sandbox endpoint's by default. */
export const REGISTRABLE_EVENTS = [
  'ping',
  'job.completed',
  'quota.threshold',
  'invoice.finalized',
  'key.compromised',
] as const satisfies readonly RegistrableEvent[];

/** REGISTRABLE_EVENTS names every registrable kind of the document (and `satisfies` keeps out any other). */
type _EveryRegistrableEvent = Exhaustive<ListsEvery<RegistrableEvent, typeof REGISTRABLE_EVENTS>>;

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

/**
 * Webhook endpoints: the rules of making one (id, secret, creation time) over the endpoints state, which
 * keeps them per organization. Input is already validated by the OpenAPI layer (url, events, no other fields).
 */
export class EndpointStore {
  constructor(
    private readonly state: WebhookEndpointsState,
    private readonly clock: Clock,
    private readonly ids: IdFactory,
    private readonly random: Random,
    /**
     * With a shared store: the seed the `--webhook-url` endpoint's id and secret derive from, so every
     * instance makes the same one (and it is stored only if absent). Undefined with the memory store.
     */
    private readonly bootSeed?: string,
  ) {}

  /** The `--webhook-url` endpoint at boot (and endpoints made in code). */
  create(
    orgId: string,
    input: { url: string; events: RegistrableEvent[]; id?: string; secret?: string },
  ): WebhookEndpoint {
    // An id and secret given (a sandbox's, derived from its seed) are the same on every instance already.
    const same =
      this.bootSeed === undefined || input.secret !== undefined
        ? undefined
        : bootIdentity(this.bootSeed, orgId, input.url);
    const endpoint = this.build(orgId, input, same?.id ?? input.id, same?.secret ?? input.secret);
    this.state.put(endpoint, true);
    return { ...endpoint, events: [...endpoint.events] };
  }

  /** An endpoint registered through the admin API. */
  register(orgId: string, input: { url: string; events: RegistrableEvent[] }): WebhookEndpoint {
    this.state.assertWritable();
    const endpoint = this.build(orgId, input);
    this.state.put(endpoint, false);
    return { ...endpoint, events: [...endpoint.events] };
  }

  private build(
    orgId: string,
    input: { url: string; events: RegistrableEvent[] },
    id?: string,
    secret?: string,
  ): WebhookEndpoint {
    return {
      id: id ?? this.ids.next('we'),
      orgId,
      url: input.url,
      events: [...new Set(input.events)],
      secret: secret ?? newWebhookSecret(this.random),
      createdAt: this.clock.isoNow(),
    };
  }

  /** The endpoint, only when it belongs to the org (data never crosses organizations). */
  get(orgId: string, id: string): MaybePromise<WebhookEndpoint | undefined> {
    return this.state.get(orgId, id);
  }

  list(orgId: string): MaybePromise<WebhookEndpoint[]> {
    return this.state.list(orgId);
  }

  /** False when the org has no such endpoint. */
  delete(orgId: string, id: string): MaybePromise<boolean> {
    return this.state.delete(orgId, id);
  }

  subscribers(orgId: string, event: string): WebhookEndpoint[] {
    return this.state.subscribers(orgId, event);
  }
}

/** The `--webhook-url` endpoint's id and secret with a shared store: from the seed alone, the same on every instance. */
function bootIdentity(seed: string, orgId: string, url: string): { id: string; secret: string } {
  const label = `${seed}/webhook-url/${orgId}/${url}`;
  return { id: new IdFactory(label).next('we'), secret: newWebhookSecret(new Random(label)) };
}
