/**
 * The state-store seam (issue 17). State that several instances must agree on goes through a StateStore:
 * the memory store (default) keeps today's in-process behaviour and adds nothing to the request path; the
 * Redis store shares organizations, keys and revocations, ws-tokens and rate-limit windows between
 * instances. Later slices (credits and ledger, jobs and timers, RAG, webhooks, faults, clock, journal)
 * plug in here the same way. docs/scaling.md says what is shared and what is still per instance.
 */
import { randomBytes } from 'node:crypto';
import { ApiError } from '../core/errors.js';
import type { AnswersInFlight } from './answers.js';

export type StoreKind = 'memory' | 'redis';
export type StoreStatus = 'ok' | 'degraded' | 'unreachable';

/** One emulator process as the store sees it (GET /_emulator/health `instances`). */
export interface InstanceInfo {
  id: string;
  pid: number;
  base_url: string | null;
  started_at: string;
  last_seen: string;
}

export interface StateStore {
  readonly kind: StoreKind;
  /** True when other processes can see this store's state (Redis). */
  readonly shared: boolean;
  readonly instanceId: string;
  /** Where the state lives, without credentials: `memory` or `redis://HOST:PORT/DB`. */
  readonly description: string;
  /** Connects (Redis) and starts the heartbeat; idempotent. Rejects with a StoreUnavailableError. */
  open(): Promise<void>;
  close(): Promise<void>;
  /** Throws 502 `upstream_error` while a shared store cannot be reached (before a change); never in memory. */
  assertAvailable(): void;
  /**
   * `ok`; `degraded` while a shared store is connected but its commands time out (a stall: new work is refused
   * with 502 at once until it answers again); `unreachable` while it cannot be reached.
   */
  status(): StoreStatus;
  /** A shared store's answers whose effects are not written yet (answers.ts); undefined in memory. */
  readonly answers: AnswersInFlight | undefined;
  /** The writes this instance owes the shared store (the outbox, issue 35): 0 in memory. */
  owed(): number;
  /**
   * The writes issued so far, settled: callers await it before answering, so a client that hears about a
   * change from one instance finds it on any other. Undefined when nothing is pending (always, in memory).
   */
  settled(): Promise<void> | undefined;
  /**
   * A reset through this instance begins: with Redis the store's generation moves on, retiring at once every
   * key an area keeps under it (502 while Redis is away, before anything changes). Nothing in memory.
   */
  beginReset(): Promise<void>;
  /** The areas have reset: with Redis the other instances are told (`reset` message) and drop what they keep. */
  endReset(): Promise<void>;
  /** The instances seen in the last few seconds (this one included). */
  instances(self: { baseUrl: string | null }): Promise<InstanceInfo[]> | InstanceInfo[];
}

/** The shared store cannot be reached: at start a start-up error, during operation 502 `upstream_error`. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

/**
 * What a client sees while the shared store is down or stalled (docs/scaling.md, "While Redis is down").
 * `mayHaveLanded`: a write was sent and its reply never came, and nothing undoes it; the answer says so rather
 * than claim nothing changed.
 */
export function storeDownError(description: string, cause?: unknown, mayHaveLanded = false): ApiError {
  const why = cause instanceof Error && cause.message ? ` (${cause.message})` : '';
  const outcome = mayHaveLanded
    ? 'the change was sent and may yet be applied (read it back before you retry); nothing was billed'
    : 'nothing was changed or billed, retry when it is back';
  return new ApiError(
    'upstream_error',
    `the emulator's shared state store ${description} is unreachable${why}; ${outcome}`,
  );
}

/** The error of a command that was sent and got no reply in time (ioredis `commandTimeout`). */
export function isCommandTimeout(err: unknown): boolean {
  return err instanceof Error && err.message === 'Command timed out';
}

/** A generated instance id: `i-` and 8 hex characters, new for every process. */
export function generateInstanceId(): string {
  return `i-${randomBytes(4).toString('hex')}`;
}

/** Checks `--store`: `memory` or `redis://HOST:PORT/DB` (port and db optional). Returns a message or null. */
export function storeUrlProblem(value: string): string | null {
  if (value === 'memory') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `must be memory or redis://HOST:PORT/DB (got '${value}')`;
  }
  if (url.protocol !== 'redis:')
    return `must be memory or redis://HOST:PORT/DB (got the scheme '${url.protocol}')`;
  if (!url.hostname) return `must name the Redis host, as in redis://127.0.0.1:6379/0 (got '${value}')`;
  const db = url.pathname.replace(/^\//, '');
  if (db !== '' && !/^\d{1,2}$/.test(db))
    return `the Redis database must be a number from 0 to 15, as in redis://127.0.0.1:6379/0 (got '${db}')`;
  for (const name of url.searchParams.keys()) {
    if (name !== 'prefix')
      return `takes one query parameter, prefix (as in redis://127.0.0.1:6379/1?prefix=ci-a), not '${name}'`;
  }
  const prefix = url.searchParams.get('prefix');
  if (prefix !== null && !DEPLOYMENT_PREFIX.test(prefix))
    return `prefix must be 1 to 64 of A-Z a-z 0-9 . _ - (got '${prefix}')`;
  return null;
}

/** `?prefix=` of a Redis store URL: the deployment's name within its database. */
const DEPLOYMENT_PREFIX = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Where a deployment's keys and events live in Redis (docs/scaling.md, "Deployments on one Redis"): its keys start
 * with `svc-emulator:` and, with `?prefix=P`, `P:`; its events channel names the database and the prefix too,
 * since Redis's pub/sub spans every database. Two deployments differing in either never see each other.
 */
export function storeNamespace(value: string): {
  db: string;
  keyPrefix: string;
  channel: string;
  url: string;
} {
  const url = new URL(value);
  const db = url.pathname.replace(/^\//, '') || '0';
  const prefix = url.searchParams.get('prefix');
  url.search = '';
  return {
    db,
    keyPrefix: `svc-emulator:${prefix === null ? '' : `${prefix}:`}`,
    channel: `svc-emulator:db${db}:${prefix ?? ''}:events`,
    // ioredis reads query parameters as its own options: it is given the URL without them.
    url: url.toString(),
  };
}

/** The URL without a password, for logs, health and the readiness line. */
export function describeStoreUrl(value: string): string {
  if (value === 'memory') return 'memory';
  const url = new URL(value);
  const db = url.pathname.replace(/^\//, '') || '0';
  const prefix = url.searchParams.get('prefix');
  return `redis://${url.hostname}:${url.port || '6379'}/${db}${prefix === null ? '' : `?prefix=${prefix}`}`;
}

/** Compares two dotted versions (`7.0.15`, `6.2`): negative, zero or positive. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}
