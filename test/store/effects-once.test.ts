/**
 * Issue 35, items 1 and 2, at the Redis scripts that apply effects: a write sent again (its first reply lost,
 * the outbox resending it) applies once for its key, and a reservation lapses with its owner's heartbeat. The
 * fault tests (test/chaos/) prove the same end to end; these pin each rule alone, so a change to a script that
 * breaks it fails here by name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charge, credits, entry } from '../../src/metering/billing-state.contract.js';
import { RedisBilling } from '../../src/metering/redis-billing.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { defineOnce } from '../../src/store/redis-scripts.js';
import { deliveryKeys, HASH_SUFFIX } from '../../src/webhooks/redis-delivery-codec.js';
import { WEBHOOK_ENQUEUE } from '../../src/webhooks/redis-scripts.js';
import { startRedis, type TestRedis } from '../support/redis.js';

let redis: TestRedis;
const stores: RedisStore[] = [];

beforeAll(async () => {
  redis = await startRedis();
}, 30_000);

afterAll(async () => {
  for (const store of stores) await store.close();
  await redis?.stop();
});

async function billing(id: string): Promise<{ store: RedisStore; state: RedisBilling }> {
  const store = new RedisStore(redis.url, id);
  stores.push(store);
  await store.open();
  const state = new RedisBilling(store);
  await state.open();
  return { store, state };
}

describe('effects applied once over Redis (issue 35)', () => {
  it('a charge sent twice for one ledger entry debits once, lists one entry, and both replies name the thresholds it claimed', async () => {
    const { state } = await billing('once-a');
    // 24 of 40 credits: past the 50 % threshold, short of 100 %.
    const request = charge(entry('org_once', { amount: 24, quantity: 24 }));
    const first = await state.charge(request);
    const again = await state.charge(request);
    expect(first.fired).toEqual([50]);
    expect(again.fired).toEqual([50]);
    expect(again.balance).toEqual(first.balance);
    expect((await state.balance('org_once', 40)).balance).toBe(16);
    expect(await state.entries({ orgId: 'org_once' })).toHaveLength(1);
    // Another entry still charges, and claims nothing the first one claimed.
    const next = await state.charge(charge(entry('org_once', { amount: 4, quantity: 4 })));
    expect(next.fired).toEqual([]);
    expect(next.balance.balance).toBe(12);
  });

  it("a reservation holds credits while its owner's heartbeat is seen, and nothing once its owner has left", async () => {
    const owner = await billing('lease-owner');
    const other = await billing('lease-other');
    const held = await owner.state.reserve(credits('org_lease', 30));
    expect(held.reservationId).toBeDefined();
    // Its owner is alive: 30 of 40 held, 20 more refused.
    expect(await other.state.reserve(credits('org_lease', 20))).toMatchObject({
      reservationId: undefined,
      held: 30,
    });
    // The owner leaves the registry (as a dead instance does once its heartbeat lapses): its hold lapses too.
    await owner.store.close();
    expect(await other.state.reserve(credits('org_lease', 20))).toMatchObject({ held: 0 });
  });

  it('a webhook event enqueued twice (its first reply lost) keeps the delivery as it stands, attempts and all', async () => {
    const store = new RedisStore(redis.url, 'once-hooks');
    stores.push(store);
    await store.open();
    const r = store.redis as RedisStore['redis'] & {
      svcOnceEnqueue: (...a: (string | number)[]) => Promise<number>;
    };
    defineOnce(r, 'svcOnceEnqueue', 6, WEBHOOK_ENQUEUE);
    const k = deliveryKeys(store);
    const due = store.key('webhooks:due:test');
    const enqueue = () =>
      r.svcOnceEnqueue(
        ...[k.hash('org_h'), k.order, k.seq, due, k.orgOf, k.orgs],
        ...['dlv_1', 'org_h', '{"id":"dlv_1"}', '{"id":"evt_1"}', 1000, 100, store.channel, '{}'],
        ...[k.prefix, HASH_SUFFIX],
      );
    expect(await enqueue()).toBe(1);
    // Its first attempt was claimed and delivered meanwhile.
    await store.redis.zrem(due, 'dlv_1|1');
    await store.redis.hset(k.hash('org_h'), 'state:dlv_1', '1|delivered|');
    expect(await enqueue()).toBe(0);
    expect(await store.redis.hget(k.hash('org_h'), 'state:dlv_1')).toBe('1|delivered|');
    expect(await store.redis.zcard(due)).toBe(0);
    expect(await store.redis.zcard(k.order)).toBe(1);
  });
});
