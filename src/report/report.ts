/**
 * `GET /_emulator/report`: the client report per key or per test scope, as JSON or JUnit XML (so a CI
 * job can publish it as test results).
 */
import type { Clock } from '../core/clock.js';
import type { FaultStore } from '../faults/store.js';
import type { JournalEntry } from '../journal/journal.js';
import type { WebhookDelivery } from '../webhooks/types.js';
import {
  checkCloseStream,
  checkContract,
  checkJobPolling,
  checkRetryAfter,
  checkRetryBackoff,
  checkTestKeys,
  checkWebhookSignatures,
} from './checks.js';
import { faultSurvival } from './survival.js';
import type { ClientReport, ReportGroup } from '../contract/admin-types.js';

/** The report and its groups are the document's (`ClientReport`, `GET /report`). */
export type { ClientReport, ReportGroup };

/** What a report reads besides the journal and the deliveries: the time, and the faults injected into webhooks. */
export interface ReportSources {
  clock: Pick<Clock, 'isoNow'>;
  faults: Pick<FaultStore, 'webhookLog'>;
}

export function buildReport(
  sources: ReportSources,
  journal: JournalEntry[],
  deliveries: WebhookDelivery[],
  filter: { org_id?: string; key_id?: string; scope?: string; sandbox?: { id: string; org_id: string } },
): ClientReport {
  const sandbox = filter.sandbox;
  const entries = journal
    .filter((e) => e.key_id !== null)
    .filter(
      (e) =>
        (!filter.org_id || e.org_id === filter.org_id) &&
        (!filter.key_id || e.key_id === filter.key_id) &&
        (!filter.scope || e.scope === filter.scope) &&
        (!sandbox || e.org_id === sandbox.org_id || e.scope === sandbox.id),
    );
  // Requests with a test scope are grouped by scope (one test's traffic); the others by key.
  const groups = new Map<string, JournalEntry[]>();
  for (const e of entries) {
    const id = e.scope ? `scope:${e.scope}` : `key:${e.key_id}`;
    groups.set(id, [...(groups.get(id) ?? []), e]);
  }
  const result: ReportGroup[] = [...groups.values()].map((list) => {
    const first = list[0];
    const orgDeliveries = deliveries.filter((d) => d.orgId === first.org_id);
    return {
      group: {
        scope: first.scope,
        key_id: first.scope ? null : first.key_id,
        key: first.scope ? null : first.key,
        org_id: first.org_id,
      },
      requests: list.length,
      checks: [
        checkRetryAfter(list),
        checkRetryBackoff(list),
        checkJobPolling(list),
        checkCloseStream(list),
        checkWebhookSignatures(orgDeliveries, sources.faults.webhookLog),
        checkTestKeys(list),
        checkContract(list),
      ],
      faults: faultSurvival(list),
    };
  });
  const all = result.flatMap((g) => g.checks);
  return {
    generated_at: sources.clock.isoNow(),
    summary: {
      groups: result.length,
      checks: all.length,
      failed: all.filter((c) => c.status === 'fail').length,
      passed: all.filter((c) => c.status === 'pass').length,
      not_applicable: all.filter((c) => c.status === 'not_applicable').length,
      contract_violations: entries.reduce((n, e) => n + (e.contract_violations?.length ?? 0), 0),
      faults: result.reduce((n, g) => n + g.faults.length, 0),
      faults_survived: result.reduce((n, g) => n + g.faults.filter((f) => f.survived).length, 0),
    },
    groups: result,
  };
}

const xml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

export function reportToJUnit(report: ClientReport): string {
  const suites = report.groups.map((g) => {
    const name = g.group.scope ? `scope ${g.group.scope}` : `key ${g.group.key ?? g.group.key_id}`;
    const cases = g.checks.map((c) => {
      const inner =
        c.status === 'fail'
          ? `<failure message="${xml(c.findings.map((f) => f.message).join('; '))}">${xml(
              c.findings.map((f) => `${f.message}\nrequests: ${f.request_ids.join(', ')}`).join('\n\n'),
            )}</failure>`
          : c.status === 'not_applicable'
            ? '<skipped message="not exercised by this client"/>'
            : '';
      return `    <testcase classname="${xml(name)}" name="${xml(c.title)}">${inner}</testcase>`;
    });
    const failures = g.checks.filter((c) => c.status === 'fail').length;
    const skipped = g.checks.filter((c) => c.status === 'not_applicable').length;
    return `  <testsuite name="${xml(name)}" tests="${g.checks.length}" failures="${failures}" skipped="${skipped}" timestamp="${report.generated_at}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="svc-emulator client report" tests="${report.summary.checks}" failures="${report.summary.failed}" skipped="${report.summary.not_applicable}">\n${suites.join('\n')}\n</testsuites>\n`;
}
