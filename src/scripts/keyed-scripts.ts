/**
 * Scripts matched by exact keys of the request, or queued (the STT scripts match an upload by its SHA-256 or
 * its file name). A keyed script keeps matching until deleted; a queue script answers the next `queue`
 * requests and disappears. Matching order: the keys in the order declared (newest script first for each),
 * then the oldest queue script. Scripts with an `org_id` only match that organization's requests; without
 * one, any organization's. Per instance, in memory, like the queued scripts (script-queue.ts).
 */
import type { Clock } from '../core/clock.js';
import type { IdFactory } from '../core/random.js';
import { ScriptList, type QueuedScriptBase } from './script-queue.js';

export type KeyedScript<T, K extends string> = T & {
  id: string;
  /** The key it matches by, or `queue`. */
  match: K | 'queue';
  /** Requests it still answers (queue scripts); null for keyed scripts. */
  remaining: number | null;
  /** Requests it has answered so far. */
  matched: number;
  created_at: string;
  /** Its error status is one the operation does not document. */
  off_contract: boolean;
};

export interface KeyedScriptsDeps<K extends string> {
  clock: Clock;
  ids: IdFactory;
  /** The prefix of the scripts' ids. */
  prefix: string;
  /** The keys a script may match by, in matching order; a script matches by the first one it gives. */
  keys: readonly K[];
  /** How a key's value is compared, the script's and the request's alike (e.g. hex in lower case). */
  normalise?: Partial<Record<K, (value: string) => string>>;
}

export class KeyedScripts<
  T extends QueuedScriptBase & Partial<Record<K, string>>,
  K extends string,
> extends ScriptList<KeyedScript<T, K>> {
  constructor(private readonly deps: KeyedScriptsDeps<K>) {
    super();
  }

  add(input: T, offContract = false): KeyedScript<T, K> {
    const match = this.deps.keys.find((k) => input[k] !== undefined) ?? 'queue';
    const normalised: Partial<Record<K, string>> = {};
    for (const k of this.deps.keys) {
      const value = input[k];
      const normalise = this.deps.normalise?.[k];
      if (value && normalise) normalised[k] = normalise(value);
    }
    const script = {
      ...input,
      ...normalised,
      id: this.deps.ids.next(this.deps.prefix),
      match,
      remaining: match === 'queue' ? (input.queue ?? 1) : null,
      matched: 0,
      created_at: this.deps.clock.isoNow(),
      off_contract: offContract,
    } as KeyedScript<T, K>;
    this.scripts.push(script);
    return script;
  }

  /** Finds the script for `orgId`'s request with these keys and counts it as used (a queue script is consumed). */
  take(orgId: string, request: Partial<Record<K, string>> = {}): KeyedScript<T, K> | undefined {
    const mine = this.list(orgId);
    let script: KeyedScript<T, K> | undefined;
    for (const k of this.deps.keys) {
      const value = request[k];
      if (value === undefined) continue;
      const key = this.normalised(k, value);
      script = mine.filter((s) => s.match === k && s[k] === key).at(-1);
      if (script) break;
    }
    script ??= mine.find((s) => s.match === 'queue');
    if (!script) return undefined;
    this.used(script);
    return script;
  }

  private normalised(k: K, value: string): string {
    return this.deps.normalise?.[k]?.(value) ?? value;
  }
}
