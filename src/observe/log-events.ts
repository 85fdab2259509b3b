/**
 * The request log's events, built from what the journal and the webhook engine already know. One function
 * per event, so the field names (docs/observability.md, "Request log") are written in one place.
 */
import type { JournalEntry } from '../journal/journal.js';
import type { DeliveryAttempt, WebhookDelivery, WebhookEnvelope } from '../webhooks/types.js';
import type { RequestLog } from './request-log.js';

function who(e: JournalEntry) {
  return {
    operation_id: e.operation_id,
    org_id: e.org_id,
    key: e.key,
    key_id: e.key_id,
    scope: e.scope,
    fault_rule: e.fault?.rule_id ?? null,
  };
}

/** One line per finished HTTP request; health checks only at debug, so container probes stay quiet. */
export function logHttpRequest(log: RequestLog, e: JournalEntry, api: 'v1' | 'admin'): void {
  const level =
    e.status === null || e.status >= 500 ? 'warn' : e.path === '/_emulator/health' ? 'debug' : 'info';
  if (!log.enabled(level)) return;
  log.write(level, {
    event: 'request',
    api,
    request_id: e.request_id,
    method: e.method,
    path: e.path,
    status: e.status,
    code: e.code,
    ...who(e),
    duration_ms: e.duration_ms,
    ...(log.debug
      ? {
          request_headers: e.request.headers,
          request_query: Object.keys(e.request.query).length > 0 ? e.request.query : null,
          request_body: log.body(e.request.multipart ?? e.request.body),
          response_headers: e.response.headers,
          response_body: log.body(e.response.audio ?? e.response.body),
        }
      : {}),
  });
}

export function logWsOpen(log: RequestLog, e: JournalEntry): void {
  log.write('info', {
    event: 'ws_open',
    request_id: e.request_id,
    method: e.method,
    path: e.path,
    status: e.status,
    ...who(e),
    ...(log.debug ? { request_headers: e.request.headers } : {}),
  });
}

/** The session's end, or a refused handshake (then `status` is the refusal's and `code` its problem code). */
export function logWsClose(log: RequestLog, e: JournalEntry): void {
  const refused = e.status !== 101;
  const level =
    e.status === null || (e.status ?? 0) >= 500 || (e.websocket?.close_code ?? 1000) === 1011
      ? 'warn'
      : 'info';
  log.write(level, {
    event: refused ? 'ws_refused' : 'ws_close',
    request_id: e.request_id,
    method: e.method,
    path: e.path,
    status: e.status,
    code: e.code,
    close_code: e.websocket?.close_code ?? null,
    close_reason: e.websocket?.close_reason || null,
    frames_in: refused ? null : (e.websocket?.frames_in ?? null),
    frames_out: refused ? null : (e.websocket?.frames_out ?? null),
    ...who(e),
    duration_ms: e.duration_ms,
  });
}

export function logWebhookAttempt(
  log: RequestLog,
  d: WebhookDelivery,
  a: DeliveryAttempt,
  faultRule: string | null,
): void {
  log.write(a.statusCode !== undefined && a.statusCode < 300 ? 'info' : 'warn', {
    event: 'webhook_attempt',
    delivery_id: d.id,
    event_id: d.eventId,
    webhook_event: d.event,
    method: 'POST',
    path: a.url,
    status: a.statusCode ?? null,
    error: a.error ?? null,
    attempt: a.attempt,
    series: a.series,
    delivery_status: d.status,
    org_id: d.orgId,
    endpoint_id: d.endpointId,
    fault_rule: faultRule,
    duration_ms: a.latencyMs,
    ...(log.debug ? { signature: a.signatureHeader, request_body: log.body(a.requestBody) } : {}),
  });
}

/** Job transitions, seen through the events that announce them (`job.completed`, `rag.job.completed`). */
export function logJobEvent(log: RequestLog, envelope: WebhookEnvelope, orgId: string): void {
  const data = envelope.data;
  const status = typeof data.status === 'string' ? data.status : null;
  log.write(status === 'failed' ? 'warn' : 'info', {
    event: 'job',
    job_id: typeof data.job_id === 'string' ? data.job_id : null,
    job_status: status,
    webhook_event: envelope.event,
    event_id: envelope.id,
    org_id: orgId,
    request_id: typeof data.request_id === 'string' ? data.request_id : null,
  });
}

/** A deprecated name was used (docs/compatibility.md, "How a breaking change is announced"): once per use, at warn. */
export function logDeprecated(
  log: RequestLog,
  what: { request_id: string; field: string; instead: string },
): void {
  if (!log.enabled('warn')) return;
  log.write('warn', { event: 'deprecated', ...what });
}
