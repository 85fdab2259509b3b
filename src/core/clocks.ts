/**
 * Clocks per organization (issue 24, test clocks): the emulator's clock, and the clocks some organizations
 * (sandboxes) have of their own. Every time rule of an organization reads `clocks.for(orgId)`: its own clock
 * when it has one, the emulator's otherwise (as before sandboxes). Stripe's test clocks attach time to an
 * object, not to the process; this is the same idea with the organization as the object.
 *
 * The lookup is one Map read, skipped while no organization has a clock of its own, so the request path of an
 * organization without one costs nothing measurable. A clock of an organization is a Clock like the
 * emulator's, with its own state (in this process, or in Redis under its own id) and its own timers.
 */
import type { ClockStart } from './clock-anchor.js';
import type { Clock } from './clock.js';

/** Makes the clock with state id `id` (the store's kind: memory or Redis), starting from `start`. */
export type ClockMaker = (id: string, start: ClockStart) => Clock;

export interface OrgClockListener {
  /** An organization got its own clock (on this instance: made here, or loaded from a shared store). */
  attached?(orgId: string, clock: Clock): void;
  /** It lost it (its sandbox was deleted): the clock is disposed right after the listeners return. */
  detached?(orgId: string, clock: Clock): void;
}

export class OrgClocks {
  private readonly byOrg = new Map<string, Clock>();
  private readonly listeners: OrgClockListener[] = [];

  constructor(
    /** The emulator's clock: every organization without its own follows it. */
    readonly global: Clock,
    private readonly make: ClockMaker,
  ) {}

  /** The clock behind `orgId`'s time rules: its own, or the emulator's. */
  for(orgId: string | null | undefined): Clock {
    if (this.byOrg.size === 0 || !orgId) return this.global;
    return this.byOrg.get(orgId) ?? this.global;
  }

  /** `orgId`'s own clock, if it has one. */
  own(orgId: string): Clock | undefined {
    return this.byOrg.get(orgId);
  }

  /** Every organization with a clock of its own, and that clock. */
  owned(): [orgId: string, clock: Clock][] {
    return [...this.byOrg];
  }

  /**
   * Gives `orgId` its own clock with state id `id` (`sandbox:<id>:clock`), starting from `start`; with a shared
   * store, an instance that attaches a clock already in Redis takes its time from there (open it before use).
   * Attaching again returns the clock already attached.
   */
  attach(orgId: string, id: string, start: ClockStart): Clock {
    const existing = this.byOrg.get(orgId);
    if (existing) return existing;
    const clock = this.make(id, start);
    this.byOrg.set(orgId, clock);
    for (const l of this.listeners) l.attached?.(orgId, clock);
    return clock;
  }

  /** `orgId` follows the emulator's clock again; its own clock's timers are dropped. */
  detach(orgId: string): void {
    const clock = this.byOrg.get(orgId);
    if (!clock) return;
    this.byOrg.delete(orgId);
    for (const l of this.listeners) l.detached?.(orgId, clock);
    clock.dispose();
  }

  onChange(listener: OrgClockListener): void {
    this.listeners.push(listener);
    for (const [orgId, clock] of this.byOrg) listener.attached?.(orgId, clock);
  }
}
