import type { Clock, ClockTimer } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';

/** A finalized invoice and its lines are the document's (`Invoice`, also the `data` of `invoice.finalized`). */
export type { Invoice, InvoiceLine } from '../contract/admin-types.js';

export interface Period {
  start: number;
  end: number;
}

export interface PeriodsOptions {
  /** Each organization's periods run on its clock (its sandbox's own, or the emulator's). */
  clocks: Pick<OrgClocks, 'for'>;
  /** Fixed period length in seconds; default: calendar months in UTC. */
  periodSeconds?: number;
  /** A period's end reached on this instance's clock: Metering closes it (once across instances). */
  onEnd: (orgId: string, end: number) => void;
}

/**
 * Billing periods in clock time: calendar months in UTC by default (or fixed lengths aligned to the
 * epoch). A period ends by itself when its organization's clock reaches its end (a timer on that clock, so
 * advancing a frozen clock ends it) or early through the admin API; the next period starts at the close
 * instant. Each instance keeps its own timers; what a close does to the figures is in the billing state.
 */
export class BillingPeriods {
  private readonly periods = new Map<string, Period & { clock: Clock }>();
  /**
   * One timer per clock and period end, for every organization whose period ends then: they close in id order,
   * the same order on every instance and after a snapshot load (which opens periods in its own order), so the
   * invoice ids minted at a shared boundary do not depend on which organization was billed first.
   */
  private readonly ends = new Map<Clock, Map<number, { timer: ClockTimer; orgs: Set<string> }>>();

  constructor(private readonly opts: PeriodsOptions) {
    const s = opts.periodSeconds;
    if (s !== undefined && (!Number.isInteger(s) || s < 1)) {
      throw new RangeError(`periodSeconds must be an integer >= 1 (got ${s})`);
    }
  }

  /** The organization's current period; `clock` is its clock when the caller has already looked it up. */
  current(orgId: string, clock?: Clock): Period {
    const p = this.periods.get(orgId);
    if (p) return { start: p.start, end: p.end };
    const on = clock ?? this.opts.clocks.for(orgId);
    const now = on.now();
    return this.open(orgId, on, this.startOf(now), now);
  }

  /** The period closed (here or through another instance): the next one starts at the close (`closedAt`), or now. */
  roll(orgId: string, closedAt?: number): void {
    const clock = this.opts.clocks.for(orgId);
    const now = clock.now();
    this.drop(orgId);
    this.open(orgId, clock, Math.min(closedAt ?? now, now), now);
  }

  /**
   * After a load (issue 25): the period opens again with its end armed, starting where the last one closed
   * (`closedAt`, the last invoice's end) when that was a close within the current calendar period (an early
   * close through the admin API), else at the period's boundary, as it did before the save.
   */
  resume(orgId: string, closedAt?: number): void {
    const clock = this.opts.clocks.for(orgId);
    const now = clock.now();
    this.drop(orgId);
    const boundary = this.startOf(now);
    const start = closedAt !== undefined && closedAt > boundary && closedAt <= now ? closedAt : boundary;
    this.open(orgId, clock, start, now);
  }

  /** The organization's state was reset: its next period opens as a new organization's would. */
  drop(orgId: string): void {
    const p = this.periods.get(orgId);
    if (!p) return;
    this.periods.delete(orgId);
    const byEnd = this.ends.get(p.clock);
    const due = byEnd?.get(p.end);
    if (!due) return;
    due.orgs.delete(orgId);
    if (due.orgs.size > 0) return;
    due.timer.cancel();
    byEnd!.delete(p.end);
    if (byEnd!.size === 0) this.ends.delete(p.clock);
  }

  reset(): void {
    for (const byEnd of this.ends.values()) for (const due of byEnd.values()) due.timer.cancel();
    this.ends.clear();
    this.periods.clear();
  }

  private open(orgId: string, clock: Clock, start: number, now: number): Period {
    const end = this.nextBoundary(now);
    this.periods.set(orgId, { start, end, clock });
    let byEnd = this.ends.get(clock);
    if (!byEnd) this.ends.set(clock, (byEnd = new Map()));
    let due = byEnd.get(end);
    if (!due) {
      // On the organization's clock: advancing it past the boundary ends this period, and no other clock does.
      const timer = clock.setTimeout(() => this.ended(clock, end), end - now, `billing period end ${end}`);
      byEnd.set(end, (due = { timer, orgs: new Set() }));
    }
    due.orgs.add(orgId);
    return { start, end };
  }

  /** The periods ending at `end` on `clock` close, in organization id order. */
  private ended(clock: Clock, end: number): void {
    const byEnd = this.ends.get(clock);
    const due = byEnd?.get(end);
    if (!due) return;
    byEnd!.delete(end);
    if (byEnd!.size === 0) this.ends.delete(clock);
    for (const orgId of [...due.orgs].sort()) {
      if (this.periods.get(orgId)?.end === end) this.opts.onEnd(orgId, end);
    }
  }

  private startOf(t: number): number {
    if (this.opts.periodSeconds)
      return Math.floor(t / (this.opts.periodSeconds * 1000)) * this.opts.periodSeconds * 1000;
    const d = new Date(t);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }

  /** The first period boundary strictly after t. */
  private nextBoundary(t: number): number {
    if (this.opts.periodSeconds) return this.startOf(t) + this.opts.periodSeconds * 1000;
    const d = new Date(t);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
}
