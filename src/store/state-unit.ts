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
  export(orgId: string, options?: ExportOptions): MaybePromise<unknown>;
  /**
   * Puts back one organization's state from what `export(orgId)` gave (issue 25, snapshots), for every
   * instance: afterwards `export(orgId)` gives the same value and every read answers as before the export.
   * Called only for an organization this unit holds nothing for (the loader resets it first), with data that
   * passed this unit's section of the state schema (openapi/admin.yaml, `State…`) and `check`. Starts no
   * timer and schedules no work: the area re-arms its due work in its `StateUnits.onLoaded` listener.
   */
  import(orgId: string, data: unknown): MaybePromise<void>;
  /**
   * What the schema cannot say about an organization's section (references inside it, ids that must belong
   * to `orgId`): the first problem, or null. Runs before anything changes, so a refused load changes nothing.
   */
  check?(orgId: string, data: unknown): StateProblem | null;
}

/** What an export holds besides the state itself (issue 25: `?include=secrets`). */
export interface ExportOptions {
  /**
   * Signing secrets and seeds that derive keys (a webhook endpoint's secret, a sandbox's seed). Default true
   * (the state as it is, for comparisons inside the emulator); a snapshot leaves them out unless asked, and a
   * load of a document without them makes new ones (docs/state.md).
   */
  secrets?: boolean;
}

/** A part of a state document that cannot load: a JSON pointer inside the unit's section, and the rule. */
export interface StateProblem {
  /** JSON pointer relative to the unit's section (`/keys/0/orgId`); the loader prefixes the section's path. */
  path: string;
  message: string;
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
  exportShared?(options?: ExportOptions): MaybePromise<unknown>;
  /**
   * Puts back what `exportShared` gave, for every instance, on an emulator whose units were all reset (a whole
   * load). Same rules as `OrgStatePart.import`. Absent on units that hold nothing outside organizations.
   */
  importShared?(data: unknown): MaybePromise<void>;
  /** As `OrgStatePart.check`, for the shared section. */
  checkShared?(data: unknown): StateProblem | null;
  /**
   * Left out of a snapshot unless its include flag is asked for (`journal`: `?include=journal`); a load of
   * a document without the section leaves this unit empty.
   */
  readonly includeFlag?: 'journal';
  /** Loads what a Redis implementation keeps at hand (at start, before the demo state); nothing to do in memory. */
  open?(): Promise<void>;
  /**
   * Empties this state (POST /_emulator/reset). With Redis, for every instance: the others drop what they
   * keep at hand when the store's `reset` message reaches them.
   */
  reset(options?: ResetOptions): MaybePromise<void>;
}

/** What a load put back: the organizations it loaded, and whether it replaced the whole state. */
export interface LoadedEvent {
  orgIds: readonly string[];
  whole: boolean;
}

export type LoadedListener = (event: LoadedEvent) => MaybePromise<void>;

export class StateUnits {
  private readonly units: StateUnit[] = [];
  private readonly loaded: LoadedListener[] = [];

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
  async exportOrg(orgId: string, options: ExportOptions = {}): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const unit of this.sorted()) {
      const data = await unit.perOrg?.export(orgId, options);
      if (data !== undefined) out[unit.name] = canonical(data);
    }
    return out;
  }

  /** The whole state: what units hold outside organizations, then each organization's, in canonical form. */
  async export(options: ExportOptions = {}): Promise<{
    shared: Record<string, unknown>;
    orgs: Record<string, Record<string, unknown>>;
  }> {
    const shared: Record<string, unknown> = {};
    for (const unit of this.sorted()) {
      const data = await unit.exportShared?.(options);
      if (data !== undefined) shared[unit.name] = canonical(data);
    }
    const orgs: Record<string, Record<string, unknown>> = {};
    for (const id of await this.orgIds()) orgs[id] = await this.exportOrg(id, options);
    return { shared, orgs };
  }

  /**
   * Puts back one organization's sections (issue 25), unit by unit in the order they were added (organizations
   * before what hangs off them). The caller checked the document and reset the organization first; `between`
   * runs after each unit (a loader gives the event loop a turn there).
   */
  async importOrg(
    orgId: string,
    sections: Record<string, unknown>,
    between?: () => Promise<void>,
  ): Promise<void> {
    for (const unit of this.units) {
      const data = sections[unit.name];
      if (data === undefined || !unit.perOrg) continue;
      const pending = unit.perOrg.import(orgId, data);
      if (pending) await pending;
      await between?.();
    }
  }

  /** Puts back the shared sections, unit by unit in the order they were added (the clock first). */
  async importShared(sections: Record<string, unknown>): Promise<void> {
    for (const unit of this.units) {
      const data = sections[unit.name];
      if (data === undefined || !unit.importShared) continue;
      const pending = unit.importShared(data);
      if (pending) await pending;
    }
  }

  /**
   * An area's listener, told once a load has put state back (`orgIds`: the organizations loaded; `whole`: the
   * whole state was replaced): it re-arms the due work the loaded state implies (a job's completion, a
   * webhook retry) on the loading instance, at the due times the state holds.
   */
  onLoaded(listener: LoadedListener): void {
    this.loaded.push(listener);
  }

  /** Runs the `onLoaded` listeners, in the order they were added. */
  async tellLoaded(event: LoadedEvent): Promise<void> {
    for (const listener of this.loaded) await listener(event);
  }

  private sorted(): StateUnit[] {
    return [...this.units].sort((a, b) => compare(a.name, b.name));
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
