/**
 * The closed set of fault kinds. Each kind says where it applies (its channel) and explains itself in one
 * sentence for the journal. Parameter rules live in the `FaultRuleInput` schema of openapi/admin.yaml.
 */
import type { Exhaustive, FaultKind, FaultRuleInput, ListsEvery } from '../contract/admin-types.js';

/** The kinds and their parameters are the document's (`FaultRuleInput`), see contract/admin-types.ts. */
export type { FaultKind } from '../contract/admin-types.js';

export const FAULT_KINDS = [
  'error',
  'latency',
  'reset',
  'hang',
  'stream_truncate',
  'stream_slow',
  'ws_close',
  'job_stuck',
  'job_fail',
  'webhook_delay',
  'webhook_duplicate',
  'webhook_out_of_order',
  'webhook_wrong_secret',
  'webhook_stale_timestamp',
  'html_error',
  'truncate_json',
  'empty_body',
  'wrong_content_type',
  'omit_optional',
  'extra_fields',
  'ws_stall',
  'ws_frame_delay',
] as const satisfies readonly FaultKind[];

/** FAULT_KINDS names every kind of the document (and `satisfies` keeps out any other). */
type _EveryFaultKind = Exhaustive<ListsEvery<FaultKind, typeof FAULT_KINDS>>;

/**
 * Where a fault is applied: the HTTP pipeline (in place of the answer), the answer being written (its body,
 * headers or fields; an HTTP answer or a WebSocket session's frames), a chunked stream, a WebSocket session,
 * a job, a delivery.
 */
export type FaultChannel = 'request' | 'response' | 'stream' | 'websocket' | 'job' | 'webhook';

export const KIND_CHANNEL: Record<FaultKind, FaultChannel> = {
  error: 'request',
  latency: 'request',
  reset: 'request',
  hang: 'request',
  stream_truncate: 'stream',
  stream_slow: 'stream',
  ws_close: 'websocket',
  job_stuck: 'job',
  job_fail: 'job',
  webhook_delay: 'webhook',
  webhook_duplicate: 'webhook',
  webhook_out_of_order: 'webhook',
  webhook_wrong_secret: 'webhook',
  webhook_stale_timestamp: 'webhook',
  html_error: 'request',
  truncate_json: 'response',
  empty_body: 'response',
  wrong_content_type: 'response',
  omit_optional: 'response',
  extra_fields: 'response',
  ws_stall: 'websocket',
  ws_frame_delay: 'websocket',
};

/**
 * Kinds whose every answer breaks the contract (spec: errors are problem+json, answers are the documented
 * JSON): marked `off_contract` on the rule, its explanation, each journal entry and the client report.
 * `omit_optional` leaves out only fields the spec marks optional, and `ws_stall`/`ws_frame_delay` change only
 * timing, so they stay on contract. An `error` rule is off contract when its status is not documented.
 */
export const OFF_CONTRACT_KINDS: ReadonlySet<FaultKind> = new Set([
  'html_error',
  'truncate_json',
  'empty_body',
  'wrong_content_type',
  'extra_fields',
]);

/** A rule's parameters: `FaultRuleInput` without the fields every rule has (what, where, how often, when). */
export type FaultParams = Omit<
  FaultRuleInput,
  'kind' | 'description' | 'match' | 'times' | 'probability' | 'active_from' | 'active_until' | 'ttl_seconds'
>;

export function explainFault(kind: FaultKind, p: FaultParams): string {
  switch (kind) {
    case 'error':
      return `answer ${p.status} ${p.code ?? defaultCode(p.status ?? 500)} instead of running the operation`;
    case 'latency':
      return `delay the answer by ${p.latency_ms ?? 0} ms${p.jitter_ms ? ` ± up to ${p.jitter_ms} ms (seeded)` : ''}`;
    case 'reset':
      return 'reset the TCP connection without answering';
    case 'hang':
      return 'accept the request and never answer, until the client gives up';
    case 'stream_truncate':
      return `cut the chunked stream after ${p.after_bytes ?? 0} bytes`;
    case 'stream_slow':
      return `slow the chunked stream to ${p.bytes_per_second} bytes per second`;
    case 'ws_close':
      return `close the WebSocket with ${p.close_code}${p.after_frames !== undefined ? ` after ${p.after_frames} frames` : ''}${p.after_audio_seconds !== undefined ? ` after ${p.after_audio_seconds} s of audio` : ''}`;
    case 'job_stuck':
      return 'leave the job in processing forever';
    case 'job_fail':
      return `fail the job with ${p.code ?? "the area's failure code (transcription_failed, indexing_failed)"}${p.detail ? `: ${p.detail}` : ''}`;
    case 'webhook_delay':
      return `hold each delivery attempt for ${p.delay_ms ?? 0} ms before sending it`;
    case 'webhook_duplicate':
      return 'send every delivery attempt twice';
    case 'webhook_out_of_order':
      return `hold the delivery for ${p.delay_ms ?? 2000} ms so later events overtake it`;
    case 'webhook_wrong_secret':
      return 'sign the delivery with a wrong secret';
    case 'webhook_stale_timestamp':
      return `sign the delivery with a timestamp ${p.delay_ms ? Math.round(p.delay_ms / 1000) : 600} s in the past`;
    case 'html_error':
      return `answer ${p.status ?? 502} with an HTML error page, as a load balancer or proxy in front of the gateway would`;
    case 'truncate_json':
      return `cut the JSON answer after ${p.after_bytes !== undefined ? `${p.after_bytes} bytes` : 'half its bytes'}${p.length_header === 'truncated' ? ', with a Content-Length that matches the cut body' : ', declaring the whole length and closing the connection early'}`;
    case 'empty_body':
      return 'answer the status and headers with an empty body';
    case 'wrong_content_type':
      return `send the answer as Content-Type ${p.content_type ?? 'text/plain; charset=utf-8'}`;
    case 'omit_optional':
      return 'leave out every optional field of the answer (on contract)';
    case 'extra_fields':
      return `add unknown fields (${Object.keys(p.fields ?? { x_emulator_extra: 1 }).join(', ')}) to JSON answers and WebSocket frames`;
    case 'ws_stall':
      return `keep the WebSocket open but send no more frames${p.after_frames !== undefined ? ` after ${p.after_frames} frames` : ''}, and leave pings unanswered`;
    case 'ws_frame_delay':
      return `hold each server frame ${p.delay_ms ?? 0} ms${p.burst && p.burst > 1 ? ` and release them in bursts of ${p.burst}` : ''}${p.after_frames !== undefined ? ` after ${p.after_frames} frames` : ''}`;
  }
}

/** The code an error fault answers with when the rule names none. */
export function defaultCode(status: number): string {
  const byStatus: Record<number, string> = {
    400: 'invalid_json',
    401: 'invalid_api_key',
    403: 'insufficient_scope',
    404: 'not_found',
    409: 'rag_provisioning',
    422: 'validation_failed',
    429: 'rate_limited',
    500: 'internal_error',
    502: 'upstream_error',
    504: 'upstream_timeout',
  };
  return byStatus[status] ?? 'injected_fault';
}
