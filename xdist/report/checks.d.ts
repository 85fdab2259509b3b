/**
 * The client report: what the client under test did with the emulator's guidance, from the request
 * journal and the webhook delivery log. Each check passes, fails (with findings naming the requests
 * behind them) or does not apply. Times are wall-clock arrival times: what the client really did.
 */
import type { JournalEntry } from '../http/journal.js';
import type { WebhookFaultRecord } from '../faults/store.js';
import type { WebhookDelivery } from '../webhooks/index.js';
export type CheckStatus = 'pass' | 'fail' | 'not_applicable';
export interface Finding {
    message: string;
    request_ids: string[];
}
export interface CheckResult {
    id: string;
    title: string;
    status: CheckStatus;
    findings: Finding[];
}
export declare function checkRetryAfter(entries: JournalEntry[]): CheckResult;
export declare function checkJobPolling(entries: JournalEntry[]): CheckResult;
export declare function checkRetryBackoff(entries: JournalEntry[]): CheckResult;
export declare function checkCloseStream(entries: JournalEntry[]): CheckResult;
export declare function checkWebhookSignatures(deliveries: WebhookDelivery[], forged: WebhookFaultRecord[]): CheckResult;
export declare function checkTestKeys(entries: JournalEntry[]): CheckResult;
/** Proxy mode: the upstream gateway's traffic, checked against openapi/gateway.yaml (docs/proxy.md). */
export declare function checkContract(entries: JournalEntry[]): CheckResult;
