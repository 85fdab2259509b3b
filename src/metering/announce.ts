import type { ChargeOutcome } from './billing-state.js';
import type { LedgerEntry } from './ledger.js';
import type { MeteringParts } from './metering-parts.js';
import { quotaProductOf } from './quotas.js';
import { emitCredits, emitQuota } from './thresholds.js';

/** Emits the thresholds the entry claimed (each once across instances). */
export function announce(m: MeteringParts, entry: LedgerEntry, out: ChargeOutcome): void {
  const orgId = entry.orgId;
  for (const pct of out.fired) {
    if (entry.environment === 'live') {
      emitCredits(m.opts.emit, { orgId, ...out.balance }, m.periods.current(orgId), pct);
    } else {
      const product = quotaProductOf(entry.product)!;
      emitQuota(
        m.opts.emit,
        orgId,
        { product, used: out.used, quota: out.quota, ...m.window(m.opts.clocks.for(orgId)) },
        pct,
      );
    }
  }
}
