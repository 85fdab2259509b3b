/** The sandboxes' records in this process (sandbox-state.ts). */
import { byCreation, type SandboxEvent, type SandboxRecord, type SandboxState } from './sandbox-state.js';

export class MemorySandboxes implements SandboxState {
  readonly name = 'sandboxes';
  private readonly byId = new Map<string, SandboxRecord>();
  private readonly byOrg = new Map<string, SandboxRecord>();
  private readonly listeners: ((event: SandboxEvent) => void)[] = [];

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

  add(record: SandboxRecord): void {
    const copy = structuredClone(record);
    this.byId.set(copy.id, copy);
    this.byOrg.set(copy.org_id, copy);
    this.emit({ type: 'created', record: copy });
  }

  remove(id: string): boolean {
    const record = this.byId.get(id);
    if (!record) return false;
    this.byId.delete(id);
    this.byOrg.delete(record.org_id);
    this.emit({ type: 'deleted', record });
    return true;
  }

  onEvent(listener: (event: SandboxEvent) => void): void {
    this.listeners.push(listener);
  }

  exportShared(): { sandboxes: SandboxRecord[] } | undefined {
    return this.byId.size === 0 ? undefined : { sandboxes: structuredClone(this.list()) };
  }

  reset(): void {
    const records = [...this.byId.values()];
    this.byId.clear();
    this.byOrg.clear();
    if (records.length > 0) this.emit({ type: 'cleared', records });
  }

  private emit(event: SandboxEvent): void {
    for (const l of this.listeners) l(event);
  }
}
