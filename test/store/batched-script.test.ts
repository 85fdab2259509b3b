/**
 * BatchedScript against a real redis-server: calls made while a batch is on its way go in one script run,
 * each answered its own result, in order, and one call's error fails that call alone.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchedScript } from '../../src/store/group-commit.js';
import { startRedis, type TestRedis } from '../support/redis.js';

let server: TestRedis;
let redis: Redis;

beforeAll(async () => {
  server = await startRedis();
  redis = new Redis(server.url);
});

afterAll(async () => {
  redis.disconnect();
  await server.stop();
});

/** Appends to a list and answers its length; fails when asked to (a Lua error, as a failing call would). */
const APPEND = `
if ARGV[1] == 'fail' then error('asked to fail') end
if ARGV[1] == 'nil' then return nil end
return {redis.call('RPUSH', KEYS[1], ARGV[1]), ARGV[1]}`;

describe('BatchedScript', () => {
  it('many calls at once: one answer each, in order, and the list holds them in call order', async () => {
    const script = new BatchedScript<[number, string]>(redis, 'testAppend', APPEND);
    const before = (await redis.info('commandstats')).match(/cmdstat_evalsha:calls=(\d+)/)?.[1] ?? '0';
    const values = Array.from({ length: 100 }, (_, i) => `v${i}`);
    const answers = await Promise.all(values.map((v) => script.call(['test:list'], [v])));
    expect(answers).toEqual(values.map((v, i) => [i + 1, v]));
    expect(await redis.lrange('test:list', 0, -1)).toEqual(values);
    const after = (await redis.info('commandstats')).match(/cmdstat_evalsha:calls=(\d+)/)?.[1] ?? '0';
    // The first call goes alone; the 99 made meanwhile go in batches of at most 64.
    expect(Number(after) - Number(before)).toBeLessThanOrEqual(4);
  });

  it('a call that fails fails alone: the calls around it in its batch are answered', async () => {
    const script = new BatchedScript<[number, string] | null>(redis, 'testAppend', APPEND);
    const results = await Promise.allSettled(
      ['a', 'b', 'fail', 'nil', 'c'].map((v) => script.call(['test:errors'], [v])),
    );
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(Error);
    expect(String((results[2] as PromiseRejectedResult).reason)).toContain('asked to fail');
    expect((results[3] as PromiseFulfilledResult<unknown>).value).toBeNull();
    expect(await redis.lrange('test:errors', 0, -1)).toEqual(['a', 'b', 'c']);
  });
});
