/**
 * The due-work queue over Redis (work-queue.ts has the contract). Items: a sorted set by due time and a hash of
 * their JSON. There is one lane of those keys per clock (issue 24): the emulator's (`work:due`...) and one per
 * organization clock (`work:<clock id>:due`...), because an item of an organization with its own clock is due on
 * that clock. Every instance wakes at each lane's earliest due time (a timer on the lane's Clock, so a clock
 * advanced through any instance wakes it too), and besides once a second of wall time; it then claims a lane's
 * due items one by one with a Lua script (redis-scripts.ts WORK_CLAIM) given that lane's clock time: the item
 * leaves the due set and gets a lease in this instance's name, so its handler runs on exactly one instance. On
 * success the item is deleted. If the claiming instance dies (its heartbeat is gone, or the lease runs out: it
 * is renewed every second while the handler runs), the next claim puts the item back and another instance
 * runs it. Lanes come and go with the clocks (OrgClocks.onChange); a clock detached drops its lane's keys.
 */
import type { Redis } from 'ioredis';
import type { Clock, ClockTimer } from '../core/clock.js';
import { HEARTBEAT_MS, SEEN_WITHIN_MS, type RedisStore, type StoreMessage } from './redis-store.js';
import { WORK_CLAIM, defineOnce } from './redis-scripts.js';
import type { LaneClocks, ScheduleOptions, WorkHandler, WorkItem, WorkQueue } from './work-queue.js';

/** Wall time a claim holds an item without renewal; renewed every HEARTBEAT_MS while its handler runs. */
const LEASE_MS = 30_000;
/** After this many failed runs an item is dropped (logged): a handler that always throws must not spin. */
const MAX_ATTEMPTS = 10;

type Claimed = [member: string, json: string, attempt: number, next?: string];

interface WorkScripts {
  svcWorkClaim(
    ...args: [string, string, string, string, string, string, string, number, number, number, string, number]
  ): Promise<Claimed>;
}

type LaneKeys = Record<'due' | 'items' | 'leases' | 'owners' | 'prefer' | 'attempts', string>;

/** The items due on one clock: its keys, and this instance's wake-up and pumping on that clock. */
class Lane {
  wake: ClockTimer | undefined;
  /** The pump claiming this lane's due items now, if one is. */
  pumping: Promise<void> | undefined;
  again = false;
  /** Items of this lane whose handler runs here now: their leases are renewed. */
  readonly running = new Set<string>();
  /** Those handlers' runs, for a move of the clock to wait for (CJ7). */
  readonly runs = new Set<Promise<void>>();
  readonly k: LaneKeys;

  constructor(
    store: RedisStore,
    /** The clock's state id (`sandbox:<id>:clock`); empty for the emulator's clock. */
    readonly id: string,
    readonly clock: Clock,
  ) {
    const key = (name: string) => store.key(id ? `work:${id}:${name}` : `work:${name}`);
    this.k = {
      due: key('due'),
      items: key('items'),
      leases: key('leases'),
      owners: key('owners'),
      prefer: key('prefer'),
      attempts: key('attempts'),
    };
  }
}

export class SharedWork implements WorkQueue {
  readonly shared = true;
  private readonly handlers = new Map<string, WorkHandler<any>>();
  /** The emulator clock's lane, then one per organization clock known here. */
  private readonly global: Lane;
  private readonly lanes = new Map<string, Lane>();
  private readonly laneOfClock = new Map<Clock, Lane>();
  private clocks: LaneClocks | undefined;
  private tick: NodeJS.Timeout | undefined;
  private started = false;

  constructor(
    private readonly store: RedisStore,
    clock: Clock,
  ) {
    this.global = new Lane(store, '', clock);
    this.lanes.set('', this.global);
    this.laneOfClock.set(clock, this.global);
    store.onMessage((m) => this.receive(m));
  }

  private get redis(): Redis & WorkScripts {
    return this.store.redis as unknown as Redis & WorkScripts;
  }

