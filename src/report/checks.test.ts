import { describe, expect, it } from 'vitest';
import { EMPTY_REQUEST, EMPTY_RESPONSE, type JournalEntry } from '../journal/journal.js';
import {
  checkCloseStream,
  checkJobPolling,
  checkRetryAfter,
  checkRetryBackoff,
  checkTestKeys,
  checkWebhookSignatures,
} from './checks.js';

let n = 0;
function entry(at: number, over: Partial<JournalEntry> = {}): JournalEntry {
  n++;
  return {
    request_id: `req_${n}`,
    kind: 'http',
    time: new Date(at).toISOString(),
    wall_ms: at,
    method: 'POST',
    path: '/v1/tts',
    operation_id: 'tts.speak',
    status: 200,
    code: null,
    org_id: 'org_a',
    key_id: 'key_a',
    key: 'svc_test_…abcd',
    environment: 'test',
    scope: null,
    duration_ms: 1,
    fault: null,
    off_contract: false,
    websocket: null,
    retry_after: null,
    ratelimit_remaining: 10,
    ratelimit_reset: 30,
    request: EMPTY_REQUEST,
    response: EMPTY_RESPONSE,
    timings: { received_wall_ms: at, handler_ms: 1, total_ms: 1 },
    ledger_entry_ids: [],
    webhook_event_ids: [],
    ...over,
  };
}

describe('client report checks', () => {
  it('flags requests sent before Retry-After elapsed, and passes a client that waited', () => {
    const refused = entry(0, { status: 429, code: 'rate_limited', retry_after: 2 });
    const early = entry(500);
    const bad = checkRetryAfter([refused, early]);
    expect(bad.status).toBe('fail');
    expect(bad.findings[0].request_ids).toEqual([refused.request_id, early.request_id]);
    expect(checkRetryAfter([refused, entry(2100)]).status).toBe('pass');
    expect(checkRetryAfter([entry(0), entry(10)]).status).toBe('not_applicable');
  });

  it('treats RateLimit-Remaining 0 as "wait for the reset"', () => {
    const last = entry(0, { ratelimit_remaining: 0, ratelimit_reset: 5 });
    expect(checkRetryAfter([last, entry(1000)]).status).toBe('fail');
    expect(checkRetryAfter([last, entry(5200)]).status).toBe('pass');
  });

  it('flags job polling that never slows down, not polling that backs off', () => {
    const poll = (at: number) =>
      entry(at, { method: 'GET', path: '/v1/stt/jobs/job_1', operation_id: 'stt.getJob' });
    const hammer = [0, 100, 200, 300, 400, 500, 600].map(poll);
    expect(checkJobPolling(hammer).status).toBe('fail');
    const backoff = [0, 100, 300, 700, 1500, 3100].map(poll);
    expect(checkJobPolling(backoff).status).toBe('pass');
  });

  it('flags immediate or non-growing retries after a 5xx', () => {
    const fail = (at: number) => entry(at, { status: 502, code: 'upstream_error' });
    expect(checkRetryBackoff([fail(0), fail(10), entry(20)]).status).toBe('fail');
    expect(checkRetryBackoff([fail(0), fail(200), fail(600), fail(1400), entry(3000)]).status).toBe('pass');
    expect(checkRetryBackoff([fail(0), fail(500), fail(700), fail(800), entry(900)]).status).toBe('fail');
    expect(checkRetryBackoff([entry(0)]).status).toBe('not_applicable');
  });

  it('flags realtime sessions closed by the client without close_stream', () => {
    const ws = (close_stream_sent: boolean, close_code: number) =>
      entry(0, {
        kind: 'websocket',
        operation_id: 'stt.realtime',
        status: 101,
        websocket: {
          close_code,
          close_reason: null,
          opened_at: null,
          closed_at: null,
          frames_in: 5,
          frames_out: 2,
          close_stream_sent,
        },
      });
    expect(checkCloseStream([ws(false, 1005)]).status).toBe('fail');
    expect(checkCloseStream([ws(true, 1000)]).status).toBe('pass');
    // Closed by the server (idle timeout): not the client's fault.
    expect(checkCloseStream([ws(false, 4408)]).status).toBe('pass');
  });

  it('flags a receiver that accepted a forged signature', () => {
    const delivery = {
      id: 'whd_1',
      orgId: 'org_a',
      event: 'ping',
      attempts: [{ series: 1, attempt: 1, statusCode: 200 }],
    } as any;
    const forged = [
      { delivery_id: 'whd_1', series: 1, attempt: 1, kind: 'webhook_wrong_secret' as const, rule_id: 'f1' },
    ];
    expect(checkWebhookSignatures([delivery], forged).status).toBe('fail');
    delivery.attempts[0].statusCode = 401;
    expect(checkWebhookSignatures([delivery], forged).status).toBe('pass');
    expect(checkWebhookSignatures([delivery], []).status).toBe('not_applicable');
  });

  it('flags live keys', () => {
    expect(checkTestKeys([entry(0, { environment: 'live' })]).status).toBe('fail');
    expect(checkTestKeys([entry(0)]).status).toBe('pass');
  });
});
