/**
 * The state-store seam (issue 17). State that several instances must agree on goes through a StateStore:
 * the memory store (default) keeps today's in-process behaviour and adds nothing to the request path; the
 * Redis store shares organizations, keys and revocations, ws-tokens and rate-limit windows between
 * instances. Later slices (credits and ledger, jobs and timers, RAG, webhooks, faults, clock, journal)
 * plug in here the same way. docs/scaling.md says what is shared and what is still per instance.
 */
import { randomBytes } from 'node:crypto';
import { ApiError } from '../http/errors.js';
/** The shared store cannot be reached: at start a start-up error, during operation 502 `upstream_error`. */
export class StoreUnavailableError extends Error {
    name = 'StoreUnavailableError';
}
/** What a client sees while the shared store is down (docs/scaling.md, "While Redis is down"). */
export function storeDownError(description, cause) {
    const why = cause instanceof Error && cause.message ? ` (${cause.message})` : '';
    return new ApiError('upstream_error', `the emulator's shared state store ${description} is unreachable${why}; nothing was changed or billed, retry when it is back`);
}
/** A generated instance id: `i-` and 8 hex characters, new for every process. */
export function generateInstanceId() {
    return `i-${randomBytes(4).toString('hex')}`;
}
/** Checks `--store`: `memory` or `redis://HOST:PORT/DB` (port and db optional). Returns a message or null. */
export function storeUrlProblem(value) {
    if (value === 'memory')
        return null;
    let url;
    try {
        url = new URL(value);
    }
    catch {
        return `must be memory or redis://HOST:PORT/DB (got '${value}')`;
    }
    if (url.protocol !== 'redis:')
        return `must be memory or redis://HOST:PORT/DB (got the scheme '${url.protocol}')`;
    if (!url.hostname)
        return `must name the Redis host, as in redis://127.0.0.1:6379/0 (got '${value}')`;
    const db = url.pathname.replace(/^\//, '');
    if (db !== '' && !/^\d{1,2}$/.test(db))
        return `the Redis database must be a number from 0 to 15, as in redis://127.0.0.1:6379/0 (got '${db}')`;
    return null;
}
/** The URL without a password, for logs, health and the readiness line. */
export function describeStoreUrl(value) {
    if (value === 'memory')
        return 'memory';
    const url = new URL(value);
    const db = url.pathname.replace(/^\//, '') || '0';
    return `redis://${url.hostname}:${url.port || '6379'}/${db}`;
}
