/**
 * FaultStore over a shared state: the tricky parts of counted rules without Redis. A fake FaultRulesState
 * keeps the shared counts; "another instance" takes from them directly.
 */
import { describe, expect, it } from 'vitest';
import { Clock } from '../core/clock.js';
import { IdFactory, Random } from '../core/random.js';
import { MemoryFaultRules, type FaultRulesState } from './fault-rules-state.js';
import { claimHere, type RuleNow } from './rule-life.js';
import { FaultStore, type FaultRule, type TakeResult } from './store.js';

/** The memory rules, but counted rules added for every instance are counted in `left`, with a promise. */
class FakeSharedRules implements FaultRulesState {
  readonly name = 'faults';
  readonly left = new Map<string, number>();
  readonly events: string[] = [];
  private readonly own = new Set<string>();
  private readonly memory = new MemoryFaultRules();
  rules = () => this.memory.rules();
  get = (id: string) => this.memory.get(id);
  assertWritable(): void {}
  remove = (id: string) => this.memory.remove(id);
  clear = () => this.memory.clear();
  prune = (now: RuleNow) => this.memory.prune(now);
  reset = () => this.memory.reset();
  perOrg = this.memory.perOrg;
  exportShared = () => this.memory.exportShared();

  add(rule: FaultRule): void {
    this.memory.add(rule);
    this.events.push(`added ${rule.id}`);
    if (rule.remaining !== null) this.left.set(rule.id, rule.remaining);
  }

  addLocal(rule: FaultRule): void {
    this.memory.add(rule);
    this.own.add(rule.id);
  }

  claim(rule: FaultRule): number | Promise<number> {
    if (this.own.has(rule.id)) return claimHere(rule);
    const n = this.left.get(rule.id) ?? 0;
    if (n <= 0) {
      rule.remaining = 0;
      return Promise.resolve(-1);
    }
    this.left.set(rule.id, n - 1);
    rule.remaining = n - 1;
    return Promise.resolve(n - 1);
  }
}

function setup() {
  const state = new FakeSharedRules();
  const clock = new Clock();
  const faults = new FaultStore(state, {
    clocks: { for: () => clock },
    ids: new IdFactory('t'),
    random: new Random('t'),
  });
  return { faults, left: state.left, events: state.events };
}

const target = { operation: 'tts.speak', method: 'POST', path: '/v1/tts/speak' };

async function taken(result: TakeResult) {
  return (await result)?.rule.id ?? null;
}

describe('FaultStore over a shared state', () => {
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

  it('rules added at boot stay local and are counted synchronously', async () => {
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
    // That another instance's reset brings it back is the Redis state's part (test/faults/fault-rules-state.test.ts).
  });
});
