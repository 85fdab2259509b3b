/** The metering area: the rules (Metering, metering.ts), its state (billing-state.ts, rate-limit-state.ts) and their parts. */
export { Metering, type MeteringDefaults, type MeteringOptions } from './metering.js';
export { meteringErrors, MeteringError, type MeteringErrorCode } from './errors.js';
export { RateLimiter, defaultRateLimits, type RateLimitResult, type RateLimitRule } from './rate-limit.js';
export {
  defaultPrices,
  mergePrices,
  costOf,
  rateOf,
  BYTES_PER_MB,
  type PriceTable,
  type PriceOverrides,
} from './prices.js';
export { DEFAULT_PERIOD_GRANT, type OrgBalance } from './balance.js';
export {
  defaultTestQuotas,
  DEFAULT_QUOTA_WINDOW_SECONDS,
  type QuotaProduct,
  type QuotaStatus,
} from './quotas.js';
export { DEFAULT_THRESHOLD_PERCENTS } from './thresholds.js';
export { DEFAULT_MAX_ENTRIES_PER_ORG } from './ledger.js';
export type {
  LedgerEntry,
  LedgerFilter,
  LedgerReason,
  LedgerStatus,
  Totals,
  TotalsCell,
  UsageInput,
} from './ledger.js';
import type { Area } from '../area/area.js';
import type { StateStore } from '../store/index.js';
import { Metering } from './metering.js';
import type { MeteringOptions } from './metering-options.js';
import { createBillingState, createRateLimitState } from './state.js';
import { rateLimitStage, rateLimitUpgradeStage } from '../stages/rate-limit.js';
import { creditsOrgSection, meteringAdminHandlers, type MeteringAdminDeps } from './admin.js';
export { REALTIME_CHECKPOINT_SECONDS, RealtimeMeter, type RealtimeState } from './realtime.js';
export type { Invoice, InvoiceLine } from './periods.js';
export type { EmitEvent, Environment, Mode, Principal, Product, RagMode, TtsQuality, Unit } from './types.js';
export { createBillingState, createRateLimitState } from './state.js';
export type { BillingState } from './billing-state.js';
export type { RateLimitState } from './rate-limit-state.js';

declare module '../area/area.js' {
  interface AreaParts {
    /** Usage, the ledger, credits, quotas, billing periods and rate limits. */
    metering: Metering;
  }
}

export interface MeteringAreaDeps
  extends Omit<MeteringAdminDeps, 'metering'>, Omit<MeteringOptions, 'state' | 'rateLimits'> {
  store: StateStore;
}

/**
 * Usage, credits, quotas and rate limits: their state, the admin reads, the rate-limit stages, the credits
 * section of an organization.
 */
export function createMeteringArea(deps: MeteringAreaDeps): Area {
  const { store, orgs, webhooks, sandboxes, ...options } = deps;
  const billing = createBillingState(store);
  const rateLimits = createRateLimitState(store);
  const metering = new Metering({ ...options, state: billing, rateLimits });
  return {
    name: 'metering',
    parts: { metering },
    state: [billing, rateLimits],
    // A load re-opens the loaded organizations' billing periods, their ends armed (Metering.loaded).
    onLoaded: (event) => metering.loaded(event.orgIds),
    adminHandlers: meteringAdminHandlers({ orgs, metering, webhooks, sandboxes }),
    stages: [rateLimitStage(metering)],
    upgradeStages: [rateLimitUpgradeStage(metering)],
    orgSections: [creditsOrgSection(metering)],
    reset: () => metering.reset(),
  };
}
