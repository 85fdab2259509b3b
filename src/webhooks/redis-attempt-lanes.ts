/**
 * The lanes of the webhook attempts' queue in Redis (issue 24): an attempt of an organization with its own
 * clock is due on that clock, so it waits in that clock's due set (`webhooks:<clock id>:due`), claimed with that
 * clock's time and woken by a timer on it; every other attempt waits in `webhooks:due` on the emulator's clock.
 * The rest of a delivery (its organization's hash, the list, the leases) is the same whatever its lane.
 */
import type { Clock, ClockTimer } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';
import type { RedisStore } from '../store/redis-store.js';

export interface AttemptLane {
  /** The clock's state id; empty for the emulator's. */
  readonly id: string;
  readonly clock: Clock;
  /** The lane's due set: member `ID|SERIES`, score the ms of the lane's clock it is due. */
  readonly due: string;
  wake: ClockTimer | undefined;
  wakeAt: number;
}

export class AttemptLanes {
  private readonly global: AttemptLane;
  private readonly byClock = new Map<Clock, AttemptLane>();

  constructor(
    private readonly store: RedisStore,
    private readonly clocks: Pick<OrgClocks, 'for' | 'onChange'>,
    globalDue: string,
  ) {
    const clock = clocks.for(null);
    this.global = { id: '', clock, due: globalDue, wake: undefined, wakeAt: Infinity };
    this.byClock.set(clock, this.global);
    clocks.onChange({
      attached: (_orgId, c) => this.add(c),
      detached: (_orgId, c) => this.drop(c),
    });
  }

  /** The lane of `orgId`'s attempts. */
  of(orgId: string): AttemptLane {
    return this.byClock.get(this.clocks.for(orgId)) ?? this.global;
  }

  all(): IterableIterator<AttemptLane> {
    return this.byClock.values();
  }

  /** The due sets of the organization clocks' lanes (the emulator's is among the queue's own keys). */
  ownDueKeys(): string[] {
    return [...this.byClock.values()].filter((l) => l !== this.global).map((l) => l.due);
  }

  private add(clock: Clock): void {
    if (this.byClock.has(clock)) return;
    const id = clock.timeState.name;
    const due = this.store.key(`webhooks:${id}:due`);
    this.byClock.set(clock, { id, clock, due, wake: undefined, wakeAt: Infinity });
  }

  /** The clock is gone with its sandbox (whose deliveries a reset of its organization removed): so is its lane. */
  private drop(clock: Clock): void {
    const lane = this.byClock.get(clock);
    if (!lane || lane === this.global) return;
    lane.wake?.cancel();
    this.byClock.delete(clock);
    void this.store.redis.del(lane.due).catch(() => {});
  }
}
