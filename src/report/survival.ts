/**
 * The client report's fault survival: for each journal entry a fault rule changed, whether the client went
 * on to succeed at the same thing. Survived: a later request of the same group (key or test scope) to the
 * same operation answered 2xx with no fault on it. Webhook faults are judged by the signature check instead.
 */
import type { FaultSurvival } from '../contract/admin-types.js';
import type { JournalEntry } from '../journal/journal.js';

/** One faulted request and its fate: the document's (`ClientReport.groups[].faults`). */
export type { FaultSurvival };

const succeeded = (e: JournalEntry) =>
  e.fault === null && e.status !== null && e.status >= 200 && e.status < 300;

/** `entries` in arrival order (the journal's); one walk from the end keeps it linear in the group's size. */
export function faultSurvival(entries: readonly JournalEntry[]): FaultSurvival[] {
  const nextSuccess = new Map<string, string>();
  const out: FaultSurvival[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    const op = e.operation_id ?? '';
    if (e.fault) {
      const by = nextSuccess.get(op) ?? null;
      out.push({
        request_id: e.request_id,
        operation_id: e.operation_id,
        kind: e.fault.kind,
        rule_id: e.fault.rule_id,
        off_contract: e.off_contract,
        survived: by !== null,
        recovered_by: by,
      });
    }
    if (succeeded(e)) nextSuccess.set(op, e.request_id);
  }
  return out.reverse();
}
