/**
 * The first slice of shared state, wired to one emulator: rate-limit windows, and resets. Window keys carry
 * the store's generation, which a reset increments: a reset on any instance retires every window (and every
 * area's state kept in the generation: ws-tokens, organizations...) at once without a scan.
 */
import type { WindowBackend } from '../metering/rate-limit.js';
import type { FaultStore } from '../faults/store.js';
import type { Metering } from '../metering/index.js';
import type { Clock } from '../core/clock.js';
import type { RedisStore, StoreMessage } from './redis-store.js';
import type { ScenarioReplica } from '../scenarios/scenarios.js';
import { SharedBilling } from '../metering/redis-billing.js';
import { SharedFaults } from '../faults/redis-faults.js';
import { SharedScenarios, type ScenarioTarget } from '../scenarios/redis-scenarios.js';
import { SharedSttJobs } from '../stt/redis-jobs.js';
import { SharedWork } from './shared-work.js';

/** Wall-time garbage collection of windows: they are checked on the emulator clock, which a test may freeze. */
const WINDOW_GC_MIN_MS = 3_600_000;

export interface SharedStateTargets {
  faults: FaultStore;
  /** Binds the shared scenarios to the emulator (scenarios.ts `scenarioTarget`). */
  scenarios: (replica: ScenarioReplica) => ScenarioTarget;
  clock: Clock;
  metering: Metering;
  /** What another instance's reset does here: close this instance's sockets. */
  onRemoteReset: () => void;
}

export class SharedState implements WindowBackend {
  readonly faults: SharedFaults;
  readonly scenarios: SharedScenarios;
  readonly work: SharedWork;
  readonly sttJobs: SharedSttJobs;
  readonly billing: SharedBilling;

  constructor(
    private readonly store: RedisStore,
    private readonly targets: SharedStateTargets,
  ) {
    this.faults = new SharedFaults(store, targets.faults);
    this.scenarios = new SharedScenarios(store);
    this.work = new SharedWork(store, targets.clock);
    this.sttJobs = new SharedSttJobs(store);
    this.billing = new SharedBilling(store, targets.metering.replica, () => store.generation);
    store.onMessage((m) => this.receive(m));
  }

  async open(): Promise<void> {
    await this.store.open();
    await this.faults.load();
    await this.scenarios.open(this.targets.scenarios(this.scenarios));
    this.sttJobs.open();
    this.work.start();
    await this.billing.open();
    this.targets.metering.shared = this.billing;
    this.targets.metering.rateLimiter.sharedRules = this.billing;
    this.targets.faults.replica = this.faults;
  }

  /** POST /_emulator/reset on this instance: the shared slice starts over for every instance. */
  async reset(): Promise<void> {
    const results = await this.store.run(() => {
      return this.store.redis.multi().incr(this.store.key('gen')).del(...this.keyNames()).exec();
    });
    // exec() answers [error, result] per command; the first is the new generation.
    this.store.advanceGeneration(Number(results?.[0]?.[1]) || this.store.generation + 1);
    await this.store.run(() =>
      this.store.redis.publish(this.store.channel, this.store.message('reset', { gen: this.store.generation })),
    );
  }

  /** The keys of every shared part, deleted by a reset. */
  private keyNames(): string[] {
    return [this.faults, this.scenarios, this.work, this.sttJobs, this.billing].flatMap((part) => part.keyNames());
  }

  private receive(m: StoreMessage): void {
    if (m.type !== 'reset') return;
    this.targets.onRemoteReset();
  }

  private scoped(name: string): string {
    return this.store.scopedKey(name);
  }

  // Rate-limit windows: one counter per key and window, counted atomically (redis-scripts.ts RATE_HIT).

  async hitWindow(
    keyId: string,
    limit: number,
    windowMs: number,
    start: number,
  ): Promise<{ allowed: boolean; count: number }> {
    const ttl = Math.max(WINDOW_GC_MIN_MS, windowMs * 2);
    const [allowed, count] = await this.store.run(() =>
      this.store.redis.svcRateHit(this.scoped(`rl:${keyId}:${windowMs}:${start}`), limit, ttl),
    );
    return { allowed: allowed === 1, count };
  }
}
