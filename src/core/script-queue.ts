/**
 * Queued scripted answers (RAG and TTS scripts; STT has its own store for its sha256/file_name matches):
 * each answers the next `queue` matching requests of its organization (any organization's without
 * `org_id`), oldest script first, then disappears. Per instance, in memory, like the STT scripts.
 */
import type { Clock } from './clock.js';
import type { IdFactory } from './random.js';

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

export class ScriptQueue<T extends QueuedScriptBase> {
  private scripts: QueuedScript<T>[] = [];

  constructor(private readonly deps: { clock: Clock; ids: IdFactory; prefix: string }) {}

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

  list(orgId?: string): QueuedScript<T>[] {
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

  /** The oldest script of `orgId` (or global) that `matches`, counted as used; consumed at its last use. */
  take(orgId: string, matches: (s: QueuedScript<T>) => boolean = ANY): QueuedScript<T> | undefined {
    if (this.scripts.length === 0) return undefined;
    const script = this.scripts.find((s) => (s.org_id === undefined || s.org_id === orgId) && matches(s));
    if (!script) return undefined;
    script.matched++;
    script.remaining--;
    if (script.remaining <= 0) this.scripts = this.scripts.filter((s) => s !== script);
    return script;
  }
}
