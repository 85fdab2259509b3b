import { Clock } from '../../core/clock.js';
import { OrgClocks } from '../../core/clocks.js';
import { MemoryClockState } from '../../core/memory-clock.js';
import { IdFactory } from '../../core/random.js';
import { Metering, type MeteringDefaults } from '../index.js';
import { MemoryBilling } from '../memory-billing.js';
import { MemoryRateLimits } from '../rate-limit-state.js';
import type { Principal } from '../types.js';

export const START = Date.UTC(2025, 0, 15, 12);

export const live: Principal = {
  orgId: 'org_a',
  keyId: 'key_live',
  keyDisplay: 'svc_live_…a1b2',
  environment: 'live',
};
export const test: Principal = {
  orgId: 'org_a',
  keyId: 'key_test',
  keyDisplay: 'svc_test_…c3d4',
  environment: 'test',
};

export interface Emitted {
  orgId: string;
  event: string;
  data: Record<string, unknown>;
  livemode: boolean;
}

export function makeMetering(defaults?: MeteringDefaults) {
  const clock = new Clock({ mode: 'frozen', startAt: START });
  const events: Emitted[] = [];
  const state = new MemoryBilling();
  const rateLimits = new MemoryRateLimits();
  // Organizations given a clock of their own get one in this process, like the emulator's memory store.
  const clocks = new OrgClocks(clock, (_id, start) => new Clock({ state: new MemoryClockState(start) }));
  const metering = new Metering({
    clocks,
    state,
    rateLimits,
    ids: new IdFactory('m'),
    emit: (orgId, event, data, livemode) => events.push({ orgId, event, data, livemode }),
    defaults,
  });
  /** POST /_emulator/reset: the states, then the rules. */
  const reset = () => {
    state.reset();
    rateLimits.reset();
    metering.reset();
  };
  return { clock, clocks, metering, events, reset, state };
}
