/**
 * Queued scripted answers (RAG and TTS scripts; the STT scripts also match by keys: keyed-scripts.ts):
 * each answers the next `queue` matching requests of its organization (any organization's without
 * `org_id`), oldest script first, then disappears. Per instance, in memory, like the STT scripts.
 */
import type { Clock } from '../core/clock.js';
import type { IdFactory } from '../core/random.js';

export interface QueuedScriptBase {
  org_id?: string;
  queue?: number;
}

export type QueuedScript<T extends QueuedScriptBase> = T & {
  id: string;
  /** Requests it still answers. */
  remaining: number;
  /** Requests it has answered so far. */
  matched: number;
  created_at: string;
  /** Its error status is one the operation does not document. */
  off_contract: boolean;
};

const ANY = (): boolean => true;

/**
 * The scripts of one kind in this process, in the order they were added: what every kind lists, deletes and
 * clears alike (the queues below, the keyed scripts of keyed-scripts.ts).
 */
export class ScriptList<S extends { id: string; org_id?: string }> {
  protected scripts: S[] = [];

  /** Those that can answer `orgId`'s requests (its own and every organization's), or all of them. */
  list(orgId?: string): S[] {
    return this.scripts.filter((s) => orgId === undefined || s.org_id === undefined || s.org_id === orgId);
  }

  delete(id: string): boolean {
    const before = this.scripts.length;
    this.scripts = this.scripts.filter((s) => s.id !== id);
    return this.scripts.length < before;
  }

  /** Deletes every script (of one organization when given); returns how many. */
  clear(orgId?: string): number {
    const before = this.scripts.length;
    this.scripts = orgId === undefined ? [] : this.scripts.filter((s) => s.org_id !== orgId);
    return before - this.scripts.length;
  }

  reset(): void {
    this.scripts = [];
  }

  /** Counts `script` as used; a script with a count consumes one and goes at its last. */
  protected used(script: S & { matched: number; remaining: number | null }): void {
    script.matched++;
    if (script.remaining === null) return;
    script.remaining--;
    if (script.remaining <= 0) this.scripts = this.scripts.filter((s) => s !== script);
  }
}

export class ScriptQueue<T extends QueuedScriptBase> extends ScriptList<QueuedScript<T>> {
  constructor(private readonly deps: { clock: Clock; ids: IdFactory; prefix: string }) {
    super();
  }

  /** Whether any script is queued: the request path checks this before anything else. */
  get empty(): boolean {
    return this.scripts.length === 0;
  }

  add(input: T, offContract = false): QueuedScript<T> {
    const script: QueuedScript<T> = {
      ...input,
      id: this.deps.ids.next(this.deps.prefix),
      remaining: input.queue ?? 1,
      matched: 0,
      created_at: this.deps.clock.isoNow(),
      off_contract: offContract,
    };
    this.scripts.push(script);
    return script;
  }

  /** The oldest script of `orgId` (or global) that `matches`, counted as used; consumed at its last use. */
  take(orgId: string, matches: (s: QueuedScript<T>) => boolean = ANY): QueuedScript<T> | undefined {
    if (this.scripts.length === 0) return undefined;
    const script = this.scripts.find((s) => (s.org_id === undefined || s.org_id === orgId) && matches(s));
    if (!script) return undefined;
    this.used(script);
    return script;
  }
}
