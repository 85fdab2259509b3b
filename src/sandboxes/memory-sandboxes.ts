/** The sandboxes' records in this process (sandbox-state.ts). */
import { andThen, type MaybePromise } from '../core/maybe.js';
import type { OrgStatePart } from '../store/state-unit.js';
import {
  checkSandboxOrg,
  importClock,
  importedRecord,
  sandboxOrgExport,
  type SandboxStateDeps,
} from './sandbox-org-part.js';
import {
  byCreation,
  tell,
  type SandboxListener,
  type SandboxRecord,
  type SandboxState,
} from './sandbox-state.js';

export class MemorySandboxes implements SandboxState {
  readonly name = 'sandboxes';
  private readonly byId = new Map<string, SandboxRecord>();
  private readonly byOrg = new Map<string, SandboxRecord>();
  private readonly listeners: SandboxListener[] = [];

  constructor(private readonly deps: SandboxStateDeps) {}

  readonly perOrg: OrgStatePart = {
    ids: () => this.byOrg.keys(),
    // The record stays: a sandbox's reset wipes its organization (StateUnits.resetOrg) and rebuilds it from the
    // record. A load replaces it (`import`).
    reset: () => {},
    export: (orgId, options) => sandboxOrgExport(this.byOrg.get(orgId), this.deps, options),
    import: (orgId, data) =>
      andThen(this.put(importedRecord(data, this.deps)), () => importClock(orgId, data, this.deps)),
    check: (orgId, data) => checkSandboxOrg(orgId, data),
  };

  /**
   * Adds a record, or replaces the one of the same id (its clock stays attached, or is attached or detached
   * when the new record has one and the old did not, or the reverse); the organization's other sandbox, if any,
   * goes first.
   */
  put(record: SandboxRecord): MaybePromise<void> {
    const same = this.byId.get(record.id);
    if (same) {
      const copy = this.keep(record);
      if ((same.clock === null) !== (copy.clock === null))
        return tell(this.listeners, { type: 'changed', record: copy });
      return;
    }
    const other = this.byOrg.get(record.org_id);
    return andThen(other ? this.remove(other.id) : false, () =>
      andThen(this.add(record, Infinity), () => {}),
    );
  }

  assertWritable(): void {}

  get(id: string): SandboxRecord | undefined {
    return this.byId.get(id);
  }

  ofOrg(orgId: string): SandboxRecord | undefined {
    return this.byOrg.get(orgId);
  }

  find(id: string): SandboxRecord | undefined {
    return this.byId.get(id);
  }

  list(): SandboxRecord[] {
    return [...this.byId.values()].sort(byCreation);
  }

  count(): number {
    return this.byId.size;
  }

  add(record: SandboxRecord, limit: number): MaybePromise<boolean> {
    if (this.byId.size >= limit) return false;
    const copy = this.keep(record);
    const told = tell(this.listeners, { type: 'created', record: copy });
    return told ? told.then(() => true) : true;
  }

  giveClock(record: SandboxRecord): MaybePromise<{ record: SandboxRecord; given: boolean } | undefined> {
    const current = this.byId.get(record.id);
    if (!current) return undefined;
    if (current.clock) return { record: current, given: false };
    const copy = this.keep(record);
    const told = tell(this.listeners, { type: 'changed', record: copy });
    const result = { record: copy, given: true };
    return told ? told.then(() => result) : result;
  }

  private keep(record: SandboxRecord): SandboxRecord {
    const copy = structuredClone(record);
    this.byId.set(copy.id, copy);
    this.byOrg.set(copy.org_id, copy);
    return copy;
  }

  resetting(id: string): MaybePromise<void> {
    const record = this.byId.get(id);
    if (record) return tell(this.listeners, { type: 'resetting', record });
  }

  remove(id: string): MaybePromise<boolean> {
    const record = this.byId.get(id);
    if (!record) return false;
    this.byId.delete(id);
    this.byOrg.delete(record.org_id);
    const told = tell(this.listeners, { type: 'deleted', record });
    return told ? told.then(() => true) : true;
  }

  onEvent(listener: SandboxListener): void {
    this.listeners.push(listener);
  }

  reset(): MaybePromise<void> {
    const records = [...this.byId.values()];
    this.byId.clear();
    this.byOrg.clear();
    if (records.length > 0) return tell(this.listeners, { type: 'cleared', records });
  }
}
