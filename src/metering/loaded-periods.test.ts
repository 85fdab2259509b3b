import { describe, expect, it } from 'vitest';
import { live, makeMetering, START } from './test-support/metering.js';

/** One organization's billing, exported, reset and imported, as a load does, then told to Metering. */
async function reload(m: ReturnType<typeof makeMetering>, orgId: string): Promise<void> {
  const data = JSON.parse(JSON.stringify(m.state.perOrg.export(orgId))) as unknown;
  await m.state.perOrg.reset(orgId);
  await m.state.perOrg.import(orgId, data);
  await m.metering.loaded([orgId]);
}

describe('billing periods after a load (issue 25)', () => {
  it('a period closed early continues from its close, and its end is armed again', async () => {
    const m = makeMetering();
    m.metering.record(live, { product: 'tts', quantity: 10 });
    await m.clock.advance(3_600_000);
    const invoice = await m.metering.closePeriod('org_a');
    const before = m.metering.period('org_a');
    expect(before.periodStart).toBe(invoice.period_end);

    await reload(m, 'org_a');
    expect(m.metering.period('org_a')).toEqual(before);
    // The month's end closes the period by itself: its timer is armed without any request.
    m.metering.record(live, { product: 'tts', quantity: 4 });
    await m.clock.advance(Date.parse(before.periodEnd) - m.clock.now());
    const invoices = await m.metering.invoices('org_a');
    expect(invoices.map((i) => [i.period_start, i.period_end])).toEqual([
      [invoice.period_start, invoice.period_end],
      [before.periodStart, before.periodEnd],
    ]);
    expect(invoices[1].lines.map((l) => [l.product, l.quantity])).toEqual([['tts', 4]]);
  });

  it('an organization never closed early opens at its calendar boundary', async () => {
    const m = makeMetering();
    m.metering.record(live, { product: 'tts', quantity: 10 });
    await reload(m, 'org_a');
    expect(m.metering.period('org_a').periodStart).toBe(
      new Date(Date.UTC(new Date(START).getUTCFullYear(), new Date(START).getUTCMonth(), 1)).toISOString(),
    );
    expect(m.clock.state().pendingTimers).toBe(1);
  });
});
