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
import { rateLimitStage, rateLimitUpgradeStage } from '../stages/rate-limit.js';
import { creditsOrgView, meteringAdminHandlers, type MeteringAdminDeps } from './admin.js';
export { REALTIME_CHECKPOINT_SECONDS, RealtimeMeter, type RealtimeState } from './realtime.js';
export type { Invoice, InvoiceLine } from './periods.js';
export type { EmitEvent, Environment, Mode, Principal, Product, RagMode, TtsQuality, Unit } from './types.js';
export { createBillingState, createRateLimitState } from './state.js';
export type { BillingState } from './billing-state.js';
export type { RateLimitState } from './rate-limit-state.js';

/** Usage, credits, quotas and rate limits: the admin reads, the rate-limit stages, the credits section. */
export function createMeteringArea(deps: MeteringAdminDeps): Area {
  const { metering } = deps;
  return {
    name: 'metering',
    adminHandlers: meteringAdminHandlers(deps),
    stages: [rateLimitStage(metering)],
    upgradeStages: [rateLimitUpgradeStage(metering)],
    orgView: [creditsOrgView(metering)],
    reset: () => metering.reset(),
  };
}
