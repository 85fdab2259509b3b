/**
 * Webhook endpoints in Redis: one hash per organization (`webhooks:{org}:endpoints`, id → JSON). A write is
 * in Redis, and published, before the admin call answers; reads through the admin API (list, get, delete)
 * ask Redis, so they see a write made through any instance. Only the lookup every event makes (its
 * subscribers) reads a local copy, kept by the published changes: an endpoint registered through another
 * instance gets events here once its message arrives (docs/scaling.md). While Redis is away, the admin
 * list answers from that copy.
 */
import type { Redis } from 'ioredis';
import type { RedisStore, StoreMessage } from '../store/redis-store.js';
import { defineOnce } from '../store/redis-scripts.js';
import type { WebhookEndpoint } from './endpoints.js';
import { EndpointsByOrg, type WebhookEndpointsState } from './endpoints-state.js';
import { DELETE_ORG_KEYS } from './redis-scripts.js';

/** Insert if absent and publish (the `--webhook-url` endpoint). KEYS: the org's hash, the orgs set. ARGV: id, json, org, channel, message. Returns 1 if inserted. */
const ENDPOINT_PUT_NEW = `
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
redis.call('SADD', KEYS[2], ARGV[3])
redis.call('PUBLISH', ARGV[4], ARGV[5])
return 1`;

interface Scripts {
  svcWebhookEndpointPutNew(
    hash: string,
    orgs: string,
    id: string,
    json: string,
    org: string,
    channel: string,
    message: string,
  ): Promise<number>;
  svcWebhookDeleteEndpointKeys(...args: string[]): Promise<number>;
}

export class RedisEndpointsState implements WebhookEndpointsState {
  readonly name = 'webhook-endpoints';
  /** What events look their subscribers up in; the admin API reads Redis. */
  private readonly local = new EndpointsByOrg();

  constructor(private readonly store: RedisStore) {
    store.onMessage((m) => this.receive(m));
    store.onResync(() => this.load());
  }

  private get redis(): Redis & Scripts {
    return this.store.redis as unknown as Redis & Scripts;
  }

  private hash(orgId: string): string {
    return this.store.key(`webhooks:${orgId}:endpoints`);
  }

  /** The organizations that have endpoints in Redis (what a reset and a load go through). */
  private get orgs(): string {
    return this.store.key('webhooks:endpoint-orgs');
  }

  async open(): Promise<void> {
    defineOnce(this.redis, 'svcWebhookEndpointPutNew', 2, ENDPOINT_PUT_NEW);
    defineOnce(this.redis, 'svcWebhookDeleteEndpointKeys', 1, DELETE_ORG_KEYS);
    await this.load();
  }

  /** The endpoints in Redis become the local copy (at start, and after the subscriber reconnects). */
  private async load(): Promise<void> {
    const orgs = await this.redis.smembers(this.orgs);
    const hashes = await Promise.all(orgs.map((org) => this.redis.hgetall(this.hash(org))));
    this.local.clear();
    for (const hash of hashes)
      for (const json of Object.values(hash)) this.local.set(JSON.parse(json) as WebhookEndpoint);
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  put(endpoint: WebhookEndpoint, ifAbsent: boolean): void {
    const json = JSON.stringify(endpoint);
    const hash = this.hash(endpoint.orgId);
    const message = this.store.message('webhooks.endpoint', endpoint);
    if (!ifAbsent) {
      this.local.set(endpoint);
      this.store.track(
        this.redis
          .multi()
          .hset(hash, endpoint.id, json)
          .sadd(this.orgs, endpoint.orgId)
          .publish(this.store.channel, message)
          .exec(),
      );
      return;
    }
    // The boot endpoint: every instance makes the same one; the first written wins (its created_at).
    const put = this.redis.svcWebhookEndpointPutNew(
      hash,
      this.orgs,
      endpoint.id,
      json,
      endpoint.orgId,
      this.store.channel,
      message,
    );
    this.store.track(
      put.then(async (inserted) => {
        const stored = inserted ? json : await this.redis.hget(hash, endpoint.id);
        if (stored) this.local.set(JSON.parse(stored) as WebhookEndpoint);
      }),
    );
  }

  async get(orgId: string, id: string): Promise<WebhookEndpoint | undefined> {
    const json = await this.store.run(() => this.redis.hget(this.hash(orgId), id));
    return json ? (JSON.parse(json) as WebhookEndpoint) : undefined;
  }

  list(orgId: string): WebhookEndpoint[] | Promise<WebhookEndpoint[]> {
    if (this.store.status() !== 'ok') return this.local.list(orgId);
    return this.store
      .run(() => this.redis.hvals(this.hash(orgId)))
      .then((values) => values.map((json) => JSON.parse(json) as WebhookEndpoint));
  }

  async delete(orgId: string, id: string): Promise<boolean> {
    const message = this.store.message('webhooks.endpoint.deleted', { orgId, id });
    const results = await this.store.run(() =>
      this.redis.multi().hdel(this.hash(orgId), id).publish(this.store.channel, message).exec(),
    );
    this.local.delete(orgId, id);
    return Number(results?.[0]?.[1]) === 1;
  }

  subscribers(orgId: string, event: string): WebhookEndpoint[] {
    return this.local.subscribers(orgId, event);
  }

  /** Every organization's endpoints, for every instance (the others drop theirs on the store's `reset` message). */
  async reset(): Promise<void> {
    await this.store.run(() =>
      this.redis.svcWebhookDeleteEndpointKeys(this.orgs, this.store.key('webhooks:'), ':endpoints'),
    );
    this.local.clear();
  }

  private receive(m: StoreMessage): void {
    if (m.type === 'webhooks.endpoint') this.local.set(m.data as WebhookEndpoint);
    else if (m.type === 'webhooks.endpoint.deleted') {
      const { orgId, id } = m.data as { orgId: string; id: string };
      this.local.delete(orgId, id);
    } else if (m.type === 'reset') this.local.clear();
  }
}
