import { andThen, type MaybePromise } from '../core/maybe.js';
import type { LedgerEntry, LedgerReason } from './ledger.js';
import type { MeteringParts } from './metering-parts.js';

/**
 * Refunds a billed or test-key entry once; throws RangeError when it is unknown or not refundable.
 * `owed`: the emulator's own refund (a 5xx, a failed job), sent until it lands (billing-state.ts).
 */
export function refund(
  m: MeteringParts,
  orgId: string,
  entryId: string,
  reason: LedgerReason,
  owed = false,
): MaybePromise<LedgerEntry> {
  const clock = m.opts.clocks.for(orgId);
  const { windowStart } = m.window(clock);
  const refundedAt = clock.isoNow();
  return andThen(
    m.state.refund(orgId, entryId, { reason, refundedAt, grant: m.grantOf(orgId), windowStart, owed }),
    (entry) => {
      m.opts.onEntry?.(entry);
      return entry;
    },
  );
}
