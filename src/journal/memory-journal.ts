/**
 * The journal in this process's memory (the memory store): bounded by entries and by bytes (each entry's
 * JSON size, estimated: observe/entry-bytes.ts). Every read is synchronous.
 */
import { entryBytes } from './entry-bytes.js';
import { addLink, journalMatches, type JournalEntry, type JournalFilter } from './journal.js';
import {
  checkEntries,
  importedEntries,
  type JournalExport,
  type JournalScope,
  type JournalState,
  type JournalUsage,
  type LinkKind,
} from './journal-state.js';

export class MemoryJournal implements JournalState {
  readonly name = 'journal';
  readonly capacity: number;
  readonly maxBytes: number;
  /** Recorded entries, oldest first from `first` (those before it are dropped; see `record`), and their sizes. */
  private entries: (JournalEntry | undefined)[] = [];
  private sizes: number[] = [];
  private first = 0;
  private bytes = 0;
  private readonly byId = new Map<string, JournalEntry>();

  readonly perOrg = {
    ids: (): string[] => [...new Set(this.live().flatMap((e) => (e.org_id === null ? [] : [e.org_id])))],
    reset: (orgId: string): void => this.clear({ org_id: orgId }),
    export: (orgId: string): JournalExport | undefined => this.exportOf(orgId),
    import: (_orgId: string, data: unknown): void => this.importEntries(data),
    check: (orgId: string, data: unknown) => checkEntries(data, orgId),
  };
  readonly includeFlag = 'journal';

  importShared(data: unknown): void {
    this.importEntries(data);
  }

  checkShared(data: unknown) {
    return checkEntries(data, null);
  }

  /** Recorded again in the section's order, within the bounds like any entry (issue 25). */
  private importEntries(data: unknown): void {
    for (const entry of importedEntries(data)) this.record(entry);
  }

  constructor(bounds: { capacity: number; maxBytes: number }) {
    this.capacity = bounds.capacity;
    this.maxBytes = bounds.maxBytes;
  }

  record(entry: JournalEntry): void {
    const size = entryBytes(entry);
    this.entries.push(entry);
    this.sizes.push(size);
    this.bytes += size;
    this.byId.set(entry.request_id, entry);
    // The newest entry always stays, however large. Dropped entries leave the index at once but the arrays
    // only once a capacity's worth has gone: shifting a full journal's arrays cost every request.
    while (
      this.entries.length - this.first > 1 &&
      (this.entries.length - this.first > this.capacity || this.bytes > this.maxBytes)
    ) {
      const old = this.entries[this.first]!;
      this.bytes -= this.sizes[this.first];
      if (this.byId.get(old.request_id) === old) this.byId.delete(old.request_id);
      this.entries[this.first++] = undefined; // not kept alive until the arrays are cut
    }
    if (this.first >= Math.max(this.capacity, 64)) this.compact();
  }

  private compact(): void {
    this.entries = this.entries.slice(this.first);
    this.sizes = this.sizes.slice(this.first);
    this.first = 0;
  }

  /**
   * A link that reaches an entry already recorded (a charge settled after the response closed) grows it: its
   * counted size grows too, so the byte bound keeps counting what is held. The entry is among the newest.
   */
  link(requestId: string, kind: LinkKind, id: string): void {
    const entry = this.byId.get(requestId);
    if (!entry) return;
    const before = entryBytes(entry);
    addLink(entry, kind, id);
    const grown = entryBytes(entry) - before;
    if (grown === 0) return;
    for (let i = this.entries.length - 1; i >= this.first; i--) {
      if (this.entries[i] !== entry) continue;
      this.sizes[i] += grown;
      this.bytes += grown;
      break;
    }
  }

  /** The entries kept, in record order. */
  private live(): JournalEntry[] {
    return this.entries.slice(this.first) as JournalEntry[];
  }

  list(filter: JournalFilter): JournalEntry[] {
    // Record order, not `time`, is what a cursor follows: a slow request started earlier is recorded later.
    const live = this.live();
    const from = filter.after ? live.findLastIndex((e) => e.request_id === filter.after) + 1 : 0;
    const found = live.slice(from).filter((e) => journalMatches(e, filter));
    return filter.limit ? found.slice(-filter.limit) : found;
  }

  get(requestId: string): JournalEntry | undefined {
    return this.byId.get(requestId);
  }

  clear(scope: JournalScope = {}): void {
    const orgId = scope.org_id;
    if (orgId === undefined) {
      this.entries = [];
      this.sizes = [];
      this.first = 0;
      this.bytes = 0;
      this.byId.clear();
      return;
    }
    this.compact();
    const keep = this.entries.map((e) => e!.org_id !== orgId);
    for (const e of this.entries)
      if (e!.org_id === orgId && this.byId.get(e!.request_id) === e) this.byId.delete(e!.request_id);
    this.entries = this.entries.filter((_, i) => keep[i]);
    this.sizes = this.sizes.filter((_, i) => keep[i]);
    this.bytes = this.sizes.reduce((n, s) => n + s, 0);
  }

  usage(): JournalUsage {
    return {
      entries: this.entries.length - this.first,
      bytes: this.bytes,
      max_entries: this.capacity,
      max_bytes: this.maxBytes,
    };
  }

  exportShared(): JournalExport | undefined {
    return this.exportOf(null);
  }

  /** Copies as JSON data, as the Redis journal stores them (entries here are the live objects). */
  private exportOf(orgId: string | null): JournalExport | undefined {
    const entries = this.live().filter((e) => e.org_id === orgId);
    if (entries.length === 0) return undefined;
    return { entries: JSON.parse(JSON.stringify(entries)) as JournalEntry[] };
  }

  /** One process: no other instance records. */
  onRecordedElsewhere(): void {}

  reset(): void {
    this.clear();
  }
}
