import type { Clock } from '../core/clock.js';
import type { BillingState } from './billing-state.js';
import type { MeteringOptions } from './metering-options.js';
import type { BillingPeriods } from './periods.js';

/** What the metering's pieces in files of their own reach of it (Metering builds it once). */
export interface MeteringParts {
  opts: MeteringOptions;
  state: BillingState;
  periods: BillingPeriods;
  grantOf(orgId: string): number;
  billStorage(orgId: string): void;
  /** The test-quota window now on the organization's clock. */
  window(clock: Clock): { windowStart: number; windowEnd: number };
}
