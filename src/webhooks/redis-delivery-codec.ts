/** The Redis keys of the webhook deliveries, and a delivery as its pieces in Redis (redis-scripts.ts has the layout). */
import type { Redis } from 'ioredis';
import type { RedisStore } from '../store/redis-store.js';
import type { DeliveryAttempt, WebhookDelivery } from './types.js';

export const HASH_SUFFIX = ':deliveries';

export type Base = Omit<WebhookDelivery, 'status' | 'series' | 'attempts' | 'nextAttemptAt' | 'envelope'>;
export type Logged = [state: string, attempts: string];

/** A change as published: the delivery without its envelope. */
export interface Change {
  id: string;
  state: string;
  base: Base;
  attempts: DeliveryAttempt[];
  /** A new delivery: the instance that emitted it makes its first attempt (the others' sweeps, if it dies). */
  created?: boolean;
}

export interface DeliveryScripts {
  svcWebhookEnqueue(...args: (string | number)[]): Promise<number>;
  svcWebhookClaim(...args: (string | number)[]): Promise<string[]>;
  svcWebhookFinish(...args: (string | number)[]): Promise<Logged | null>;
  svcWebhookRedeliver(...args: (string | number)[]): Promise<[string, string, string, string] | null>;
  svcWebhookRead(...args: (string | number)[]): Promise<string[]>;
  svcWebhookReclaim(...args: (string | number)[]): Promise<number>;
  svcWebhookDeleteDeliveryKeys(...args: string[]): Promise<number>;
  svcWebhookOrgsWith(orgs: string, prefix: string, suffix: string): Promise<string[]>;
  svcWebhookClearOrg(...args: string[]): Promise<number>;
  svcWebhookReadOrg(hash: string, order: string): Promise<[fields: string[], places: string[]]>;
}

export type DeliveryRedis = Redis & DeliveryScripts;

export function deliveryKeys(store: RedisStore) {
  const key = (name: string) => store.key(`webhooks:${name}`);
  return {
    orgOf: key('org-of'),
    order: key('order'),
    seq: key('seq'),
    due: key('due'),
    leases: key('leases'),
    orgs: key('delivery-orgs'),
    /** What a script puts before an organization to name its hash. */
    prefix: key('org:'),
    /** The organization's hash of deliveries. */
    hash: (orgId: string) => key(`org:${orgId}${HASH_SUFFIX}`),
  };
}

export type DeliveryKeys = ReturnType<typeof deliveryKeys>;

/** The base of a delivery: what never changes. */
export function baseOf(d: WebhookDelivery): Base {
  const { envelope: _e, status: _s, series: _n, attempts: _a, nextAttemptAt: _t, ...base } = d;
  return base;
}

/** The start of a `webhooks.delivery` message that the scripts complete with the change. */
export function messagePrefix(store: RedisStore): string {
  return store.messageHead('webhooks.delivery');
}

export function parseAttempts(lines: string): DeliveryAttempt[] {
  return lines ? lines.split('\n').map((line) => JSON.parse(line) as DeliveryAttempt) : [];
}

/** A delivery from its pieces in Redis. */
export function assemble(base: string, body: string, state: string, attempts: string): WebhookDelivery {
  const [series, status, nextAt] = state.split('|');
  return {
    ...(JSON.parse(base) as Base),
    status: status as WebhookDelivery['status'],
    series: Number(series),
    ...(nextAt ? { nextAttemptAt: nextAt } : {}),
    attempts: parseAttempts(attempts),
    envelope: JSON.parse(body) as WebhookDelivery['envelope'],
  };
}
