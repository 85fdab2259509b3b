import type { WebhookDelivery } from './types.js';
/** The spec's acknowledgment rule: 2xx within 5 seconds (real wall time, it is a network timeout). */
export declare const DEFAULT_ATTEMPT_TIMEOUT_MS = 5000;
export declare const USER_AGENT = "svc-emulator-webhooks/1";
/**
 * One HTTP attempt as it is about to be sent. A `beforeAttempt` hook may change it in place: rewrite
 * headers (e.g. a bad signature), the URL or the body, set `copies` above 1 to send duplicates, or delay
 * by awaiting before returning. This is the seam for webhook fault injection.
 */
export interface AttemptPlan {
    readonly delivery: Readonly<WebhookDelivery>;
    readonly attempt: number;
    url: string;
    headers: Record<string, string>;
    body: string;
    timestampSeconds: number;
    /** How many identical requests to send; the first one's answer decides the outcome. */
    copies: number;
}
export type BeforeAttemptHook = (plan: AttemptPlan) => void | Promise<void>;
export interface AttemptOutcome {
    ok: boolean;
    statusCode?: number;
    error?: string;
    latencyMs: number;
}
/** Sends one request through a fetch implementation (when one is injected); never rejects. */
export declare function sendWithFetch(plan: Pick<AttemptPlan, 'url' | 'headers' | 'body'>, fetchImpl: typeof fetch, timeoutMs: number, cancel: AbortSignal): Promise<AttemptOutcome>;
