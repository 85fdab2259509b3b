/**
 * Webhook endpoints in Redis: one hash per organization (`webhooks:org:{org}:endpoints`, id → JSON, and its
 * order of registration beside it). A write is in Redis, and published, before the admin call answers; reads
 * through the admin API (list, get, delete) ask Redis, so they see a write made through any instance. Only
 * the lookup every event makes (its subscribers) reads a local copy, kept by the published changes: an
 * endpoint registered through another instance gets events here once its message arrives
 * (docs/scaling.md). While Redis is away, the admin list answers from that copy.
 */
import type { Redis } from 'ioredis';
import { eventForAll, type RedisStore, type StoreMessage } from '../store/redis-store.js';
import { defineOnce } from '../store/redis-scripts.js';
import { OwnWrites } from '../store/own-writes.js';
import type { WebhookEndpoint } from './endpoints.js';
import {
  EndpointsByOrg,
  type WebhookEndpointsExport,
  type WebhookEndpointsState,
} from './endpoints-state.js';
import { DELETE_ORG_KEYS, ORGS_WITH_KEY } from './redis-scripts.js';
import type { ExportOptions } from '../store/state-unit.js';
import {
  checkEndpoints,
  endpointsExport,
  importedEndpoint,
  type EndpointsSection,
} from './endpoints-import.js';

/**
 * The next number of the endpoints (their order, and the resets of one organization: OwnWrites): the
 * counter, after the store's generation, so numbers keep growing across a whole reset, which deletes the
 * counter. KEYS[4]: the counter, KEYS[5]: the generation.
 */
const NEXT = `
local function next_number()
  return tonumber(redis.call('GET', KEYS[5]) or '0') * 4294967296 + redis.call('INCR', KEYS[4])
end`;

/**
 * Stores an endpoint, numbered in the order of registration, and publishes it; with ARGV[4] = '1' only if
 * absent (the `--webhook-url` endpoint). KEYS: the org's hash, the org's order, the orgs set, the counter,
 * the generation. ARGV: id, json, org, if absent, channel, message. Returns {1 if stored, its number}.
 */
const ENDPOINT_PUT = `${NEXT}
if ARGV[4] == '1' then
  if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then
    return {0, tonumber(redis.call('ZSCORE', KEYS[2], ARGV[1]) or '0')}
  end
else
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
end
local n = tonumber(redis.call('ZSCORE', KEYS[2], ARGV[1]) or '0')
if n == 0 then
  n = next_number()
  redis.call('ZADD', KEYS[2], n, ARGV[1])
end
redis.call('SADD', KEYS[3], ARGV[3])
redis.call('PUBLISH', ARGV[5], ARGV[6])
return {1, n}`;

/**
 * Drops one organization's endpoints, numbered like them (OwnWrites), and tells every instance. KEYS: the
 * org's hash, the org's order, the orgs set, the counter, the generation. ARGV: org, channel, the event up
 * to its number. Returns the number.
 */
const ENDPOINTS_CLEAR_ORG = `${NEXT}
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('SREM', KEYS[3], ARGV[1])
local n = next_number()
redis.call('PUBLISH', ARGV[2], ARGV[3] .. n .. '}}')
return n`;

interface Scripts {
  svcWebhookEndpointPut(...args: string[]): Promise<[stored: number, n: number]>;
  svcWebhookDeleteEndpointKeys(...args: string[]): Promise<number>;
  svcWebhookOrgsWith(orgs: string, prefix: string, suffix: string): Promise<string[]>;
  svcWebhookEndpointsClearOrg(...args: string[]): Promise<number>;
}

/** The event of one organization's reset, for every instance, the one it went through too. */
const ORG_RESET = 'webhooks.endpoints.org-reset';
const PREFIX = 'webhooks:org:';
const HASH_SUFFIX = ':endpoints';

export class RedisEndpointsState implements WebhookEndpointsState {
  readonly name = 'webhook_endpoints';
  /** What events look their subscribers up in; the admin API reads Redis. */
  private readonly local = new EndpointsByOrg();
  /** This instance's registrations, against the resets of their organization made through others. */
  private readonly own = new OwnWrites();

  readonly perOrg = {
    /** The organizations in the set that still have an endpoint (deleting the last one leaves the set as it is). */
    ids: () =>
      this.store.run(() => this.redis.svcWebhookOrgsWith(this.orgs, this.store.key(PREFIX), HASH_SUFFIX)),
    reset: (orgId: string) => this.resetOrg(orgId),
    export: async (orgId: string, options?: ExportOptions): Promise<WebhookEndpointsExport | undefined> =>
      endpointsExport(await this.store.run(() => this.read(orgId)), options),
    /** Each endpoint as a registration is written (numbered, published), all sent at once, in order. */
    import: async (orgId: string, data: unknown) => {
      for (const e of (data as EndpointsSection).endpoints)
        this.put(importedEndpoint(this.seed, orgId, e), false);
      await this.store.settled();
    },
    check: (orgId: string, data: unknown) => checkEndpoints(orgId, data as EndpointsSection),
  };

