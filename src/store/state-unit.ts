/**
 * The areas' state as the composition root sees it (issue 23, style.md practice 11). Each area owns its
 * state: an interface in its folder, a memory implementation and a Redis one side by side, picked once by the
 * area's factory from the StateStore. Every such state is a StateUnit registered with the emulator's
 * StateUnits, so loading a shared store and a reset are one loop over them, not a hand-kept list.
 */
import type { MaybePromise } from '../core/maybe.js';

/** What a reset keeps (POST /_emulator/reset). */
export interface ResetOptions {
  /** `keep_clock`: the clock keeps its mode, scale and time (only its timers go, and those are per instance). */
  keepClock?: boolean;
}

/**
 * What a unit holds for each organization, listed, reset and exported one organization at a time (issue 23
 * item 2; sandboxes and snapshots build on it). In Redis, an organization's state lives under keys that name
 * it (`…org:{id}:…`), so this is found without reading anyone else's.
 */
export interface OrgStatePart {
  /** The organizations this unit holds anything for, in any order (StateUnits sorts and merges). */
  ids(): MaybePromise<Iterable<string>>;
  /**
   * Removes everything this unit holds for `orgId`, for every instance (with Redis, the others drop what they
   * keep at hand before this resolves or on the event it publishes, as for a whole reset), and nothing of any
   * other organization. Idempotent: an organization it holds nothing for is no error.
   */
  reset(orgId: string): MaybePromise<void>;
  /**
   * What this unit holds for `orgId` as plain JSON data (no Map, Date, Buffer or undefined members), the same
   * value for the same state whatever the store or instance: lists in a stable order (by id, creation or
   * sequence), never in hash order. `undefined` when it holds nothing for that organization. Secrets as stored
   * (key hashes and display forms, never a full key).
   */
  export(orgId: string): MaybePromise<unknown>;
}

export interface StateUnit {
  /** A short name for errors and logs (`faults`, `billing`...), and its section in an export. */
  readonly name: string;
  /** The part of this state that belongs to organizations; absent on units that hold none (the clock). */
  readonly perOrg?: OrgStatePart;
  /**
   * What this unit holds outside any organization (the clock's anchor, the applied scenario, global fault
   * rules), as JSON data under the same rules as `OrgStatePart.export`; absent or `undefined` when none.
   */
  exportShared?(): MaybePromise<unknown>;
  /** Loads what a Redis implementation keeps at hand (at start, before the demo state); nothing to do in memory. */
  open?(): Promise<void>;
  /**
   * Empties this state (POST /_emulator/reset). With Redis, for every instance: the others drop what they
   * keep at hand when the store's `reset` message reaches them.
   */
  reset(options?: ResetOptions): MaybePromise<void>;
}

export class StateUnits {
  private readonly units: StateUnit[] = [];

  add<T extends StateUnit>(unit: T): T {
    if (this.units.some((u) => u.name === unit.name)) throw new Error(`two state units named ${unit.name}`);
    this.units.push(unit);
    return unit;
  }

  list(): readonly StateUnit[] {
    return this.units;
  }

  async open(): Promise<void> {
    for (const unit of this.units) await unit.open?.();
  }

  /** Every organization some unit holds state for, sorted. */
  async orgIds(): Promise<string[]> {
    const ids = new Set<string>();
    for (const unit of this.units) {
      if (!unit.perOrg) continue;
      for (const id of await unit.perOrg.ids()) ids.add(id);
    }
    return [...ids].sort();
  }

  /** Removes one organization's state from every unit (in the order they were added), and nothing else. */
  async resetOrg(orgId: string): Promise<void> {
    for (const unit of this.units) {
      const pending = unit.perOrg?.reset(orgId);
      if (pending) await pending;
    }
  }

  /** One organization's state, one section per unit that holds any, in canonical form (sorted object keys). */
  async exportOrg(orgId: string): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const unit of [...this.units].sort((a, b) => compare(a.name, b.name))) {
      const data = await unit.perOrg?.export(orgId);
      if (data !== undefined) out[unit.name] = canonical(data);
    }
    return out;
  }

  /** The whole state: what units hold outside organizations, then each organization's, in canonical form. */
  async export(): Promise<{
    shared: Record<string, unknown>;
    orgs: Record<string, Record<string, unknown>>;
  }> {
    const shared: Record<string, unknown> = {};
    for (const unit of [...this.units].sort((a, b) => compare(a.name, b.name))) {
      const data = await unit.exportShared?.();
      if (data !== undefined) shared[unit.name] = canonical(data);
    }
    const orgs: Record<string, Record<string, unknown>> = {};
    for (const id of await this.orgIds()) orgs[id] = await this.exportOrg(id);
    return { shared, orgs };
  }

  /** Resets every unit in the order they were added; synchronous units cost no await. */
  async reset(options: ResetOptions = {}): Promise<void> {
    for (const unit of this.units) {
      const pending = unit.reset(options);
      if (pending) await pending;
    }
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** JSON data with every object's keys in sorted order, so equal state exports to equal bytes. */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort(compare)) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = canonical(v);
  }
  return out;
}
