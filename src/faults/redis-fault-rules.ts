/**
 * Fault rules in Redis: a rule added, removed or cleared through any instance's admin API is written and
 * published before the answer; each instance keeps the rules at hand, updated from the events channel, so
 * matching a request stays a synchronous lookup (a rule applies on another instance when its event arrives).
 * A counted rule (`times`) keeps its count in Redis, and firing it takes one atomically (FAULT_CLAIM below):
 * it fires at most `times` times across all instances. Rules from the configuration file and the boot
 * scenario stay per instance (addLocal), since every instance reads them.
 */
import type { Redis } from 'ioredis';
import type { RedisStore, StoreMessage } from '../store/redis-store.js';
import { defineOnce } from '../store/redis-scripts.js';
import type { FaultRulesState } from './fault-rules-state.js';
import { claimHere, isSpent } from './rule-life.js';
import type { FaultRule } from './store.js';

/**
 * Fires a counted fault rule once, across every instance: takes one of its `times` if any is left and tells
 * the others what is left (a StoreMessage `fault.claimed`, from ARGV[4]); the last one taken removes the rule
 * and tells the others that instead. KEYS: counters hash, rules hash. ARGV: rule id, channel, removal
 * message, instance id. Returns what is left after this hit, or -1 when none was left.
 */
export const FAULT_CLAIM = `
local left = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if left <= 0 then return -1 end
left = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if left == 0 then
  redis.call('HDEL', KEYS[2], ARGV[1])
  redis.call('PUBLISH', ARGV[2], ARGV[3])
else
  redis.call('PUBLISH', ARGV[2], '{"from":' .. cjson.encode(ARGV[4]) .. ',"type":"fault.claimed","data":' .. cjson.encode({id = ARGV[1], left = left}) .. '}')
end
return left`;

/** Removes a fault rule and its counter, and tells the others. KEYS: rules hash, counters hash. ARGV: rule id, channel, message. Returns 1 if it was there. */
export const FAULT_REMOVE = `
local removed = redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('PUBLISH', ARGV[2], ARGV[3])
return removed`;

interface FaultScripts {
  svcFaultClaim(
    left: string,
    rules: string,
    id: string,
    channel: string,
    removal: string,
    from: string,
  ): Promise<number>;
  svcFaultRemove(rules: string, left: string, id: string, channel: string, message: string): Promise<number>;
}

export class RedisFaultRules implements FaultRulesState {
  readonly name = 'faults';
  /** This instance's own rules (config file, boot scenario), as they are now and as they were added. */
  private own: FaultRule[] = [];
  private ownAsAdded: FaultRule[] = [];
  /** The shared rules at hand, in the order they were added. */
  private shared: FaultRule[] = [];
  private all: readonly FaultRule[] = [];

  constructor(private readonly store: RedisStore) {
    store.onMessage((m) => this.receive(m));
    store.onResync(() => this.load());
  }

  private get redis(): Redis & FaultScripts {
    return this.store.redis as unknown as Redis & FaultScripts;
  }

  private get k() {
    return { rules: this.store.key('faults'), left: this.store.key('fault-left') };
  }

  async open(): Promise<void> {
    defineOnce(this.store.redis, 'svcFaultClaim', 2, FAULT_CLAIM);
    defineOnce(this.store.redis, 'svcFaultRemove', 2, FAULT_REMOVE);
    await this.load();
  }

  /** The shared rules with their shared counts (at open and after a reconnect): this instance's own stay. */
  private async load(): Promise<void> {
    const [rules, left] = await this.store.run(() =>
      Promise.all([this.redis.hgetall(this.k.rules), this.redis.hgetall(this.k.left)]),
    );
    const hits = new Map(this.shared.map((r) => [r.id, r.hits]));
    this.shared = Object.values(rules)
      .map((json) => {
        const rule = JSON.parse(json) as FaultRule;
        if (rule.remaining !== null) rule.remaining = Number(left[rule.id] ?? 0);
        // Hits are counted per instance.
        rule.hits = hits.get(rule.id) ?? 0;
        return rule;
      })
      .sort((x, y) => x.created_at.localeCompare(y.created_at));
    this.changed();
  }

  rules(): readonly FaultRule[] {
    return this.all;
  }

