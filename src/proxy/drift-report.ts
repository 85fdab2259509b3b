/** The drift report as a table for people and as JUnit XML for CI (each recorded exchange a test case). */
import type { DriftDifference } from './drift-compare.js';
import type { DriftCase, DriftReport } from './drift.js';

export function describeDifference(d: DriftDifference): string {
  const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  return `${d.aspect}${d.path ? ` ${d.path}` : ''}: recorded ${show(d.recorded)}, emulator ${show(d.emulator)}`;
}

function caseSummary(c: DriftCase): string {
  if (c.result === 'error') return c.error ?? 'error';
  return c.differences.map(describeDifference).join('; ');
}

export function driftTable(report: DriftReport): string {
  const rows = report.exchanges.map((c) => [
    c.id,
    `${c.method} ${c.path}`,
    `${c.recorded_status ?? '-'}/${c.emulator_status ?? '-'}`,
    c.result.toUpperCase(),
    caseSummary(c),
  ]);
  const head = ['exchange', 'request', 'status', 'result', 'differences'];
  const widths = head.slice(0, 4).map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => (i < 4 ? cell.padEnd(widths[i]) : cell))
      .join('  ')
      .trimEnd();
  const { summary } = report;
  return [
    line(head),
    ...rows.map(line),
    '',
    `${summary.exchanges} exchange(s): ${summary.passed} passed, ${summary.drifted} drifted, ${summary.errors} error(s)`,
  ].join('\n');
}

const xml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

export function driftToJUnit(report: DriftReport): string {
  const cases = report.exchanges.map((c) => {
    const name = `${c.id} ${c.method} ${c.path}`;
    const inner =
      c.result === 'drift'
        ? `<failure message="${xml(caseSummary(c))}">${xml(c.differences.map(describeDifference).join('\n'))}</failure>`
        : c.result === 'error'
          ? `<error message="${xml(c.error ?? 'error')}"/>`
          : '';
    return `    <testcase classname="${xml(c.operation_id ?? c.path)}" name="${xml(name)}">${inner}</testcase>`;
  });
  const { summary } = report;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="svc-emulator drift" tests="${summary.exchanges}" failures="${summary.drifted}" errors="${summary.errors}">\n  <testsuite name="drift ${xml(report.recordings)}" tests="${summary.exchanges}" failures="${summary.drifted}" errors="${summary.errors}" timestamp="${report.generated_at}">\n${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`;
}
