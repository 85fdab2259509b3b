/**
 * FaultStore through its replica seam (shared store): the tricky parts of counted rules without Redis.
 * A fake replica keeps the shared counts; "another instance" takes from them directly.
 */
import { describe, expect, it } from 'vitest';
import { Clock } from '../core/clock.js';
import { IdFactory, Random } from '../core/random.js';
import { FaultStore, type FaultReplica, type FaultRule, type TakeResult } from './store.js';

function setup() {
  const faults = new FaultStore({ clock: new Clock(), ids: new IdFactory('t'), random: new Random('t') });
  const left = new Map<string, number>();
  const events: string[] = [];
  const replica: FaultReplica = {
    assertWritable: () => {},
    added: (rule: FaultRule) => {
      events.push(`added ${rule.id}`);
      if (rule.remaining !== null) left.set(rule.id, rule.remaining);
    },
    removed: (id) => events.push(`removed ${id}`),
    cleared: () => events.push('cleared'),
    claim: (id) => {
      const n = left.get(id) ?? 0;
      if (n <= 0) return Promise.resolve(-1);
      left.set(id, n - 1);
      return Promise.resolve(n - 1);
    },
  };
  faults.replica = replica;
  return { faults, left, events };
}

const target = { operation: 'tts.speak', method: 'POST', path: '/v1/tts/speak' };

async function taken(result: TakeResult) {
  return (await result)?.rule.id ?? null;
}

describe('FaultStore with a replica', () => {
  it('a rule without times fires synchronously, with no claim', () => {
    const { faults } = setup();
    faults.add({ kind: 'error', status: 500 });
    const hit = faults.take('request', target);
    expect(hit).not.toBeInstanceOf(Promise);
    expect(hit).not.toBeNull();
  });

  it('a counted rule fires only while the shared count lasts, and is then dropped', async () => {
    const { faults, left } = setup();
    const rule = faults.add({ kind: 'error', status: 500, times: 3 });
    expect(left.get(rule.id)).toBe(3);
    left.set(rule.id, 1); // another instance took two
    const first = faults.take('request', target);
    expect(first).toBeInstanceOf(Promise);
    expect(await taken(first)).toBe(rule.id);
    expect(faults.get(rule.id)?.remaining).toBe(0);
    expect(await taken(faults.take('request', target))).toBeNull();
    expect(faults.list()).toEqual([]);
  });

  it('a counted rule used up elsewhere is skipped for the next matching rule', async () => {
    const { faults, left } = setup();
    const used = faults.add({ kind: 'error', status: 500, times: 2 });
    const counted = faults.add({ kind: 'error', status: 502, times: 1 });
    const always = faults.add({ kind: 'error', status: 503 });
    left.set(used.id, 0);
    expect(await taken(faults.take('request', target))).toBe(counted.id);
    expect(await taken(faults.take('request', target))).toBe(always.id);
    expect(faults.list().map((r) => r.id)).toEqual([always.id]);
  });

  it('rules added at boot stay local and come back after another instance resets', async () => {
    const { faults, events } = setup();
    await faults.addLocally(() => {
      faults.add({ kind: 'latency', latency_ms: 1, times: 1, description: 'boot' });
      return Promise.resolve();
    });
    expect(events).toEqual([]);
    const shared = faults.add({ kind: 'error', status: 500 });
    expect(events).toEqual([`added ${shared.id}`]);
    // A boot rule is counted locally (synchronously), not in the shared store.
    expect(faults.take('request', target)).not.toBeInstanceOf(Promise);
    faults.resetReplicated();
    expect(faults.list().map((r) => [r.description, r.remaining])).toEqual([['boot', 1]]);
  });
});
