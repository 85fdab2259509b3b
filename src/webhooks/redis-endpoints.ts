/**
 * Webhook endpoints in Redis (issue 17), on the fault-rule model: an endpoint registered or deleted through
 * any instance is written and published before the admin call answers; each instance keeps its
 * EndpointStore as a local copy updated from the events, so an event finds its subscribers without a round
 * trip. The `--webhook-url` endpoint has the same id and secret on every instance (derived from the seed)
 * and is written only if absent, so N instances started with it register one endpoint.
 */
import { IdFactory, Random } from '../core/random.js';
import type { EndpointReplica, WebhookEndpoint } from './endpoints.js';
import type { WebhookEngine } from './engine.js';
import { newWebhookSecret } from './signature.js';
import type { RedisStore, StoreMessage } from '../store/redis-store.js';

export class SharedWebhookEndpoints implements EndpointReplica {
  readonly key: string;

  constructor(
    private readonly store: RedisStore,
    private readonly engine: WebhookEngine,
  ) {
    this.key = store.key('webhooks:endpoints');
  }

  /** The endpoints in Redis become the local copy (at start, and after the subscriber reconnects). */
  async load(): Promise<void> {
    const endpoints = await this.store.redis.hgetall(this.key);
    this.engine.endpoints.reset();
    for (const json of Object.values(endpoints)) this.engine.endpoints.applyRemote(JSON.parse(json) as WebhookEndpoint);
    this.engine.endpoints.replica = this;
  }

  /** An endpoint this instance has not heard of yet (registered a moment ago elsewhere), from Redis. */
  async fetch(orgId: string, id: string): Promise<WebhookEndpoint | undefined> {
    const json = await this.store.redis.hget(this.key, id);
    if (!json) return undefined;
    const endpoint = JSON.parse(json) as WebhookEndpoint;
    this.engine.endpoints.applyRemote(endpoint);
    return endpoint.orgId === orgId ? endpoint : undefined;
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  created(endpoint: WebhookEndpoint, ifAbsent: boolean): void {
    const json = JSON.stringify(endpoint);
    const { redis, channel } = this.store;
    const message = this.store.message('webhooks.endpoint', endpoint);
    if (!ifAbsent) {
      this.store.track(redis.multi().hset(this.key, endpoint.id, json).publish(channel, message).exec());
      return;
    }
    // The boot endpoint: every instance makes the same one; the first written wins (its created_at).
    const put = redis.svcPutNew(this.key, this.key, endpoint.id, json, '', channel, message);
    this.store.track(
      put.then(async (inserted) => {
        if (inserted) return;
        const stored = await redis.hget(this.key, endpoint.id);
        if (stored) this.engine.endpoints.applyRemote(JSON.parse(stored) as WebhookEndpoint);
      }),
    );
  }

  deleted(endpoint: WebhookEndpoint): void {
    const message = this.store.message('webhooks.endpoint.deleted', { id: endpoint.id });
    this.store.track(this.store.redis.multi().hdel(this.key, endpoint.id).publish(this.store.channel, message).exec());
  }

  bootIdentity(orgId: string, url: string): { id: string; secret: string } {
    // The engine's seed is `SEED@INSTANCE` with a shared store; the boot endpoint derives from SEED alone.
    const suffix = `@${this.store.instanceId}`;
    const seed = this.engine.seed.endsWith(suffix) ? this.engine.seed.slice(0, -suffix.length) : this.engine.seed;
    const label = `${seed}/webhook-url/${orgId}/${url}`;
    return { id: new IdFactory(label).next('we'), secret: newWebhookSecret(new Random(label)) };
  }

  /** Returns true when the message was about endpoints. */
  receive(m: StoreMessage): boolean {
    if (m.type === 'webhooks.endpoint') this.engine.endpoints.applyRemote(m.data as WebhookEndpoint);
    else if (m.type === 'webhooks.endpoint.deleted') this.engine.endpoints.removeRemote((m.data as { id: string }).id);
    else return false;
    return true;
  }
}
