import { describe, expect, it } from 'vitest';
import { workerArgs } from '../app/cluster.js';
import { parseCli } from '../app/cli-options.js';
import { describeStoreUrl, storeUrlProblem } from './state-store.js';

describe('--store values', () => {
  it.each([
    ['memory', null],
    ['redis://127.0.0.1:6379/0', null],
    ['redis://redis', null],
    ['redis://:secret@redis:6380/15', null],
    ['redis://127.0.0.1:6379/x', /database must be a number from 0 to 15/],
    ['redis://127.0.0.1:6379/123', /database must be a number from 0 to 15/],
    ['rediss://127.0.0.1', /got the scheme 'rediss:'/],
    ['127.0.0.1:6379', /must be memory or redis:\/\/HOST:PORT\/DB/],
    ['', /must be memory or redis/],
  ])('%s → %s', (value, problem) => {
    const found = storeUrlProblem(value);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toMatch(problem);
  });

  it('describes a Redis URL without its password, with the default port and database', () => {
    expect(describeStoreUrl('redis://:secret@redis')).toBe('redis://redis:6379/0');
    expect(describeStoreUrl('redis://user:pw@10.0.0.5:6380/3')).toBe('redis://10.0.0.5:6380/3');
  });

  it('parses --store, --instance-id and --instances with their variables, and names the bad one', () => {
    expect(parseCli(['--store', 'redis://r:1/2', '--instance-id', 'a.b-1', '--instances', '3'], {})).toEqual({
      options: { store: 'redis://r:1/2', instanceId: 'a.b-1', instances: 3 },
    });
    expect(parseCli([], { SVC_EMULATOR_STORE: 'memory', SVC_EMULATOR_INSTANCES: '1' })).toEqual({
      options: { store: 'memory', instances: 1 },
    });
    expect(() => parseCli(['--instances', '0'], {})).toThrow('--instances must be an integer from 1 to 64');
    expect(() => parseCli(['--instance-id', 'has space'], {})).toThrow('--instance-id must be 1 to 64 of');
    expect(() => parseCli([], { SVC_EMULATOR_STORE: 'mysql://x' })).toThrow(
      "SVC_EMULATOR_STORE must be memory or redis://HOST:PORT/DB (got the scheme 'mysql:')",
    );
  });
});

describe('cluster workers', () => {
  it("get the primary's arguments without --instances and --instance-id, in both spellings", () => {
    expect(
      workerArgs([
        '--port',
        '0',
        '--instances',
        '2',
        '--store',
        'redis://r',
        '--instance-id=web',
        '--instances=3',
        '--instance-id',
        'x',
        '--seed',
        's',
      ]),
    ).toEqual(['--port', '0', '--store', 'redis://r', '--seed', 's']);
  });
});
