import { describe, expect, it } from 'vitest';
import { live, makeMetering, START } from './test-support/metering.js';

const OWN = Date.UTC(2030, 0, 31, 23);
const own = (at = OWN) => ({ mode: 'frozen' as const, timeScale: 1, at });

describe('billing periods of an organization with its own clock', () => {
  it('an organization that gets its own clock drops the period opened on the emulator clock and opens one on its own', async () => {
    const { metering, clock, clocks, events } = makeMetering();
    metering.record(live, { product: 'tts', quantity: 10 });
    expect(clock.state().pendingTimers).toBe(1);
    const its = clocks.attach('org_a', 'sandbox:t:clock', own());
    // Its period timer left the emulator clock; nothing was invoiced at the switch.
    expect(clock.state().pendingTimers).toBe(0);
    expect(await metering.invoices('org_a')).toEqual([]);
    expect(metering.period('org_a')).toEqual({
      periodStart: '2030-01-01T00:00:00.000Z',
      periodEnd: '2030-02-01T00:00:00.000Z',
    });
    expect(its.state().pendingTimers).toBe(1);

    // The emulator clock passing its month end closes nothing of this organization.
    await clock.advance(Date.UTC(2025, 1, 1) - START);
    expect(await metering.invoices('org_a')).toEqual([]);
    await its.advance(3_600_000);
    const invoices = await metering.invoices('org_a');
    expect(invoices.map((i) => [i.period_start, i.period_end, i.finalized_at])).toEqual([
      ['2030-01-01T00:00:00.000Z', '2030-02-01T00:00:00.000Z', '2030-02-01T00:00:00.000Z'],
    ]);
    // The usage recorded before the switch is in that invoice (10 characters of standard TTS).
    expect(invoices[0].lines.map((l) => [l.product, l.quantity])).toEqual([['tts', 10]]);
    expect(events.filter((e) => e.event === 'invoice.finalized').map((e) => e.orgId)).toEqual(['org_a']);
  });

  it('an organization whose clock is detached opens its next period on the emulator clock', () => {
    const { metering, clock, clocks } = makeMetering();
    clocks.attach('org_a', 'sandbox:t:clock', own());
    expect(metering.period('org_a').periodStart).toBe('2030-01-01T00:00:00.000Z');
    clocks.detach('org_a');
    expect(metering.period('org_a').periodStart).toBe('2025-01-01T00:00:00.000Z');
    expect(clock.state().pendingTimers).toBe(1);
  });
});