  get(id: string): FaultRule | undefined {
    return this.all.find((r) => r.id === id);
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  add(rule: FaultRule): void {
    this.store.assertAvailable();
    this.shared.push(rule);
    this.changed();
    const tx = this.redis.multi().hset(this.k.rules, rule.id, JSON.stringify(rule));
    if (rule.remaining !== null) tx.hset(this.k.left, rule.id, rule.remaining);
    this.store.track(tx.publish(this.store.channel, this.store.message('fault', rule)).exec());
  }

  addLocal(rule: FaultRule): void {
    this.own.push(rule);
    this.ownAsAdded.push(structuredClone(rule));
    this.changed();
  }

  remove(id: string): boolean | Promise<boolean> {
    this.store.assertAvailable();
    if (this.own.some((r) => r.id === id)) {
      this.own = this.own.filter((r) => r.id !== id);
      this.changed();
      return true;
    }
    const here = this.dropShared(id);
    const message = this.store.message('fault.removed', { id });
    // Redis decides: a rule added through another instance whose event has not arrived yet is removed too.
    return this.store
      .run(() => this.redis.svcFaultRemove(this.k.rules, this.k.left, id, this.store.channel, message))
      .then((removed) => removed === 1 || here);
  }

  clear(): void {
    this.store.assertAvailable();
    this.own = [];
    this.shared = [];
    this.changed();
    const tx = this.redis.multi().del(this.k.rules, this.k.left);
    this.store.track(tx.publish(this.store.channel, this.store.message('faults.cleared', {})).exec());
  }

  claim(rule: FaultRule): number | Promise<number> {
    if (this.own.includes(rule)) return claimHere(rule);
    const removal = this.store.message('fault.removed', { id: rule.id });
    return this.store
      .run(() =>
        this.redis.svcFaultClaim(
          this.k.left,
          this.k.rules,
          rule.id,
          this.store.channel,
          removal,
          this.store.instanceId,
        ),
      )
      .then((left) => {
        rule.remaining = Math.max(left, 0);
        return left;
      });
  }

  prune(now: number): void {
    if (!this.all.some((r) => isSpent(r, now))) return;
    this.own = this.own.filter((r) => !isSpent(r, now));
    this.shared = this.shared.filter((r) => !isSpent(r, now));
    this.changed();
  }

  /** POST /_emulator/reset here: the shared rules go for every instance; this instance's own are added again at boot. */
  async reset(): Promise<void> {
    this.own = [];
    this.ownAsAdded = [];
    this.shared = [];
    this.changed();
    const tx = this.redis.multi().del(this.k.rules, this.k.left);
    // Sent after the store's `reset` message: a rule another instance added in between is dropped there too.
    await this.store.run(() => tx.publish(this.store.channel, this.store.message('faults.reset', {})).exec());
  }

  private dropShared(id: string): boolean {
    const before = this.shared.length;
    this.shared = this.shared.filter((r) => r.id !== id);
    if (this.shared.length === before) return false;
    this.changed();
    return true;
  }

  /** A new array for rules(): a lookup that awaited a claim goes on over the array it started with. */
  private changed(): void {
    this.all = [...this.own, ...this.shared];
  }

  private receive(m: StoreMessage): void {
    switch (m.type) {
      case 'fault': {
        const rule = m.data as FaultRule;
        const i = this.shared.findIndex((r) => r.id === rule.id);
        if (i >= 0) this.shared[i] = rule;
        else this.shared.push(rule);
        this.changed();
        return;
      }
      case 'fault.claimed': {
        const { id, left } = m.data as { id: string; left: number };
        const rule = this.shared.find((r) => r.id === id);
        // Counts only go down: an older message arriving late changes nothing.
        if (rule && rule.remaining !== null) rule.remaining = Math.min(rule.remaining, left);
        return;
      }
      case 'fault.removed':
        this.dropShared((m.data as { id: string }).id);
        return;
      case 'faults.cleared':
        this.own = [];
        this.shared = [];
        this.changed();
        return;
      case 'faults.reset':
        // Another instance's reset: this instance's own rules start over, as after a reset here.
        this.own = this.ownAsAdded.map((r) => structuredClone(r));
        this.shared = [];
        this.changed();
        return;
    }
  }
}
