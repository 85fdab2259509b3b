/**
 * The client report: what the client under test did with the emulator's guidance, from the request
 * journal and the webhook delivery log. Each check passes, fails (with findings naming the requests
 * behind them) or does not apply. Times are wall-clock arrival times: what the client really did.
 */
import type { CheckResult, CheckStatus, Finding } from '../contract/admin-types.js';
import type { JournalEntry } from '../journal/journal.js';
import type { WebhookFaultRecord } from '../faults/store.js';
import type { WebhookDelivery } from '../webhooks/index.js';

/** A check's result and its findings are the document's (`ClientReport.groups[].checks`). */
export type { CheckResult, CheckStatus, Finding };

/** Tolerance for clocks and scheduling when judging whether a client waited long enough. */
const SLACK_MS = 250;
/** Polling a job faster than this, five times in a row, without slowing down, is hammering. */
const FAST_POLL_MS = 500;
const FAST_POLL_RUN = 5;
/** A retry sooner than this after a 5xx is not a backoff. */
const MIN_RETRY_DELAY_MS = 100;

function result(id: string, title: string, findings: Finding[], applicable: boolean): CheckResult {
  return { id, title, status: !applicable ? 'not_applicable' : findings.length ? 'fail' : 'pass', findings };
}

const sameOperation = (a: JournalEntry, b: JournalEntry) =>
  a.operation_id !== null && a.operation_id === b.operation_id;

export function checkRetryAfter(entries: JournalEntry[]): CheckResult {
  const findings: Finding[] = [];
  let applicable = false;
  entries.forEach((e, i) => {
    const waitS =
      e.status === 429 || e.status === 409
        ? e.retry_after
        : e.ratelimit_remaining === 0
          ? e.ratelimit_reset
          : null;
    if (waitS === null || waitS === undefined) return;
    applicable = true;
    const earliest = e.wall_ms + waitS * 1000 - SLACK_MS;
    const early = entries
      .slice(i + 1)
      .filter((n) => n.wall_ms < earliest && (e.status !== 409 || sameOperation(n, e)));
    if (early.length) {
      const why =
        e.status === 429 || e.status === 409
          ? `${e.status} ${e.code} with Retry-After ${waitS}`
          : `RateLimit-Remaining 0 (reset in ${waitS} s)`;
      findings.push({
        message: `${early.length} request(s) sent within ${waitS} s after ${why}`,
        request_ids: [e.request_id, ...early.map((n) => n.request_id)],
      });
    }
  });
  return result('honours_retry_after', 'Honours Retry-After and the RateLimit headers', findings, applicable);
}

export function checkJobPolling(entries: JournalEntry[]): CheckResult {
  const polls = new Map<string, JournalEntry[]>();
  for (const e of entries) {
    if (e.operation_id === 'stt.getJob' || e.operation_id === 'rag.getJob') {
      const list = polls.get(e.path) ?? [];
      list.push(e);
      polls.set(e.path, list);
    }
  }
  const findings: Finding[] = [];
  for (const [path, list] of polls) {
    let run: JournalEntry[] = [list[0]];
    for (let i = 1; i < list.length; i++) {
      const gap = list[i].wall_ms - list[i - 1].wall_ms;
      const prevGap = i > 1 ? list[i - 1].wall_ms - list[i - 2].wall_ms : 0;
      if (gap < FAST_POLL_MS && gap <= prevGap * 1.2 + 1) run.push(list[i]);
      else run = [list[i]];
      if (run.length === FAST_POLL_RUN + 1) {
        findings.push({
          message: `${path} polled ${FAST_POLL_RUN} times in a row less than ${FAST_POLL_MS} ms apart without backing off`,
          request_ids: run.map((e) => e.request_id),
        });
      }
    }
  }
  return result('backs_off_polling', 'Backs off while polling jobs', findings, polls.size > 0);
}

