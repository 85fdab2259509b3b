/**
 * The sandboxes' state (issue 24): one record per sandbox, what it was created with. The organization a
 * sandbox owns, its keys, credits and everything else live in the other areas' state, keyed by that
 * organization; a sandbox's reset wipes them (`StateUnits.resetOrg`) and builds them again from this record.
 *
 * So `resetOrg` of a sandbox's organization leaves the record alone (it is what the organization is rebuilt
 * from). A snapshot exports the record with its organization (`perOrg`, issue 25), so a document of one
 * organization carries its sandbox; a whole reset (`POST /_emulator/reset`) removes every sandbox, and a
 * sandbox's delete removes its record through the service.
 *
 * In memory (memory-sandboxes.ts) or in Redis (redis-sandboxes.ts), where every instance keeps every record at
 * hand so that resolving a sandbox id never waits.
 */
import type { ClockStart } from '../core/clock-anchor.js';
import type { SandboxTenantStart as TenantStart } from '../contract/admin-types.js';
import type { MaybePromise } from '../core/maybe.js';
import type { QuotaProduct } from '../metering/quotas.js';
import type { Scope } from '../orgs/store.js';
import type { OrgStatePart, StateUnit } from '../store/state-unit.js';
import type { RegistrableEvent } from '../webhooks/endpoints.js';

/** The tenant's state at creation and after each reset is the document's (`SandboxCreate.rag.state`). */
export type { TenantStart };

/** The options a sandbox was created with, defaults filled in (as `options` in its view). */
export interface SandboxOptions {
  name: string;
  /** Balance and period grant; null: what every new organization gets. */
  credits: number | null;
  test_quotas: Partial<Record<QuotaProduct, number>>;
  /** As `POST /orgs` names it. */
  rag_entitled: boolean;
  /** The body of `PUT /orgs/{id}/rag` its tenant starts in; null when the organization is not entitled. */
  rag: { state: TenantStart } | null;
  scopes: Scope[];
  webhook: { url: string; events: RegistrableEvent[] } | null;
  /** null: the sandbox follows the emulator's clock. `now` is the instance its clock starts (and resets) at. */
  clock: { mode: 'real' | 'scaled' | 'frozen'; now: string; time_scale: number } | null;
}

/** Plain JSON (it is stored as such in Redis, and exported). */
export interface SandboxRecord {
  id: string;
  org_id: string;
  created_at: string;
  /** Keys and the webhook secret derive from it, so a reset (and any instance) makes the same ones. */
  seed: string;
  options: SandboxOptions;
  key_ids: { live: string; test: string };
  webhook_endpoint_id: string | null;
  clock: { start: ClockStart } | null;
}

/** A change of the records, made through this instance or (with Redis) another one. */
export type SandboxEvent =
  | { type: 'created'; record: SandboxRecord }
  | { type: 'deleted'; record: SandboxRecord }
  /**
   * The record of an existing sandbox was replaced: it got a clock of its own (`giveClock`), or a load put back
   * a record saved with or without one. Every instance attaches or detaches the clock to match.
   */
  | { type: 'changed'; record: SandboxRecord }
  /** Its reset begins: its sockets close and its clock's timers go, on every instance, before the wipe. */
  | { type: 'resetting'; record: SandboxRecord }
  /** A whole reset: every record is gone. */
  | { type: 'cleared'; records: SandboxRecord[] };

export type SandboxListener = (event: SandboxEvent) => void | Promise<void>;

export interface SandboxState extends StateUnit {
  /** Throws 502 `upstream_error` while a shared store is unreachable, before anything changes. */
  assertWritable(): void;
  /** From what this instance keeps at hand. */
  get(id: string): SandboxRecord | undefined;
  /** The record of the sandbox that owns `orgId`, from what this instance keeps at hand. */
  ofOrg(orgId: string): SandboxRecord | undefined;
  /**
   * The record of `id`; with Redis, asked of Redis when this instance has not heard of it yet (a sandbox
   * made through another instance an instant ago).
   */
  find(id: string): MaybePromise<SandboxRecord | undefined>;
  /** Every record, by creation time then id. */
  list(): SandboxRecord[];
  count(): number;
  /**
   * Adds a record unless `limit` records exist (false then; checked atomically with Redis). Resolves once
   * every instance knows it and its listeners are done (with Redis: each other live instance has taken it
   * and attached its clock, or did not answer within the barrier's wait), so whatever the caller answers next
   * holds through any instance.
   */
  add(record: SandboxRecord, limit: number): MaybePromise<boolean>;
  /**
   * Writes `record` (its sandbox's record, now with a clock of its own) unless that sandbox has a clock already,
   * for every instance (listeners told `changed`, done before it resolves). Resolves with the record as it now
   * stands and whether this call gave the clock (false: another one did first); undefined when the sandbox is
   * gone. Atomic with Redis: of two calls through two instances, one gives the clock.
   */
  giveClock(record: SandboxRecord): MaybePromise<{ record: SandboxRecord; given: boolean } | undefined>;
  /** Tells every instance's listeners that sandbox `id`'s reset begins; resolves once they are done. */
  resetting(id: string): MaybePromise<void>;
  /** Removes a record, for every instance (listeners done) before it resolves; false when there was none. */
  remove(id: string): MaybePromise<boolean>;
  /** Every change here (made through this instance or, with Redis, another); a promise is waited for. */
  onEvent(listener: SandboxListener): void;
  /**
   * The sandbox of each organization, with its clock's state (issue 25, sandbox-org-part.ts). `reset(orgId)`
   * keeps the record (a sandbox's reset rebuilds its organization from it); `import` adds or replaces it for
   * every instance and puts its clock at the saved state.
   */
  readonly perOrg: OrgStatePart;
}

/** Tells every listener, and waits for those that answer with a promise. */
export function tell(listeners: readonly SandboxListener[], event: SandboxEvent): MaybePromise<void> {
  let pending: Promise<void>[] | undefined;
  for (const listener of listeners) {
    const p = listener(event);
    if (p) (pending ??= []).push(p);
  }
  if (pending) return Promise.all(pending).then(() => undefined);
}

/** The state id of a sandbox's clock (OrgClocks.attach; in Redis, its key). */
export function clockStateId(sandboxId: string): string {
  return `sandbox:${sandboxId}:clock`;
}

/** Creation time, then id: the order of every listing, whatever the store. */
export function byCreation(a: SandboxRecord, b: SandboxRecord): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
