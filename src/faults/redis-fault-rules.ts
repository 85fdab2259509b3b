/**
 * Fault rules in Redis (issue 17): a rule added, removed or cleared through any instance's admin API is
 * written and published; each instance keeps its FaultStore as a local copy updated from the events
 * channel, so the request path stays a synchronous lookup. A counted rule (`times`) keeps its count in
 * Redis, and firing it takes one atomically (redis-scripts.ts FAULT_CLAIM): it fires at most `times` times
 * across all instances. Rules from the configuration file and the boot scenario stay per instance
 * (FaultStore.addLocally), since every instance reads them.
 */
import type { FaultReplica, FaultRule, FaultStore } from './store.js';
import type { RedisStore, StoreMessage } from '../store/redis-store.js';

export class SharedFaults implements FaultReplica {
  constructor(
    private readonly store: RedisStore,
    private readonly faults: FaultStore,
  ) {
    store.onMessage((m) => this.receive(m));
    store.onResync(() => this.load());
  }

  private get k() {
    return { rules: this.store.key('faults'), left: this.store.key('fault-left') };
  }

  /** The keys a reset deletes. */
  keyNames(): string[] {
    return [this.k.rules, this.k.left];
  }

  /** The shared rules into the local copy, with their shared counts. */
  async load(): Promise<void> {
    const [rules, left] = await this.store.run(() =>
      Promise.all([this.store.redis.hgetall(this.k.rules), this.store.redis.hgetall(this.k.left)]),
    );
    const list = Object.values(rules).map((json) => {
      const rule = JSON.parse(json) as FaultRule;
      if (rule.remaining !== null) rule.remaining = Number(left[rule.id] ?? 0);
      return rule;
    });
    this.faults.replaceReplicated(list.sort((x, y) => x.created_at.localeCompare(y.created_at)));
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  added(rule: FaultRule): void {
    const tx = this.store.redis.multi().hset(this.k.rules, rule.id, JSON.stringify(rule));
    if (rule.remaining !== null) tx.hset(this.k.left, rule.id, rule.remaining);
    this.store.track(tx.publish(this.store.channel, this.store.message('fault', rule)).exec());
  }

  removed(id: string): void {
    const message = this.store.message('fault.removed', { id });
    this.store.track(
      this.store.redis.svcFaultRemove(this.k.rules, this.k.left, id, this.store.channel, message),
    );
  }

  cleared(): void {
    this.store.track(
      this.store.redis
        .multi()
        .del(this.k.rules, this.k.left)
        .publish(this.store.channel, this.store.message('faults.cleared', {}))
        .exec(),
    );
  }

  claim(id: string): Promise<number> {
    const message = this.store.message('fault.removed', { id });
    return this.store.run(() =>
      this.store.redis.svcFaultClaim(this.k.left, this.k.rules, id, this.store.channel, message),
    );
  }

  private receive(m: StoreMessage): void {
    switch (m.type) {
      case 'fault':
        this.faults.putReplicated(m.data as FaultRule);
        return;
      case 'fault.removed':
        this.faults.removeReplicated((m.data as { id: string }).id);
        return;
      case 'faults.cleared':
        this.faults.clearReplicated();
        return;
      case 'reset':
        this.faults.resetReplicated();
        return;
    }
  }
}

/**
 * Fires a counted fault rule once, across every instance: takes one of its `times` if any is left; the
 * last one taken removes the rule and tells the others. KEYS: counters hash, rules hash. ARGV: rule id,
 * channel, removal message. Returns what is left after this hit, or -1 when none was left.
 */
export const FAULT_CLAIM = `
local left = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if left <= 0 then return -1 end
left = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if left == 0 then
  redis.call('HDEL', KEYS[2], ARGV[1])
  redis.call('PUBLISH', ARGV[2], ARGV[3])
end
return left`;

/** Removes a fault rule and its counter, and tells the others. KEYS: rules hash, counters hash. ARGV: rule id, channel, message. Returns 1 if it was there. */
export const FAULT_REMOVE = `
local removed = redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('PUBLISH', ARGV[2], ARGV[3])
return removed`;
