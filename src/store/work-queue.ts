/**
 * The due-work queue (issue 17): work to do at a given clock time (a job's completion, a retry), kept so
 * that it runs once, on one instance. An item of an organization is due on that organization's clock
 * (issue 24: `clocks.for(org)`, one lane per clock). With the memory store it is a timer on that Clock. With Redis (shared-work.ts) the items live in Redis: every instance wakes at the
 * earliest due time, one claims an item atomically, and if that instance dies another one runs it again.
 *
 * A handler must therefore be idempotent: it may run again after a run that did part of its work on an
 * instance that died. Work that must survive an instance keeps what it needs in its payload (JSON), or in
 * Redis keys the payload names (with a TTL).
 */
import type { Clock, ClockTimer } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';

/** The clocks a queue keeps its lanes on: each organization's (core/clocks.ts), and their comings and goings. */
export type LaneClocks = Pick<OrgClocks, 'for' | 'onChange'>;

/** One clock for every organization (a queue built before sandboxes, or a unit test's). */
export function oneClock(clock: Clock): LaneClocks {
  return { for: () => clock, onChange: () => {} };
}

export interface WorkItem<P = unknown> {
  kind: string;
  id: string;
  payload: P;
  /** Time (epoch ms, of the clock of its lane) at which the item became due. */
  dueAt: number;
  /** 1 on the first run; more when a run failed or its instance died and the item was claimed again. */
  attempt: number;
}

export type WorkHandler<P = unknown> = (item: WorkItem<P>) => Promise<void>;

export interface ScheduleOptions {
  /**
   * By default the instance that scheduled the item runs it while it is alive (it may hold the work in
   * memory); another instance takes it only once that one's heartbeat is gone. `anywhere`: any instance.
   */
  anywhere?: boolean;
  /**
   * The organization the item is for: it is due on that organization's clock (`clocks.for(org)`, its
   * sandbox's own or the emulator's), and `dueAt` is a time of that clock. Absent: the emulator's clock.
   */
  org?: string;
}

export interface WorkQueue {
  /** True when the items are shared between instances (Redis). */
  readonly shared: boolean;
  /**
   * Runs `kind`'s handler with the item at `dueAt` (emulator time). Scheduling the same kind and id again
   * replaces the item. With Redis: throws 502 `upstream_error` while the store is down, before anything
   * changes; the write is tracked (StateStore.settled), so an answer sent after it finds the item in Redis.
   */
  schedule<P>(kind: string, id: string, payload: P, dueAt: number, options?: ScheduleOptions): void;
  /** Drops the item if it has not run yet (`org`: the organization it was scheduled for, if any). */
  cancel(kind: string, id: string, org?: string): void;
  /** The handler of one kind (one per kind; every instance registers the same ones). */
  handle<P>(kind: string, handler: WorkHandler<P>): void;
}

/**
 * The memory store's queue: one timer per item on the clock of the item's organization, nothing async added.
 * A clock that goes (its sandbox deleted) drops its timers with it.
 */
export class MemoryWorkQueue implements WorkQueue {
  readonly shared = false;
  private readonly timers = new Map<string, { timer: Pick<ClockTimer, 'cancel'>; clock: Clock }>();
  private readonly handlers = new Map<string, WorkHandler<any>>();

  constructor(private readonly clocks: LaneClocks) {
    clocks.onChange({
      detached: (_orgId, clock) => {
        for (const [key, t] of this.timers) if (t.clock === clock) this.timers.delete(key);
      },
    });
  }

  schedule<P>(kind: string, id: string, payload: P, dueAt: number, options: ScheduleOptions = {}): void {
    const key = `${kind}/${id}`;
    this.timers.get(key)?.timer.cancel();
    const clock = this.clocks.for(options.org);
    const run = () => {
      this.timers.delete(key);
      return this.handlers.get(kind)?.({ kind, id, payload, dueAt, attempt: 1 });
    };
    const delay = dueAt - clock.now();
    // Due already: on the next turn, as the shared queue does (a frozen clock would never fire a timer).
    if (delay <= 0) {
      const now = setImmediate(() => {
        run()?.catch((err: unknown) => console.error(`[svc-emulator] work ${kind} ${id} failed:`, err));
      });
      this.timers.set(key, { timer: { cancel: () => clearImmediate(now) }, clock });
      return;
    }
    // Awaited: a move of the clock that makes the item due answers once its handler is done (CJ7).
    this.timers.set(key, { timer: clock.setTimeout(run, delay, `${kind} ${id}`, { awaited: true }), clock });
  }

  cancel(kind: string, id: string): void {
    const key = `${kind}/${id}`;
    this.timers.get(key)?.timer.cancel();
    this.timers.delete(key);
  }

  handle<P>(kind: string, handler: WorkHandler<P>): void {
    this.handlers.set(kind, handler);
  }
}
