/**
 * Scenarios in Redis: a scenario registered through any instance's admin API can be applied through any
 * other, and `active_scenario` in health is the one applied last through any instance. Nothing is kept at
 * hand: these are admin reads, each one round trip, so every instance reads the same at once.
 */
import type { RedisStore } from '../store/redis-store.js';
import type { ActiveScenario, ScenariosState } from './scenarios-state.js';
import type { Scenario } from './scenarios.js';

export class RedisScenarios implements ScenariosState {
  readonly name = 'scenarios';

  constructor(private readonly store: RedisStore) {}

  private get k() {
    return { registered: this.store.key('scenarios:registered'), active: this.store.key('scenarios:active') };
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  async registered(): Promise<Scenario[]> {
    const all = await this.store.run(() => this.store.redis.hgetall(this.k.registered));
    return Object.values(all).map((json) => JSON.parse(json) as Scenario);
  }

  async register(scenario: Scenario): Promise<boolean> {
    // HSET counts the fields it created: of two instances registering one name at once, one creates it.
    const created = await this.store.run(() => this.store.redis.hset(this.k.registered, scenario.name, JSON.stringify(scenario)));
    return created === 1;
  }

  async active(): Promise<ActiveScenario | null> {
    const json = await this.store.run(() => this.store.redis.get(this.k.active));
    return json ? (JSON.parse(json) as ActiveScenario) : null;
  }

  async setActive(active: ActiveScenario): Promise<void> {
    await this.store.run(() => this.store.redis.set(this.k.active, JSON.stringify(active)));
  }

  async reset(): Promise<void> {
    await this.store.run(() => this.store.redis.del(this.k.registered, this.k.active));
  }
}
