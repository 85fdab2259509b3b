/**
 * The part of the shared state not yet owned by its area, wired to one emulator: fault rules, scenarios and
 * the due-work queue, and the store-wide reset (the generation, which retires every key an area keeps
 * under it, and the `reset` message).
 */
import type { FaultStore } from '../faults/store.js';
import type { Clock } from '../core/clock.js';
import type { RedisStore, StoreMessage } from './redis-store.js';
import type { ScenarioReplica } from '../scenarios/scenarios.js';
import { SharedFaults } from '../faults/redis-faults.js';
import { SharedScenarios, type ScenarioTarget } from '../scenarios/redis-scenarios.js';
import { SharedWork } from './shared-work.js';

export interface SharedStateTargets {
  faults: FaultStore;
  /** Binds the shared scenarios to the emulator (scenarios.ts `scenarioTarget`). */
  scenarios: (replica: ScenarioReplica) => ScenarioTarget;
  clock: Clock;
  /** What another instance's reset does here: close this instance's sockets. */
  onRemoteReset: () => void;
}

export class SharedState {
  readonly faults: SharedFaults;
  readonly scenarios: SharedScenarios;
  readonly work: SharedWork;

  constructor(
    private readonly store: RedisStore,
    private readonly targets: SharedStateTargets,
  ) {
    this.faults = new SharedFaults(store, targets.faults);
    this.scenarios = new SharedScenarios(store);
    this.work = new SharedWork(store, targets.clock);
    store.onMessage((m) => this.receive(m));
  }

  async open(): Promise<void> {
    await this.store.open();
    await this.faults.load();
    await this.scenarios.open(this.targets.scenarios(this.scenarios));
    this.work.start();
    this.targets.faults.replica = this.faults;
  }

  /** POST /_emulator/reset on this instance: the parts here start over for every instance (Emulator.reset). */
  async reset(): Promise<void> {
    await this.store.run(() => this.store.redis.del(...this.keyNames()));
  }

  /** The keys of every shared part, deleted by a reset. */
  private keyNames(): string[] {
    return [this.faults, this.scenarios, this.work].flatMap((part) => part.keyNames());
  }

  private receive(m: StoreMessage): void {
    if (m.type !== 'reset') return;
    this.targets.onRemoteReset();
  }

}