  /**
   * Items of an organization with its own clock go to that clock's lane. Called once with the emulator's
   * clocks (store/index.ts workQueueFor); until then every item is on the emulator clock's lane.
   */
  follow(clocks: LaneClocks): void {
    if (this.clocks) return;
    this.clocks = clocks;
    clocks.onChange({
      attached: (_orgId, clock) => this.addLane(clock),
      detached: (_orgId, clock) => this.dropLane(clock),
    });
  }

  /** The keys a reset deletes: every lane's known here. */
  keyNames(): string[] {
    return [...this.lanes.values()].flatMap((lane) => Object.values(lane.k));
  }

  /** Once the store is open and the handlers are registered: claims what is due, then wakes when needed. */
  start(): void {
    defineOnce(this.store.redis, 'svcWorkClaim', 7, WORK_CLAIM);
    if (this.tick) return;
    this.started = true;
    this.tick = setInterval(() => this.onTick(), HEARTBEAT_MS);
    this.tick.unref();
    for (const lane of this.lanes.values()) void this.pump(lane);
  }

  handle<P>(kind: string, handler: WorkHandler<P>): void {
    this.handlers.set(kind, handler);
  }

  schedule<P>(kind: string, id: string, payload: P, dueAt: number, options: ScheduleOptions = {}): void {
    this.store.assertAvailable();
    const lane = this.laneOf(options.org);
    const m = member(kind, id);
    const k = lane.k;
    const tx = this.redis
      .multi()
      .hset(k.items, m, JSON.stringify({ kind, id, payload, dueAt }))
      .zadd(k.due, dueAt, m)
      .hdel(k.attempts, m);
    if (options.anywhere) tx.hdel(k.prefer, m);
    else tx.hset(k.prefer, m, this.store.instanceId);
    const message = this.store.message('work.scheduled', { dueAt, lane: lane.id });
    this.store.track(tx.publish(this.store.channel, message).exec());
    this.arm(lane, dueAt);
  }

  cancel(kind: string, id: string, org?: string): void {
    this.store.assertAvailable();
    this.store.track(this.forget(this.laneOf(org), member(kind, id)));
  }

  private laneOf(org: string | undefined): Lane {
    if (!this.clocks || !org) return this.global;
    return this.laneOfClock.get(this.clocks.for(org)) ?? this.global;
  }

  private addLane(clock: Clock): void {
    if (this.laneOfClock.has(clock)) return;
    const lane = new Lane(this.store, clock.timeState.name, clock);
    this.lanes.set(lane.id, lane);
    this.laneOfClock.set(clock, lane);
    // Items another instance put on this clock before it was known here.
    if (this.started) void this.pump(lane);
  }

  /** The clock is gone (its sandbox deleted): so are its items, for every instance. */
  private dropLane(clock: Clock): void {
    const lane = this.laneOfClock.get(clock);
    if (!lane || lane === this.global) return;
    lane.wake?.cancel();
    this.lanes.delete(lane.id);
    this.laneOfClock.delete(clock);
    void this.store.redis.del(...Object.values(lane.k)).catch(() => {});
  }

  private forget(lane: Lane, m: string): Promise<unknown> {
    const k = lane.k;
    return this.redis
      .multi()
      .zrem(k.due, m)
      .hdel(k.items, m)
      .zrem(k.leases, m)
      .hdel(k.owners, m)
      .hdel(k.prefer, m)
      .hdel(k.attempts, m)
      .exec();
  }

  private onTick(): void {
    if (this.store.redis.status === 'end') {
      clearInterval(this.tick);
      for (const lane of this.lanes.values()) lane.wake?.cancel();
      return;
    }
    if (this.store.status() !== 'ok') return;
    for (const lane of this.lanes.values()) {
      if (lane.running.size > 0) {
        const tx = this.redis.multi();
        for (const m of lane.running) tx.zadd(lane.k.leases, 'XX', Date.now() + LEASE_MS, m);
        void tx.exec().catch(() => {});
      }
      // Armed again by the pump: a wake-up the clock dropped (a sandbox's reset clears its timers) is not
      // taken for a pending one.
      lane.wake?.cancel();
      lane.wake = undefined;
      void this.pump(lane);
    }
  }

