/**
 * The state of organizations and their API keys (issue 23): the operations the orgs area needs, with a
 * memory implementation (memory-orgs.ts) and a Redis one (redis-orgs.ts) behind them. Keys belong to an
 * organization and are stored under it. Reads are synchronous in both: the Redis implementation keeps a local
 * copy so that authentication stays a map lookup, and asks Redis only for a key it has not heard of yet.
 */
import type { Environment } from '../core/api-keys.js';
import type { Exhaustive, ListsEvery, Scope } from '../contract/admin-types.js';
import type { MaybePromise } from '../core/maybe.js';
import type { StateStore } from '../store/index.js';
import { RedisStore } from '../store/redis-store.js';
import type { OrgStatePart, StateUnit } from '../store/state-unit.js';
import { MemoryOrgState } from './memory-orgs.js';
import { RedisOrgState } from './redis-orgs.js';

/** The scopes a key may hold are the document's (`Scope`), derived in contract/admin-types.ts. */
export type { Scope } from '../contract/admin-types.js';

/** Every scope, as a list: the demo keys' scopes, and a sandbox's keys' by default. */
export const ALL_SCOPES = ['tts:speak', 'stt:transcribe', 'rag:query'] as const satisfies readonly Scope[];

/** ALL_SCOPES names every scope of the document (and `satisfies` keeps out any other). */
type _EveryScope = Exhaustive<ListsEvery<Scope, typeof ALL_SCOPES>>;

export interface Organization {
  id: string;
  name: string;
  ragEntitled: boolean;
  createdAt: string;
}

export interface ApiKeyRecord {
  id: string;
  orgId: string;
  environment: Environment;
  scopes: Scope[];
  display: string;
  /** SHA-256 of the full key; the key itself is never stored. */
  hash: Buffer;
  name: string | null;
  createdAt: string;
  revokedAt: string | null;
  revokedReason: string | null;
}

/** A key as an export holds it: the record as stored, its hash in hex; the key itself is never stored. */
export interface ExportedKey extends Omit<ApiKeyRecord, 'hash'> {
  hash: string;
}

/** One organization as `perOrg.export` gives it. */
export interface OrgExport {
  org: Organization;
  /** Its keys in the order they were made, revoked ones included. */
  keys: ExportedKey[];
}

/** What changed, made through this instance or another one: listeners hear both the same way. */
export type OrgEvent =
  | { type: 'org.created'; org: Organization }
  | { type: 'org.updated'; org: Organization; previous: Organization }
  | { type: 'key.revoked'; key: ApiKeyRecord }
  /** Removed with its keys by `perOrg.reset` (their sockets close, as a reset's do). */
  | { type: 'org.removed'; orgId: string; keyIds: string[] };

export interface OrgState extends StateUnit {
  /**
   * The organizations, each with its keys: listed, removed (its keys then authenticate nowhere: with Redis,
   * every instance drops them from its local copy when the event arrives, as for a revocation) and exported.
   */
  readonly perOrg: OrgStatePart & { export(orgId: string): MaybePromise<OrgExport | undefined> };
  /** Throws (502 `upstream_error`) while a shared store is unreachable, before anything changes. */
  assertWritable(): void;
  /** Listens to every change, whichever instance made it (a revocation closes the key's sockets here). */
  onEvent(listener: (event: OrgEvent) => void): void;

  getOrg(orgId: string): Organization | undefined;
  listOrgs(): Organization[];
  /** Adds an organization and tells listeners (`org.created`); one with its id already there stays, and is returned. */
  addOrg(org: Organization): Organization;
  /** Changes an organization in place and tells listeners (`org.updated`); undefined if there is none. */
  updateOrg(orgId: string, patch: { name?: string; ragEntitled?: boolean }): Organization | undefined;

  getKey(keyId: string): ApiKeyRecord | undefined;
  /** An organization's keys, oldest first. */
  listKeys(orgId: string): ApiKeyRecord[];
  /** Adds a key under its organization (which must be there); one with its id already there stays, and is returned. */
  addKey(key: ApiKeyRecord): ApiKeyRecord;
  /** Marks a key revoked unless it already is, and tells listeners (`key.revoked`); undefined if there is none. */
  revokeKey(keyId: string, at: string, reason: string): ApiKeyRecord | undefined;

  /**
   * A key by the SHA-256 of its secret (hex), with its organization. At once when known here; with a shared
   * store, a key this instance has not heard of yet (created on another instance a moment ago) is looked up there.
   */
  findKeyByHash(hashHex: string): MaybePromise<ApiKeyRecord | undefined>;
  /** A key by id, the same way (a ws-token minted on another instance with a key new to this one). */
  findKey(keyId: string): MaybePromise<ApiKeyRecord | undefined>;
}

/** The orgs area's state for a store: in this process, or shared through Redis. Called once, by the composition root. */
export function createOrgState(store: StateStore): OrgState {
  return store instanceof RedisStore ? new RedisOrgState(store) : new MemoryOrgState();
}