  /** `seed`: the emulator's, from which a load makes the secret of an endpoint loaded without one. */
  constructor(
    private readonly store: RedisStore,
    private readonly seed = '',
  ) {
    store.onMessage((m) => this.receive(m));
    store.onResync(() => this.load());
  }

  private get redis(): Redis & Scripts {
    return this.store.redis as unknown as Redis & Scripts;
  }

  private hash(orgId: string): string {
    return this.store.key(`${PREFIX}${orgId}${HASH_SUFFIX}`);
  }

  /** The org's endpoints in the order of registration (score: a counter across organizations). */
  private order(orgId: string): string {
    return this.store.key(`${PREFIX}${orgId}:endpoint-order`);
  }

  /** The organizations that have endpoints in Redis (what a reset and a load go through). */
  private get orgs(): string {
    return this.store.key('webhooks:endpoint-orgs');
  }

  /** Numbers the endpoints (their order) and the resets of one organization (NEXT). */
  private get seq(): string {
    return this.store.key('webhooks:endpoint-seq');
  }

  async open(): Promise<void> {
    defineOnce(this.redis, 'svcWebhookEndpointPut', 5, ENDPOINT_PUT);
    defineOnce(this.redis, 'svcWebhookDeleteEndpointKeys', 2, DELETE_ORG_KEYS);
    defineOnce(this.redis, 'svcWebhookOrgsWith', 1, ORGS_WITH_KEY);
    defineOnce(this.redis, 'svcWebhookEndpointsClearOrg', 5, ENDPOINTS_CLEAR_ORG);
    await this.load();
  }

  /** The endpoints in Redis become the local copy (at start, and after the subscriber reconnects). */
  private async load(): Promise<void> {
    const orgs = await this.redis.smembers(this.orgs);
    const lists = await Promise.all(orgs.map((org) => this.read(org)));
    this.local.clear();
    this.own.clear();
    for (const list of lists) for (const endpoint of list) this.local.set(endpoint);
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  put(endpoint: WebhookEndpoint, ifAbsent: boolean): void {
    const { orgId, id } = endpoint;
    const message = this.store.message('webhooks.endpoint', endpoint);
    if (!ifAbsent) {
      this.local.set(endpoint);
      this.own.sent(orgId, id);
    }
    const put = this.redis.svcWebhookEndpointPut(
      ...[this.hash(orgId), this.order(orgId), this.orgs, this.seq, this.store.generationKey],
      ...[id, JSON.stringify(endpoint), orgId, ifAbsent ? '1' : '0', this.store.channel, message],
    );
    if (!ifAbsent) {
      this.store.track(
        put.then(([, n]) => {
          if (!this.own.written(orgId, id, n)) this.local.delete(orgId, id);
        }),
      );
      return;
    }
    // The boot endpoint: every instance makes the same one; the first written wins (its created_at).
    this.store.track(
      put.then(async ([stored, n]) => {
        const json = stored ? JSON.stringify(endpoint) : await this.redis.hget(this.hash(orgId), id);
        this.own.sent(orgId, id);
        if (json && this.own.written(orgId, id, n)) this.local.set(JSON.parse(json) as WebhookEndpoint);
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
    this.own.forget(orgId, id);
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
        this.store.key(PREFIX),
        HASH_SUFFIX,
        ':endpoint-order',
      ),
    );
    this.local.clear();
    this.own.clear();
  }

  /**
   * One organization's endpoints, for every instance: deleted and the event published in one script. Its
   * event comes back here too, in the channel's order: the copy drops them there, where an endpoint
   * registered through another instance just before the reset has arrived, and one registered just after
   * has not. When the script's answer comes first, the copy drops them then as well (OwnWrites.heard).
   */
  private async resetOrg(orgId: string): Promise<void> {
    const event = eventForAll(ORG_RESET, { orgId, n: null });
    const n = await this.store.run(() =>
      this.redis.svcWebhookEndpointsClearOrg(
        ...[this.hash(orgId), this.order(orgId), this.orgs, this.seq, this.store.generationKey],
        ...[orgId, this.store.channel, event.slice(0, event.lastIndexOf('null'))],
      ),
    );
    if (!this.own.heard(orgId, n)) this.dropOrg(orgId, n);
  }

  /** The organization's endpoints at hand go, but for this instance's registrations made after the reset `n`. */
  private dropOrg(orgId: string, n: number): void {
    const stays = this.own.reset(orgId, n);
    for (const endpoint of this.local.list(orgId))
      if (!stays(endpoint.id)) this.local.delete(orgId, endpoint.id);
  }

  private receive(m: StoreMessage): void {
    if (m.type === 'webhooks.endpoint') this.local.set(m.data as WebhookEndpoint);
    else if (m.type === 'webhooks.endpoint.deleted') {
      const { orgId, id } = m.data as { orgId: string; id: string };
      this.local.delete(orgId, id);
    } else if (m.type === ORG_RESET) {
      const { orgId, n } = m.data as { orgId: string; n: number };
      this.dropOrg(orgId, n);
    } else if (m.type === 'reset') {
      this.local.clear();
      this.own.clear();
    }
  }
}
