/**
 * The store's own shared parts, wired to one emulator: the due-work queue, and what another instance's reset
 * does here. Every area's state is its own (a state unit, src/store/state-unit.ts); the store-wide reset
 * (the generation, the `reset` message) is the store's beginReset/endReset.
 */
import type { Clock } from '../core/clock.js';
import type { RedisStore, StoreMessage } from './redis-store.js';
import { SharedWork } from './shared-work.js';

export interface SharedStateTargets {
  clock: Clock;
  /** What another instance's reset does here: close this instance's sockets. */
  onRemoteReset: () => void;
}

export class SharedState {
  readonly work: SharedWork;

  constructor(
    private readonly store: RedisStore,
    private readonly targets: SharedStateTargets,
  ) {
    this.work = new SharedWork(store, targets.clock);
    store.onMessage((m) => this.receive(m));
  }

  async open(): Promise<void> {
    await this.store.open();
    this.work.start();
  }

  /** POST /_emulator/reset on this instance: the parts here start over for every instance (Emulator.reset). */
  async reset(): Promise<void> {
    await this.store.run(() => this.store.redis.del(...this.keyNames()));
  }

  /** The keys of the due-work queue, deleted by a reset. */
  private keyNames(): string[] {
    return this.work.keyNames();
  }

  private receive(m: StoreMessage): void {
    if (m.type !== 'reset') return;
    this.targets.onRemoteReset();
  }
}