export function checkRetryBackoff(entries: JournalEntry[]): CheckResult {
  const findings: Finding[] = [];
  const failed = (e: JournalEntry) => e.status !== null && e.status >= 500;
  let applicable = false;
  // Split each operation's requests into failure runs: a 5xx and the requests that follow it until a success.
  const byOperation = new Map<string, JournalEntry[]>();
  for (const e of entries)
    if (e.operation_id) byOperation.set(e.operation_id, [...(byOperation.get(e.operation_id) ?? []), e]);
  for (const list of byOperation.values()) {
    for (let i = 0; i < list.length; i++) {
      if (!failed(list[i]) || (i > 0 && failed(list[i - 1]))) continue;
      applicable = true;
      const run = [list[i]];
      for (let j = i + 1; j < list.length; j++) {
        run.push(list[j]);
        if (!failed(list[j])) break;
      }
      if (run.length < 2) continue;
      const gaps = run.slice(1).map((r, k) => r.wall_ms - run[k].wall_ms);
      const tooSoon = gaps[0] < MIN_RETRY_DELAY_MS;
      const notGrowing = gaps.length >= 3 && gaps.slice(1).some((g, k) => g + SLACK_MS / 5 < gaps[k]);
      if (!tooSoon && !notGrowing) continue;
      const first = run[0];
      findings.push({
        message: tooSoon
          ? `retried ${first.operation_id} ${gaps[0]} ms after ${first.status} ${first.code ?? ''}`.trim()
          : `retries of ${first.operation_id} after ${first.status} did not back off (gaps ${gaps.join(', ')} ms)`,
        request_ids: run.map((r) => r.request_id),
      });
    }
  }
  return result('backs_off_on_5xx', 'Retries 5xx with backoff rather than hammering', findings, applicable);
}

export function checkCloseStream(entries: JournalEntry[]): CheckResult {
  const sessions = entries.filter(
    (e) => e.kind === 'websocket' && e.operation_id === 'stt.realtime' && e.status === 101,
  );
  const findings: Finding[] = sessions
    .filter(
      (e) => !e.websocket?.close_stream_sent && !e.fault && !serverClosed(e.websocket?.close_code ?? null),
    )
    .map((e) => ({
      message: `realtime session closed with ${e.websocket?.close_code ?? 'no code'} without sending close_stream (its last audio was never finalized or trued up)`,
      request_ids: [e.request_id],
    }));
  return result(
    'closes_realtime_streams',
    'Closes realtime streams with close_stream',
    findings,
    sessions.length > 0,
  );
}

/** Codes the server chose (errors, revocation, idle, reset): the client is not to blame. */
function serverClosed(code: number | null): boolean {
  return (
    code !== null &&
    (code === 1001 || code === 1008 || code === 1009 || code === 1011 || code === 1012 || code >= 4000)
  );
}

export function checkWebhookSignatures(
  deliveries: WebhookDelivery[],
  forged: WebhookFaultRecord[],
): CheckResult {
  const forgeries = forged.filter(
    (f) => f.kind === 'webhook_wrong_secret' || f.kind === 'webhook_stale_timestamp',
  );
  const findings: Finding[] = [];
  for (const f of forgeries) {
    const d = deliveries.find((x) => x.id === f.delivery_id);
    const attempt = d?.attempts.find((a) => a.series === f.series && a.attempt === f.attempt);
    if (attempt?.statusCode !== undefined && attempt.statusCode >= 200 && attempt.statusCode < 300) {
      findings.push({
        message: `receiver answered ${attempt.statusCode} to delivery ${f.delivery_id} (${d?.event}) signed with ${f.kind === 'webhook_wrong_secret' ? 'a wrong secret' : 'a stale timestamp'}: it does not verify SVC-Signature`,
        request_ids: [f.delivery_id],
      });
    }
  }
  return result('verifies_webhook_signatures', 'Verifies webhook signatures', findings, forgeries.length > 0);
}

export function checkTestKeys(entries: JournalEntry[]): CheckResult {
  const live = entries.filter((e) => e.environment === 'live');
  const findings: Finding[] = live.length
    ? [
        {
          message: `${live.length} request(s) used a live key; test runs should use svc_test_ keys (never billed)`,
          request_ids: live.slice(0, 20).map((e) => e.request_id),
        },
      ]
    : [];
  return result(
    'uses_test_keys',
    'Uses a test key in test runs',
    findings,
    entries.some((e) => e.environment !== null),
  );
}

/** Proxy mode: the upstream gateway's traffic, checked against openapi/gateway.yaml (docs/proxy.md). */
export function checkContract(entries: JournalEntry[]): CheckResult {
  const proxied = entries.filter((e) => e.proxied);
  const findings: Finding[] = proxied
    .filter((e) => e.contract_violations?.length)
    .map((e) => ({
      message: `${e.method} ${e.path} → ${e.status ?? 'no answer'}: ${e.contract_violations!.length} contract violation(s): ${e.contract_violations!.map((v) => `${v.where}: ${v.rule}`).join('; ')}`,
      request_ids: [e.request_id],
    }));
  return result('follows_contract', 'Proxied traffic follows the contract', findings, proxied.length > 0);
}
