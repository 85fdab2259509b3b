/**
 * Ties side effects back to the requests that caused them, for the journal, and prints webhook attempts
 * and job transitions in the request log. Ledger entries carry their request id; webhook events are linked
 * to the request running when they were emitted, and a job's `job.completed` to the request that made it.
 */
import type { Emulator } from '../emulator.js';
export declare function observeWebhooksAndLedger(emulator: Emulator): void;
