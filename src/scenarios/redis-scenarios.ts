/**
 * Scenarios in Redis: a scenario registered through any instance's admin API can be applied through any
 * other, and `active_scenario` in health is the one applied last through any instance. Nothing is kept at
 * hand: these are admin reads, each one round trip, so every instance reads the same at once.
 */
import type { Redis } from 'ioredis';
import type { RedisStore } from '../store/redis-store.js';
import { defineOnce } from '../store/redis-scripts.js';
import type { StateProblem } from '../store/state-unit.js';
import {
  checkScenarios,
  scenariosExport,
  type ActiveScenario,
  type ScenariosExport,
  type ScenariosState,
} from './scenarios-state.js';
import type { Scenario } from './scenarios.js';

/**
 * Registers a scenario, keeping the order names were first registered in (a hash of long values keeps none).
 * KEYS: scenarios hash, names list. ARGV: name, json. Returns 1 if the name was new.
 */
export const SCENARIO_REGISTER = `
local created = redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if created == 1 then redis.call('RPUSH', KEYS[2], ARGV[1]) end
return created`;

interface ScenarioScripts {
  svcScenarioRegister(scenarios: string, order: string, name: string, json: string): Promise<number>;
}

export class RedisScenarios implements ScenariosState {
  readonly name = 'scenarios';

  constructor(private readonly store: RedisStore) {}

  private get redis(): Redis & ScenarioScripts {
    return this.store.redis as unknown as Redis & ScenarioScripts;
  }

  private get k() {
    return {
      registered: this.store.key('scenarios:registered'),
      order: this.store.key('scenarios:order'),
      active: this.store.key('scenarios:active'),
    };
  }

  open(): Promise<void> {
    defineOnce(this.store.redis, 'svcScenarioRegister', 2, SCENARIO_REGISTER);
    return Promise.resolve();
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  async registered(): Promise<Scenario[]> {
    const [names, all] = await this.store.run(() =>
      Promise.all([this.redis.lrange(this.k.order, 0, -1), this.redis.hgetall(this.k.registered)]),
    );
    return names.filter((name) => all[name] !== undefined).map((name) => JSON.parse(all[name]) as Scenario);
  }

  async register(scenario: Scenario): Promise<boolean> {
    // Of two instances registering one name at once, one creates it.
    const created = await this.store.run(() =>
      this.redis.svcScenarioRegister(
        this.k.registered,
        this.k.order,
        scenario.name,
        JSON.stringify(scenario),
      ),
    );
    return created === 1;
  }

  async active(): Promise<ActiveScenario | null> {
    const json = await this.store.run(() => this.redis.get(this.k.active));
    return json ? (JSON.parse(json) as ActiveScenario) : null;
  }

  async setActive(active: ActiveScenario): Promise<void> {
    await this.store.run(() => this.redis.set(this.k.active, JSON.stringify(active)));
  }

  /** One transaction: the registered scenarios and the active one as they were at one moment. */
  async exportShared(): Promise<ScenariosExport | undefined> {
    const k = this.k;
    const replies = await this.store.run(() =>
      this.redis.multi().lrange(k.order, 0, -1).hgetall(k.registered).get(k.active).exec(),
    );
    const [names, all, active] = (replies ?? []).map(([, value]) => value) as [
      string[],
      Record<string, string>,
      string | null,
    ];
    const registered = names
      .filter((name) => all[name] !== undefined)
      .map((name) => JSON.parse(all[name]) as Scenario);
    return scenariosExport(registered, active ? (JSON.parse(active) as ActiveScenario) : null);
  }

  /** One transaction: the registered scenarios in their order and the active one, read at once by every instance. */
  async importShared(data: unknown): Promise<void> {
    const { registered, active } = data as ScenariosExport;
    const k = this.k;
    const tx = this.redis.multi();
    for (const scenario of registered) tx.hset(k.registered, scenario.name, JSON.stringify(scenario));
    if (registered.length > 0) tx.rpush(k.order, ...registered.map((s) => s.name));
    if (active) tx.set(k.active, JSON.stringify(active));
    await this.store.run(() => tx.exec());
  }

  checkShared(data: unknown): StateProblem | null {
    return checkScenarios(data);
  }

  async reset(): Promise<void> {
    await this.store.run(() => this.redis.del(this.k.registered, this.k.order, this.k.active));
  }
}
