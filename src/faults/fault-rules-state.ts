/**
 * The fault rules' state (issue 23): the rules the emulator holds, as the operations FaultStore needs. Rules
 * belong to the emulator, not to one organization; a rule that matches one organization carries it in
 * `match.org_id`, stored with the rule. Two implementations: in memory (below) and in Redis
 * (redis-fault-rules.ts, shared by every instance). Both keep the rules at hand, so matching a request is a
 * synchronous lookup; only firing a counted rule may ask Redis (its `times` is shared).
 */
import type { MaybePromise } from '../core/maybe.js';
import { RedisStore } from '../store/redis-store.js';
import type { StateStore } from '../store/index.js';
import type { StateUnit } from '../store/state-unit.js';
import { RedisFaultRules } from './redis-fault-rules.js';
import { claimHere, isSpent } from './rule-life.js';
import type { FaultRule } from './store.js';

export interface FaultRulesState extends StateUnit {
  /**
   * The rules to match, in order: this instance's own (config file and boot scenario) first, then the others,
   * each in the order they were added. The same array until the rules change: the caller must not modify it.
   */
  rules(): readonly FaultRule[];
  get(id: string): FaultRule | undefined;
  /** Throws 502 `upstream_error` while a shared store is unreachable, before anything changes. */
  assertWritable(): void;
  /** A rule for every instance sharing the store. */
  add(rule: FaultRule): void;
  /**
   * A rule for this instance alone: every instance reads the same config file and boot scenario, so sharing
   * them would repeat each once per instance. Counted here; another instance's reset brings it back as added.
   */
  addLocal(rule: FaultRule): void;
  /** Whether the rule was there. */
  remove(id: string): MaybePromise<boolean>;
  /** Every rule, this instance's own included (they come back at the next reset). */
  clear(): void;
  /**
   * Takes one of a counted rule's `times` and sets its `remaining`: what is left after it, or -1 when none
   * was left (another instance used it up). Synchronous but for a shared counted rule.
   */
  claim(rule: FaultRule): MaybePromise<number>;
  /** Drops the rules at hand that expired or are used up. */
  prune(now: number): void;
}

/** The memory store: the rules in this process. */
export class MemoryFaultRules implements FaultRulesState {
  readonly name = 'faults';
  private own: FaultRule[] = [];
  private others: FaultRule[] = [];
  private all: readonly FaultRule[] = [];

  rules(): readonly FaultRule[] {
    return this.all;
  }

  get(id: string): FaultRule | undefined {
    return this.all.find((r) => r.id === id);
  }

  assertWritable(): void {}

  add(rule: FaultRule): void {
    this.others.push(rule);
    this.changed();
  }

  addLocal(rule: FaultRule): void {
    this.own.push(rule);
    this.changed();
  }

  remove(id: string): boolean {
    const before = this.all.length;
    this.own = this.own.filter((r) => r.id !== id);
    this.others = this.others.filter((r) => r.id !== id);
    this.changed();
    return this.all.length < before;
  }

  clear(): void {
    this.own = [];
    this.others = [];
    this.changed();
  }

  claim(rule: FaultRule): number {
    return claimHere(rule);
  }

  prune(now: number): void {
    if (!this.all.some((r) => isSpent(r, now))) return;
    this.own = this.own.filter((r) => !isSpent(r, now));
    this.others = this.others.filter((r) => !isSpent(r, now));
    this.changed();
  }

  reset(): void {
    this.clear();
  }

  /** A new array for rules(), so a lookup under way goes on over the one it started with. */
  private changed(): void {
    this.all = [...this.own, ...this.others];
  }
}

/** The fault rules of one emulator: shared through Redis with a Redis store, in this process otherwise. */
export function createFaultRulesState(store: StateStore): FaultRulesState {
  return store instanceof RedisStore ? new RedisFaultRules(store) : new MemoryFaultRules();
}
