/**
 * The closed set of fault kinds. Each kind says where it applies (its channel) and explains itself in one
 * sentence for the journal. Parameter rules live in the `FaultRuleInput` schema of openapi/admin.yaml.
 */
export declare const FAULT_KINDS: readonly ["error", "latency", "reset", "hang", "stream_truncate", "stream_slow", "ws_close", "job_stuck", "job_fail", "webhook_delay", "webhook_duplicate", "webhook_out_of_order", "webhook_wrong_secret", "webhook_stale_timestamp"];
export type FaultKind = (typeof FAULT_KINDS)[number];
/** Where a fault is applied: the HTTP pipeline, a chunked stream, a WebSocket session, a job, a delivery. */
export type FaultChannel = 'request' | 'stream' | 'websocket' | 'job' | 'webhook';
export declare const KIND_CHANNEL: Record<FaultKind, FaultChannel>;
export interface FaultParams {
    status?: number;
    code?: string;
    detail?: string;
    retry_after?: number;
    latency_ms?: number;
    jitter_ms?: number;
    after_bytes?: number;
    bytes_per_second?: number;
    close_code?: number;
    after_frames?: number;
    after_audio_seconds?: number;
    reason?: string;
    delay_ms?: number;
}
export declare function explainFault(kind: FaultKind, p: FaultParams): string;
/** The code an error fault answers with when the rule names none. */
export declare function defaultCode(status: number): string;
