/**
 * One contract, both implementations of OrgState (src/orgs/org-state.contract.ts): in memory, and over a real
 * Redis where each instance is its own RedisStore on the same URL.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryOrgState } from '../../src/orgs/memory-orgs.js';
import type { ApiKeyRecord, OrgState } from '../../src/orgs/org-state.js';
import { orgStateContract } from '../../src/orgs/org-state.contract.js';
import { RedisOrgState } from '../../src/orgs/redis-orgs.js';
import { RedisStore } from '../../src/store/redis-store.js';
import { startRedis, type TestRedis } from '../support/redis.js';
import { RedisInstances } from '../support/redis-instances.js';

describe('OrgState in memory', () => {
  orgStateContract(() => {
    // One process: every instance is the same state.
    const state = new MemoryOrgState();
    return {
      instance: async () => state,
      reset: async (s) => s.reset(),
      sync: async () => {},
      close: async () => {},
    };
  });
});

describe('OrgState in Redis', () => {
  let redis: TestRedis | undefined;
  orgStateContract(() => {
    const instances = new RedisInstances<OrgState>(
      async () => (redis ??= await startRedis()).url,
      (store) => new RedisOrgState(store),
    );
    return {
      instance: () => instances.open(),
      reset: (state) => instances.reset(state),
      sync: () => instances.sync(),
      close: async () => {
        await instances.close();
        await redis?.stop();
      },
    };
  });
});

describe('OrgState in Redis: what one organization leaves behind', () => {
  let redis: TestRedis;
  const stores: RedisStore[] = [];
  /** An instance: one skips the events sent under its own id, as if they never arrived. */
  async function instance(id: string): Promise<{ state: RedisOrgState; store: RedisStore }> {
    const store = new RedisStore(redis.url, id);
    stores.push(store);
    await store.open();
    const state = new RedisOrgState(store);
    await state.open();
    return { state, store };
  }
  const org = (id: string) => ({ id, name: id, ragEntitled: false, createdAt: '2030-01-01T00:00:00.000Z' });
  const key = (orgId: string, id: string): ApiKeyRecord => ({
    id,
    orgId,
    environment: 'test',
    scopes: ['tts:speak'],
    display: `sk_test_…${id}`,
    hash: createHash('sha256').update(id).digest(),
    name: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    revokedAt: null,
    revokedReason: null,
  });

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await redis?.stop();
  });

  it("removes the organization's hash and its keys' index entries, and refuses a write for it from an instance that has not heard yet", async () => {
    const { state: a, store } = await instance('inst_a');
    // Under the id a sends its removals from: b never hears of them.
    const { state: b } = await instance('inst_a/orgs');
    a.addOrg(org('org_gone'));
    a.addOrg(org('org_kept'));
    const [gone, kept] = [a.addKey(key('org_gone', 'key_gone')), a.addKey(key('org_kept', 'key_kept'))];
    await store.settled();
    // b reads them as one started now does (rather than wait for their events).
    await b.open();
    expect(b.getKey(gone.id)).toBeDefined();
    const hex = (k: ApiKeyRecord) => k.hash.toString('hex');
    const k = (name: string) => store.scopedKey(name);

    await a.perOrg.reset('org_gone');
    expect(await store.redis.exists(k('org:org_gone'))).toBe(0);
    expect(await store.redis.hget(k('keyhash'), hex(gone))).toBeNull();
    expect(await store.redis.hget(k('keyorg'), gone.id)).toBeNull();
    expect(await store.redis.zrange(k('orgs'), 0, -1)).toEqual(['org_kept']);
    expect(await store.redis.hget(k('keyhash'), hex(kept))).toBe(kept.id);

    // b still has org_gone at hand (the event never reaches it here): what it writes for it lands after
    // the removal, and is refused rather than leave a key without its organization.
    const late = b.addKey(key('org_gone', 'key_late'));
    b.revokeKey(gone.id, '2030-01-01T00:00:01.000Z', 'late');
    b.updateOrg('org_gone', { name: 'late' });
    await b.perOrg.ids();
    expect(await store.redis.exists(k('org:org_gone'))).toBe(0);
    expect(await store.redis.hget(k('keyhash'), hex(late))).toBeNull();
    expect(await store.redis.hget(k('keyorg'), late.id)).toBeNull();
    expect(await a.findKeyByHash(hex(late))).toBeUndefined();
    // When b reloads (its subscriber reconnected: the event may have been lost), the removal reaches it.
    await b.open();
    expect(b.getOrg('org_gone')).toBeUndefined();
    expect(await b.findKeyByHash(hex(gone))).toBeUndefined();
    expect(b.getOrg('org_kept')).toBeDefined();
    // And an organization made after it comes last, not in a gap the removal left.
    a.addOrg(org('org_a_new'));
    await store.settled();
    expect(await store.redis.zrange(k('orgs'), 0, -1)).toEqual(['org_kept', 'org_a_new']);
  });
});