  /**
   * Claims a lane's due items until none is left, starting each one's handler; then sets its next wake-up.
   * Resolves when the claims are done (a pump already claiming is asked to claim again, and its end returned).
   */
  private pump(lane: Lane): Promise<void> {
    if (lane.pumping) {
      lane.again = true;
      return lane.pumping;
    }
    const pumping = this.claimDue(lane).finally(() => {
      if (lane.pumping === pumping) lane.pumping = undefined;
    });
    lane.pumping = pumping;
    return pumping;
  }

  private async claimDue(lane: Lane): Promise<void> {
    try {
      do {
        lane.again = false;
        for (;;) {
          const k = lane.k;
          const [m, json, attempt, next] = await this.redis.svcWorkClaim(
            k.due,
            k.items,
            k.leases,
            k.owners,
            k.prefer,
            k.attempts,
            this.store.key('instances'),
            lane.clock.now(),
            Date.now(),
            LEASE_MS,
            this.store.instanceId,
            SEEN_WITHIN_MS,
          );
          if (!m) {
            if (next !== undefined && Number(next) >= 0) this.arm(lane, Number(next));
            break;
          }
          const run = this.run(lane, m, json, Number(attempt));
          lane.runs.add(run);
          void run.finally(() => lane.runs.delete(run));
        }
      } while (lane.again && this.lanes.get(lane.id) === lane);
    } catch {
      // The store is away: the next tick tries again.
    }
  }

  private async run(lane: Lane, m: string, json: string, attempt: number): Promise<void> {
    const item = { ...(JSON.parse(json) as Omit<WorkItem, 'attempt'>), attempt };
    lane.running.add(m);
    try {
      const handler = this.handlers.get(item.kind);
      if (!handler) throw new Error(`no handler for work of kind '${item.kind}'`);
      await handler(item);
    } catch (err) {
      console.error(`[svc-emulator] work ${item.kind} ${item.id} failed (attempt ${attempt}):`, err);
      const k = lane.k;
      const retry =
        attempt >= MAX_ATTEMPTS
          ? this.forget(lane, m)
          : this.redis.multi().zrem(k.leases, m).hdel(k.owners, m).zadd(k.due, lane.clock.now(), m).exec();
      // Left leased if even this fails: the lease runs out and the item is claimed again.
      await retry.catch(() => {});
      return;
    } finally {
      lane.running.delete(m);
    }
    // Done. If this fails the item runs again once its lease is gone: handlers are idempotent.
    await this.forget(lane, m).catch(() => {});
  }

  /** A wake-up on the lane's clock at `dueAt` (the earliest one wins); due now: claim at once. */
  private arm(lane: Lane, dueAt: number): void {
    if (this.lanes.get(lane.id) !== lane) return;
    const delay = dueAt - lane.clock.now();
    if (delay <= 0) {
      void this.pump(lane);
      return;
    }
    if (lane.wake && lane.wake.dueAt <= dueAt && lane.wake.dueAt > lane.clock.now()) return;
    lane.wake?.cancel();
    // Awaited (CJ7): the move of the clock that made items due answers once the handlers running here are done.
    lane.wake = lane.clock.setTimeout(
      async () => {
        lane.wake = undefined;
        await this.pump(lane);
        await Promise.allSettled([...lane.runs]);
      },
      delay,
      'work queue',
      { awaited: true },
    );
  }

  private receive(m: StoreMessage): void {
    if (m.type !== 'work.scheduled') return;
    const data = m.data as { dueAt: number; lane?: string };
    const lane = this.lanes.get(data.lane ?? '');
    if (lane) this.arm(lane, Number(data.dueAt));
  }
}

function member(kind: string, id: string): string {
  return `${kind}/${id}`;
}
