import type { OrgClocks } from '../core/clocks.js';
import type { IdFactory } from '../core/random.js';
import { checkCredits, DEFAULT_PERIOD_GRANT } from './balance.js';
import type { BillingState } from './billing-state.js';
import { DEFAULT_MAX_ENTRIES_PER_ORG, type LedgerEntry } from './ledger.js';
import type { PriceOverrides } from './prices.js';
import { DEFAULT_QUOTA_WINDOW_SECONDS, defaultTestQuotas, validQuotas, type QuotaProduct } from './quotas.js';
import type { RateLimitRule } from './rate-limit.js';
import type { RateLimitState } from './rate-limit-state.js';
import { checkPercents, DEFAULT_THRESHOLD_PERCENTS } from './thresholds.js';
import type { EmitEvent, Environment } from './types.js';

export interface MeteringDefaults {
  /** Credits granted to each org per billing period (default 1000). */
  periodGrant?: number;
  /** Per-org grants applied when the org is first seen, e.g. the demo org. */
  orgGrants?: Record<string, number>;
  testQuotas?: Partial<Record<QuotaProduct, number>>;
  /** Test quota window (default 86 400 s, aligned to UTC midnight). */
  quotaWindowSeconds?: number;
  /** Billing period length in seconds; default: UTC calendar months. */
  periodSeconds?: number;
  thresholdPercents?: readonly number[];
  maxEntriesPerOrg?: number;
  rateLimits?: Partial<Record<Environment, RateLimitRule>>;
}

export interface MeteringOptions {
  /**
   * Every time rule of an organization (windows, periods, stamps) reads its clock: its sandbox's own, or the
   * emulator's.
   */
  clocks: Pick<OrgClocks, 'for' | 'onChange'>;
  ids: IdFactory;
  emit: EmitEvent;
  /** Balances, reservations, quotas, the ledger, periods' usage and invoices (createBillingState). */
  state: BillingState;
  /** Rate-limit windows and per-key overrides (createRateLimitState). */
  rateLimits: RateLimitState;
  prices?: PriceOverrides;
  defaults?: MeteringDefaults;
  /** Told of every ledger entry written or refunded (the journal links entries to their request). */
  onEntry?: (entry: LedgerEntry) => void;
}

export interface ResolvedDefaults {
  defaultGrant: number;
  quotas: Record<QuotaProduct, number>;
  quotaWindowSeconds: number;
  percents: readonly number[];
  maxEntries: number;
}

/** The defaults with their fallbacks applied; throws RangeError on an invalid one. */
export function resolveDefaults(d: MeteringDefaults): ResolvedDefaults {
  const defaultGrant = d.periodGrant ?? DEFAULT_PERIOD_GRANT;
  checkCredits('default grant', defaultGrant);
  for (const credits of Object.values(d.orgGrants ?? {})) checkCredits('grant', credits);
  const quotas = { ...defaultTestQuotas, ...validQuotas(d.testQuotas ?? {}) };
  const quotaWindowSeconds = d.quotaWindowSeconds ?? DEFAULT_QUOTA_WINDOW_SECONDS;
  if (!Number.isInteger(quotaWindowSeconds) || quotaWindowSeconds < 1) {
    throw new RangeError(`quota window must be an integer >= 1 second (got ${quotaWindowSeconds})`);
  }
  const percents = checkPercents(d.thresholdPercents ?? DEFAULT_THRESHOLD_PERCENTS);
  const maxEntries = d.maxEntriesPerOrg ?? DEFAULT_MAX_ENTRIES_PER_ORG;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new RangeError(`maxEntriesPerOrg must be an integer >= 1 (got ${maxEntries})`);
  }
  return { defaultGrant, quotas, quotaWindowSeconds, percents, maxEntries };
}
