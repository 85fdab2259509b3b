/**
 * The link between this instance's metering and a shared store (issue 17, src/metering/redis-billing.ts):
 * what the store tells this instance (BillingReplica: balances, quotas and overrides changed anywhere,
 * thresholds this instance claimed, periods closed elsewhere, resets), and what a new ledger entry or a
 * period's end asks of the store. Metering's own structures stay the local copy the views read.
 */
import type { BillingBackend, BillingReplica, SharedBalance } from './backend.js';
import type { Balances } from './balance.js';
import type { Ledger, LedgerEntry, LedgerStatus } from './ledger.js';
import type { BillingPeriods, Invoice } from './periods.js';
import { quotaProductOf, type QuotaProduct, type TestQuotas } from './quotas.js';
import type { RateLimiter, RateLimitRule } from './rate-limit.js';
import type { Thresholds } from './thresholds.js';

/** Metering's current structures (a reset builds new ones, so they are read through a function). */
export interface MeteringParts {
  balances: Balances;
  quotas: TestQuotas;
  periods: BillingPeriods;
  thresholds: Thresholds;
  ledger: Ledger;
  rateLimiter: RateLimiter;
  maxEntriesPerOrg: number;
}

export class SharedLink implements BillingReplica {
  private readonly versions = new Map<string, number>();

  constructor(
    private readonly parts: () => MeteringParts,
    /** Rebuilds Metering's structures (another instance's reset). */
    private readonly rebuild: () => void,
  ) {}

  /** A new entry (`from` undefined) or a refund, written to the store; `reservationId`: what it settles. */
  usage(
    shared: BillingBackend,
    entry: LedgerEntry,
    from: LedgerStatus | undefined,
    reservationId: string | undefined,
  ): void {
    const { balances, quotas, thresholds, maxEntriesPerOrg } = this.parts();
    const orgId = entry.orgId;
    const q = quotaProductOf(entry.product);
    const windowStart = q ? quotas.status(orgId, q).windowStart : 0;
    const grant = balances.grantOf(orgId);
    if (from) {
      shared.refund(entry, from, { grant, windowStart });
      return;
    }
    shared.charge(entry, {
      reservationId,
      grant,
      quotaProduct: q,
      quota: q ? quotas.quotaOf(orgId, q) : 0,
      windowStart,
      maxEntries: maxEntriesPerOrg,
      percents: thresholds.thresholdPercents,
    });
  }

  /** Closes the period once across instances (`end`: at its end; null: now, through the admin API). */
  async close(shared: BillingBackend, orgId: string, end: number | null): Promise<Invoice | null> {
    const { periods, balances } = this.parts();
    if (end !== null && !(await shared.claimClose(orgId, end))) {
      periods.roll(orgId);
      return null;
    }
    const invoice = await periods.closeWith(orgId, () => shared.takePeriod(orgId, balances.grantOf(orgId)));
    shared.saveInvoice(invoice);
    return invoice;
  }

  applyBalance(orgId: string, state: SharedBalance): void {
    if (state.version < (this.versions.get(orgId) ?? 0)) return;
    this.versions.set(orgId, state.version);
    const { version: _version, ...figures } = state;
    this.parts().balances.apply(orgId, figures);
  }

  applyQuotaUsed(orgId: string, product: QuotaProduct, windowStart: number, used: number): void {
    this.parts().quotas.setUsed(orgId, product, windowStart, used);
  }

  applyQuota(orgId: string, product: QuotaProduct, quota: number): void {
    this.parts().quotas.setQuota(orgId, product, quota);
  }

  applyKeyLimit(keyId: string, rule: RateLimitRule | null): void {
    this.parts().rateLimiter.applyKeyLimit(keyId, rule);
  }

  thresholdsClaimed(entry: LedgerEntry, percents: number[]): void {
    const { balances, quotas, periods, thresholds } = this.parts();
    const orgId = entry.orgId;
    const q = quotaProductOf(entry.product);
    for (const pct of percents) {
      if (entry.environment === 'live')
        thresholds.emitCredits(balances.get(orgId), periods.current(orgId), pct);
      else if (q) thresholds.emitQuota(orgId, quotas.status(orgId, q), pct);
    }
  }

  periodClosed(orgId: string): void {
    this.parts().periods.roll(orgId);
  }

  dropShared(): void {
    const { periods, rateLimiter } = this.parts();
    periods.reset();
    rateLimiter.clearKeyLimits();
    this.forget();
    this.rebuild();
  }

  /** Forgets the balance versions seen (a reset, here or elsewhere). */
  forget(): void {
    this.versions.clear();
  }
}
