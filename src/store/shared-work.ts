/**
 * The due-work queue over Redis (work-queue.ts has the contract). Items: a sorted set by due time (emulator
 * ms) and a hash of their JSON. Every instance wakes at the earliest due time (a timer on its own Clock, so
 * a clock advanced through any instance wakes it too), and besides once a second of wall time; it then
 * claims due items one by one with a Lua script (redis-scripts.ts WORK_CLAIM): the item leaves the due set
 * and gets a lease in this instance's name, so its handler runs on exactly one instance. On success the item
 * is deleted. If the claiming instance dies (its heartbeat is gone, or the lease runs out: it is renewed
 * every second while the handler runs), the next claim puts the item back and another instance runs it.
 */
import type { Redis } from 'ioredis';
import type { Clock, ClockTimer } from '../core/clock.js';
import { HEARTBEAT_MS, SEEN_WITHIN_MS, type RedisStore, type StoreMessage } from './redis-store.js';
import { WORK_CLAIM, defineOnce } from './redis-scripts.js';
import type { ScheduleOptions, WorkHandler, WorkItem, WorkQueue } from './work-queue.js';

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

export class SharedWork implements WorkQueue {
  readonly shared = true;
  private readonly handlers = new Map<string, WorkHandler<any>>();
  /** Items whose handler runs here now: their leases are renewed. */
  private readonly running = new Set<string>();
  private wake: ClockTimer | undefined;
  private tick: NodeJS.Timeout | undefined;
  private pumping = false;
  private again = false;

  constructor(
    private readonly store: RedisStore,
    private readonly clock: Clock,
  ) {
    store.onMessage((m) => this.receive(m));
  }

  private get redis(): Redis & WorkScripts {
    return this.store.redis as unknown as Redis & WorkScripts;
  }

  private get k() {
    const key = (name: string) => this.store.key(`work:${name}`);
    return {
      due: key('due'),
      items: key('items'),
      leases: key('leases'),
      owners: key('owners'),
      prefer: key('prefer'),
      attempts: key('attempts'),
    };
  }

  /** The keys a reset deletes. */
  keyNames(): string[] {
    return Object.values(this.k);
  }

  /** Once the store is open and the handlers are registered: claims what is due, then wakes when needed. */
  start(): void {
    defineOnce(this.store.redis, 'svcWorkClaim', 7, WORK_CLAIM);
    if (this.tick) return;
    this.tick = setInterval(() => this.onTick(), HEARTBEAT_MS);
    this.tick.unref();
    void this.pump();
  }

  handle<P>(kind: string, handler: WorkHandler<P>): void {
    this.handlers.set(kind, handler);
  }

  schedule<P>(kind: string, id: string, payload: P, dueAt: number, options: ScheduleOptions = {}): void {
    this.store.assertAvailable();
    const m = member(kind, id);
    const k = this.k;
    const tx = this.redis
      .multi()
      .hset(k.items, m, JSON.stringify({ kind, id, payload, dueAt }))
      .zadd(k.due, dueAt, m)
      .hdel(k.attempts, m);
    if (options.anywhere) tx.hdel(k.prefer, m);
    else tx.hset(k.prefer, m, this.store.instanceId);
    this.store.track(tx.publish(this.store.channel, this.store.message('work.scheduled', { dueAt })).exec());
    this.arm(dueAt);
  }

  cancel(kind: string, id: string): void {
    this.store.assertAvailable();
    this.store.track(this.forget(member(kind, id)));
  }

  private forget(m: string): Promise<unknown> {
    const k = this.k;
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
      this.wake?.cancel();
      return;
    }
    if (this.store.status() !== 'ok') return;
    if (this.running.size > 0) {
      const tx = this.redis.multi();
      for (const m of this.running) tx.zadd(this.k.leases, 'XX', Date.now() + LEASE_MS, m);
      void tx.exec().catch(() => {});
    }
    void this.pump();
  }

  /** Claims due items until none is left, starting each one's handler; then sets the wake-up for the next. */
  private async pump(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.again = false;
        for (;;) {
          const k = this.k;
          const [m, json, attempt, next] = await this.redis.svcWorkClaim(
            k.due,
            k.items,
            k.leases,
            k.owners,
            k.prefer,
            k.attempts,
            this.store.key('instances'),
            this.clock.now(),
            Date.now(),
            LEASE_MS,
            this.store.instanceId,
            SEEN_WITHIN_MS,
          );
          if (!m) {
            if (next !== undefined && Number(next) >= 0) this.arm(Number(next));
            break;
          }
          void this.run(m, json, Number(attempt));
        }
      } while (this.again);
    } catch {
      // The store is away: the next tick tries again.
    } finally {
      this.pumping = false;
    }
  }

  private async run(m: string, json: string, attempt: number): Promise<void> {
    const item = { ...(JSON.parse(json) as Omit<WorkItem, 'attempt'>), attempt };
    this.running.add(m);
    try {
      const handler = this.handlers.get(item.kind);
      if (!handler) throw new Error(`no handler for work of kind '${item.kind}'`);
      await handler(item);
    } catch (err) {
      console.error(`[svc-emulator] work ${item.kind} ${item.id} failed (attempt ${attempt}):`, err);
      const k = this.k;
      const retry =
        attempt >= MAX_ATTEMPTS
          ? this.forget(m)
          : this.redis.multi().zrem(k.leases, m).hdel(k.owners, m).zadd(k.due, this.clock.now(), m).exec();
      // Left leased if even this fails: the lease runs out and the item is claimed again.
      await retry.catch(() => {});
      return;
    } finally {
      this.running.delete(m);
    }
    // Done. If this fails the item runs again once its lease is gone: handlers are idempotent.
    await this.forget(m).catch(() => {});
  }

  /** A wake-up on the emulator Clock at `dueAt` (the earliest one wins); due now: claim at once. */
  private arm(dueAt: number): void {
    const delay = dueAt - this.clock.now();
    if (delay <= 0) {
      void this.pump();
      return;
    }
    if (this.wake && this.wake.dueAt <= dueAt && this.wake.dueAt > this.clock.now()) return;
    this.wake?.cancel();
    this.wake = this.clock.setTimeout(
      () => {
        this.wake = undefined;
        void this.pump();
      },
      delay,
      'work queue',
    );
  }

  private receive(m: StoreMessage): void {
    if (m.type === 'work.scheduled') this.arm(Number((m.data as { dueAt: number }).dueAt));
  }
}

function member(kind: string, id: string): string {
  return `${kind}/${id}`;
}
