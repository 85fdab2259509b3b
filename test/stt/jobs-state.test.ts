/**
 * The STT jobs' state (src/stt/jobs-state.ts): the contract run against the memory implementation and
 * against the Redis one (a real redis-server; each instance its own RedisStore on the same URL), then what
 * only the Redis one keeps: the audio and the decoding's outcome beside a job, for another instance.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RedisStore } from '../../src/store/redis-store.js';
import type { SttJobsState } from '../../src/stt/jobs-state.js';
import {
  completed,
  job,
  sttJobsStateContract,
  type SttJobsHarness,
} from '../../src/stt/jobs-state.contract.js';
import { MemorySttJobs } from '../../src/stt/jobs.js';
import { RedisSttJobs } from '../../src/stt/redis-jobs.js';
import { startRedis, type TestRedis } from '../support/redis.js';

let redis: TestRedis;
const stores: RedisStore[] = [];
let n = 0;

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const store of stores) await store.close();
  await redis?.stop();
});

sttJobsStateContract('memory', () => {
  const state = new MemorySttJobs();
  return { instance: async () => state, settled: async () => {}, reset: async (s) => s.reset() };
});

/** Instances over one Redis: a store (connection, instance id) each, as separate emulator processes. */
function redisHarness(): SttJobsHarness & { storeOf: Map<SttJobsState, RedisStore> } {
  const storeOf = new Map<SttJobsState, RedisStore>();
  return {
    storeOf,
    async instance() {
      const store = new RedisStore(redis.url, `jobs-${++n}`);
      await store.open();
      stores.push(store);
      const state = new RedisSttJobs(store);
      storeOf.set(state, store);
      return state;
    },
    async settled() {
      for (const store of stores) await store.settled();
    },
    async reset(state) {
      // What the composition root's reset does through a store (Emulator.reset): the state's reset between the two.
      const store = storeOf.get(state)!;
      await store.beginReset();
      await state.reset();
      await store.endReset();
    },
  };
}

sttJobsStateContract('redis', redisHarness);

describe('SttJobsState (redis): what is kept beside a job for another instance', () => {
  let h: ReturnType<typeof redisHarness>;
  let a: SttJobsState;
  let b: SttJobsState;

  beforeAll(async () => {
    h = redisHarness();
    a = await h.instance();
    b = await h.instance();
  });
  beforeEach(() => a.reset());

  const keys = (pattern: string) => h.storeOf.get(a)!.redis.keys(`svc-emulator:stt:${pattern}`);

  it('keeps the audio under the organization until the job completes; the outcome once known is preferred to it', async () => {
    const record = job('org_k', 'job_kept');
    a.accept(record, new Uint8Array([1, 2, 3]));
    await h.settled();
    expect(await b.leftover('org_k', 'job_kept')).toEqual({ audio: Buffer.from([1, 2, 3]) });
    expect(await b.leftover('org_other', 'job_kept')).toEqual({ audio: null });
    expect((await keys('*')).sort()).toEqual([
      'svc-emulator:stt:org:org_k:input:job_kept',
      'svc-emulator:stt:org:org_k:jobs',
      'svc-emulator:stt:orgs',
    ]);
    const outcome = { status: 'completed' as const, duration_seconds: 2.5, result: null, error: null };
    await a.outcomeKnown('org_k', 'job_kept', outcome);
    await expect.poll(() => keys('org:org_k:outcome:*')).toHaveLength(1);
    expect(await b.leftover('org_k', 'job_kept')).toEqual({ outcome, audio: null });
    expect(await b.complete(completed(record))).toBe(true);
    expect(await keys('org:org_k:*put*:*')).toEqual([]);
    expect(await b.leftover('org_k', 'job_kept')).toEqual({ audio: null });
  });

  it('completes once: a second completion (a re-run after a death) and one after a reset change nothing', async () => {
    const record = job('org_1', 'job_once');
    a.accept(record, Buffer.from([1, 2, 3]));
    await h.settled();
    const done = completed(record);
    expect(await a.complete(done)).toBe(true);
    expect(await a.complete({ ...done, completed_at: '2030-06-01T00:00:09.000Z' })).toBe(false);
    expect(await a.get('org_1', 'job_once')).toEqual(done);
    expect(await a.leftover('org_1', 'job_once')).toEqual({ audio: null });

    b.accept(job('org_1', 'job_gone'), Buffer.from([4]));
    await h.settled();
    await b.reset();
    expect(await a.complete(completed(job('org_1', 'job_gone')))).toBe(false);
    expect(await a.get('org_1', 'job_gone')).toBeUndefined();
    // A reset drops what was kept beside the jobs too.
    expect(await keys('*')).toEqual([]);
  });
  it("resetting one organization deletes its keys, audio and outcome included, and no other organization's", async () => {
    const record = job('org_k', 'job_kept');
    a.accept(record, new Uint8Array([1, 2, 3]));
    a.accept(job('org_k', 'job_done'), null);
    b.accept(job('org_other', 'job_other'), new Uint8Array([4]));
    await h.settled();
    await a.outcomeKnown('org_k', 'job_kept', {
      status: 'failed',
      duration_seconds: 1,
      result: null,
      error: null,
    });
    await expect.poll(() => keys('org:org_k:outcome:*')).toHaveLength(1);
    expect(await a.complete(completed(job('org_k', 'job_done')))).toBe(true);
    const others = (await keys('org:org_other:*')).sort();
    expect(others).toHaveLength(2);

    await b.perOrg.reset('org_k');
    expect(await keys('org:org_k:*')).toEqual([]);
    expect((await keys('org:org_other:*')).sort()).toEqual(others);
    expect(await h.storeOf.get(a)!.redis.smembers('svc-emulator:stt:orgs')).toEqual(['org_other']);
    expect(await a.leftover('org_other', 'job_other')).toEqual({ audio: Buffer.from([4]) });
  });
});
