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

/**
 * Stores an endpoint, numbered in the order of registration, and publishes it; with ARGV[4] = '1' only if
 * absent (the `--webhook-url` endpoint). KEYS: the org's hash, the org's order, the counter, the orgs set.
 * ARGV: id, json, org, if absent, channel, message. Returns 1 if stored.
 */
const ENDPOINT_PUT = `
if ARGV[4] == '1' then
  if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
else
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
end
if not redis.call('ZSCORE', KEYS[2], ARGV[1]) then redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[3]), ARGV[1]) end
redis.call('SADD', KEYS[4], ARGV[3])
redis.call('PUBLISH', ARGV[5], ARGV[6])
return 1`;

interface Scripts {
  svcWebhookEndpointPut(...args: string[]): Promise<number>;
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

  /** The org's endpoints in the order of registration (score: a counter across organizations). */
  private order(orgId: string): string {
    return this.store.key(`webhooks:${orgId}:endpoint-order`);
  }

  /** The organizations that have endpoints in Redis (what a reset and a load go through). */
  private get orgs(): string {
    return this.store.key('webhooks:endpoint-orgs');
  }

  private get seq(): string {
    return this.store.key('webhooks:endpoint-seq');
  }

  async open(): Promise<void> {
    defineOnce(this.redis, 'svcWebhookEndpointPut', 4, ENDPOINT_PUT);
    defineOnce(this.redis, 'svcWebhookDeleteEndpointKeys', 2, DELETE_ORG_KEYS);
    await this.load();
  }

  /** The endpoints in Redis become the local copy (at start, and after the subscriber reconnects). */
  private async load(): Promise<void> {
    const orgs = await this.redis.smembers(this.orgs);
    const lists = await Promise.all(orgs.map((org) => this.read(org)));
    this.local.clear();
    for (const list of lists) for (const endpoint of list) this.local.set(endpoint);
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  put(endpoint: WebhookEndpoint, ifAbsent: boolean): void {
    const { orgId, id } = endpoint;
    const message = this.store.message('webhooks.endpoint', endpoint);
    if (!ifAbsent) this.local.set(endpoint);
    const put = this.redis.svcWebhookEndpointPut(
      ...[this.hash(orgId), this.order(orgId), this.seq, this.orgs],
      ...[id, JSON.stringify(endpoint), orgId, ifAbsent ? '1' : '0', this.store.channel, message],
    );
    if (!ifAbsent) {
      this.store.track(put);
      return;
    }
    // The boot endpoint: every instance makes the same one; the first written wins (its created_at).
    this.store.track(
      put.then(async (stored) => {
        const json = stored ? JSON.stringify(endpoint) : await this.redis.hget(this.hash(orgId), id);
        if (json) this.local.set(JSON.parse(json) as WebhookEndpoint);
      }),
    );
  }

  /** The org's endpoints in the order of registration (one round trip: MULTI). */
  private async read(orgId: string): Promise<WebhookEndpoint[]> {
    const replies = await this.redis
      .multi()
      .zrange(this.order(orgId), 0, -1)
      .hgetall(this.hash(orgId))
      .exec();
    const ids = (replies?.[0]?.[1] ?? []) as string[];
    const all = (replies?.[1]?.[1] ?? {}) as Record<string, string>;
    return ids.filter((id) => all[id]).map((id) => JSON.parse(all[id]) as WebhookEndpoint);
  }

  async get(orgId: string, id: string): Promise<WebhookEndpoint | undefined> {
    const json = await this.store.run(() => this.redis.hget(this.hash(orgId), id));
    return json ? (JSON.parse(json) as WebhookEndpoint) : undefined;
  }

  list(orgId: string): WebhookEndpoint[] | Promise<WebhookEndpoint[]> {
    if (this.store.status() !== 'ok') return this.local.list(orgId);
    return this.store.run(() => this.read(orgId));
  }

  async delete(orgId: string, id: string): Promise<boolean> {
    const message = this.store.message('webhooks.endpoint.deleted', { orgId, id });
    const results = await this.store.run(() =>
      this.redis
        .multi()
        .hdel(this.hash(orgId), id)
        .zrem(this.order(orgId), id)
        .publish(this.store.channel, message)
        .exec(),
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
      this.redis.svcWebhookDeleteEndpointKeys(
        this.orgs,
        this.seq,
        this.store.key('webhooks:'),
        ':endpoints',
        ':endpoint-order',
      ),
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
