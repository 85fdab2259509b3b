/**
 * Scenarios over Redis (issue 17): a scenario registered through any instance's admin API can be applied
 * through any other, and `active_scenario` in health is the one applied last through any instance. Each
 * instance keeps its registry as a local copy updated from the events channel. Applying a scenario runs its
 * steps on the instance that was asked; the steps change shared state like any admin call.
 */
import type { Scenario, ScenarioReplica } from './scenarios.js';
import type { RedisStore, StoreMessage } from '../store/redis-store.js';

type Active = { name: string; appliedAt: string };

export interface ScenarioTarget {
  put(scenario: Scenario): void;
  setActive(active: Active | null): void;
  reset(): void;
}

export class SharedScenarios implements ScenarioReplica {
  private target: ScenarioTarget | undefined;

  constructor(private readonly store: RedisStore) {
    store.onMessage((m) => this.receive(m));
    store.onResync(() => this.load());
  }

  private get k() {
    return { registered: this.store.key('scenarios:registered'), active: this.store.key('scenarios:active') };
  }

  /** The keys a reset deletes. */
  keyNames(): string[] {
    return Object.values(this.k);
  }

  /** Binds the emulator's side (scenarios.ts `scenarioTarget`) and loads what Redis has. */
  async open(target: ScenarioTarget): Promise<void> {
    this.target = target;
    await this.load();
  }

  private async load(): Promise<void> {
    const [all, active] = await this.store.run(() =>
      Promise.all([this.store.redis.hgetall(this.k.registered), this.store.redis.get(this.k.active)]),
    );
    for (const json of Object.values(all)) this.target?.put(JSON.parse(json) as Scenario);
    if (active) this.target?.setActive(JSON.parse(active) as Active);
  }

  assertWritable(): void {
    this.store.assertAvailable();
  }

  registered(scenario: Scenario): void {
    this.store.track(
      this.store.redis
        .multi()
        .hset(this.k.registered, scenario.name, JSON.stringify(scenario))
        .publish(this.store.channel, this.store.message('scenario', scenario))
        .exec(),
    );
  }

  applied(active: Active): void {
    this.store.track(
      this.store.redis
        .multi()
        .set(this.k.active, JSON.stringify(active))
        .publish(this.store.channel, this.store.message('scenario.applied', active))
        .exec(),
    );
  }

  private receive(m: StoreMessage): void {
    switch (m.type) {
      case 'scenario':
        this.target?.put(m.data as Scenario);
        return;
      case 'scenario.applied':
        this.target?.setActive(m.data as Active);
        return;
      case 'reset':
        this.target?.reset();
        return;
    }
  }
}
