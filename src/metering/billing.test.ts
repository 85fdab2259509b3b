import { describe, expect, it } from 'vitest';
import { MeteringError } from './errors.js';
import { live, makeMetering, START, test } from './test-support/metering.js';

function caught(fn: () => void): MeteringError {
  try {
    fn();
  } catch (err) {
    if (err instanceof MeteringError) return err;
    throw err;
  }
  throw new Error('expected a MeteringError');
}

describe('precheck', async () => {
  it('refuses a live request that costs more than the balance, until the period ends', async () => {
    const { metering } = makeMetering();
    metering.setBalance('org_a', 3.2);
    expect(() => void metering.precheck(live, 'rag_search', 1, 'answer')).not.toThrow();
    const err = caught(() => void metering.precheck(live, 'tts', 625, 'standard'));
    expect(err).toMatchObject({ code: 'insufficient_credits', status: 429, title: 'Insufficient credits' });
    expect(err.detail).toContain(
      "this request costs 12.5 credits; the organization's balance is 3.2 credits",
    );
    // 2025-01-15T12:00Z → the February period starts on 2025-02-01T00:00Z.
    expect(err.retryAfterSeconds).toBe((Date.UTC(2025, 1, 1) - START) / 1000);
  });

  it('refuses a test key past its quota, until the quota window resets', async () => {
    const { metering, clock } = makeMetering();
    metering.setTestQuota('org_a', 'rag_search', 2);
    void metering.precheck(test, 'rag_search', 1);
    metering.record(test, { product: 'rag_search', quantity: 1 });
    metering.record(test, { product: 'rag_search', quantity: 1 });
    const err = caught(() => void metering.precheck(test, 'rag_search', 1, 'analyze'));
    expect(err).toMatchObject({ code: 'test_quota_exceeded', status: 429 });
    expect(err.detail).toBe(
      'test keys may use 2 queries of rag_search per day; 2 used or held by requests in progress, this request needs 1',
    );
    expect(err.retryAfterSeconds).toBe(12 * 3600);
    expect(() => void metering.precheck(live, 'rag_search', 1)).not.toThrow();
    await clock.advance(12 * 3600 * 1000);
    expect(() => void metering.precheck(test, 'rag_search', 1)).not.toThrow();
  });

  it('refuses a test request that would overrun the quota, and quantity 0 once it is used up', async () => {
    const { metering } = makeMetering();
    metering.record(test, { product: 'tts', quantity: 4_900 });
    expect(() => void metering.precheck(test, 'tts', 100)).not.toThrow();
    expect(caught(() => void metering.precheck(test, 'tts', 101)).code).toBe('test_quota_exceeded');
    metering.record(test, { product: 'tts', quantity: 100 });
    expect(caught(() => void metering.precheck(test, 'tts', 0)).code).toBe('test_quota_exceeded');
  });
});

describe('quota.threshold events', async () => {
  it('fires 50/80/100 % of the live credits granted once per period', async () => {
    const { metering, events, clock } = makeMetering({ periodGrant: 100 });
    metering.record(live, { product: 'rag_search', quantity: 1, mode: 'analyze' }); // 10 %
    metering.record(live, { product: 'rag_search', quantity: 5, mode: 'analyze' }); // 60 %
    metering.record(live, { product: 'rag_search', quantity: 3, mode: 'analyze' }); // 90 %
    metering.record(live, { product: 'rag_search', quantity: 1, mode: 'analyze' }); // 100 %
    metering.record(live, { product: 'rag_search', quantity: 1, mode: 'analyze' }); // 110 %
    const thresholds = events.filter((e) => e.event === 'quota.threshold');
    expect(thresholds.map((e) => e.data.threshold_percent)).toEqual([50, 80, 100]);
    expect(thresholds[0]).toMatchObject({
      orgId: 'org_a',
      livemode: true,
      data: {
        kind: 'credits',
        consumed: 60,
        granted: 100,
        balance: 40,
        period_end: '2025-02-01T00:00:00.000Z',
      },
    });
    // The next period starts afresh.
    await clock.advance(Date.UTC(2025, 1, 1) - START);
    metering.record(live, { product: 'rag_search', quantity: 5, mode: 'analyze' });
    expect(events.filter((e) => e.event === 'quota.threshold').map((e) => e.data.threshold_percent)).toEqual([
      50, 80, 100, 50,
    ]);
  });

  it('fires per test quota and product with livemode false', async () => {
    const { metering, events } = makeMetering();
    metering.record(test, { product: 'stt', quantity: 160 });
    metering.record(test, { product: 'stt', quantity: 10 });
    metering.record(test, { product: 'tts', quantity: 4_000 });
    expect(events.map((e) => [e.data.product, e.data.threshold_percent, e.livemode])).toEqual([
      ['stt', 50, false],
      ['tts', 50, false],
      ['tts', 80, false],
    ]);
    expect(events[0].data).toMatchObject({
      kind: 'test_quota',
      unit: 'audio_seconds',
      used: 160,
      quota: 300,
    });
  });
});

describe('billing periods and invoices', async () => {
  it('invoices live usage only, emits invoice.finalized and starts a new period with a fresh grant', async () => {
    const { metering, events } = makeMetering();
    metering.record(live, { product: 'tts', quantity: 500 });
    metering.record(live, { product: 'tts', quantity: 100, mode: 'fast' });
    metering.record(test, { product: 'tts', quantity: 5_000 });
    metering.recordNotBilled(live, { product: 'stt', quantity: 99 }, 'upstream_error');
    const refunded = metering.record(live, { product: 'rag_upload', quantity: 2_000_000 });
    await metering.refund('org_a', refunded.id);
    metering.record(live, { product: 'rag_search', quantity: 1 });
    const invoice = await metering.closePeriod('org_a');
    expect(invoice).toMatchObject({
      org_id: 'org_a',
      period_start: '2025-01-01T00:00:00.000Z',
      period_end: '2025-01-15T12:00:00.000Z',
      status: 'finalized',
      total: 12,
    });
    expect(invoice.id).toMatch(/^in_/);
    expect(invoice.lines).toEqual([
      { product: 'tts', unit: 'characters', quantity: 600, amount: 11 },
      { product: 'rag_search', unit: 'queries', quantity: 1, amount: 1 },
    ]);
    expect(events.find((e) => e.event === 'invoice.finalized')).toMatchObject({
      livemode: true,
      data: { id: invoice.id },
    });
    expect(await metering.balance('org_a')).toMatchObject({
      balance: 1000,
      periodStart: '2025-01-15T12:00:00.000Z',
    });
    expect(await metering.invoices('org_a')).toHaveLength(1);
  });

  it('closes periods by itself when the clock passes the month end', async () => {
    const { metering, events, clock } = makeMetering({ orgGrants: { org_demo: 50 } });
    const demo = { ...live, orgId: 'org_demo' };
    metering.record(demo, { product: 'rag_search', quantity: 1 });
    expect((await metering.balance('org_demo')).balance).toBe(49);
    await clock.advance(Date.UTC(2025, 2, 1) - START);
    const invoices = await metering.invoices('org_demo');
    expect(invoices.map((i) => [i.period_start, i.period_end, i.total])).toEqual([
      ['2025-01-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z', 1],
      ['2025-02-01T00:00:00.000Z', '2025-03-01T00:00:00.000Z', 0],
    ]);
    expect(events.filter((e) => e.event === 'invoice.finalized')).toHaveLength(2);
    expect((await metering.balance('org_demo')).balance).toBe(50);
  });

  it('reset drops state and the period timers', async () => {
    const { metering, clock, reset } = makeMetering();
    metering.record(live, { product: 'tts', quantity: 10 });
    expect(clock.state().pendingTimers).toBe(1);
    reset();
    expect(clock.state().pendingTimers).toBe(0);
    expect(await metering.entries()).toEqual([]);
    expect((await metering.balance('org_a')).balance).toBe(1000);
  });

  it("resetting one organization's billing state drops its period timer and measured storage, not another's", async () => {
    const { metering, clock, state } = makeMetering();
    const other = { ...live, orgId: 'org_b' };
    metering.record(live, { product: 'tts', quantity: 10 });
    metering.record(other, { product: 'tts', quantity: 10 });
    // Closed early, org_a's period now starts at the close; both measured some storage.
    await metering.closePeriod('org_a');
    expect((await metering.balance('org_a')).periodStart).toBe(new Date(START).toISOString());
    metering.observeStorage('org_a', 3_000_000);
    metering.observeStorage('org_b', 2_000_000);
    // Both periods end at the next calendar boundary: one timer closes them (in id order).
    expect(clock.state().pendingTimers).toBe(1);

    await state.perOrg.reset('org_b');
    await state.perOrg.reset('org_a');
    expect(clock.state().pendingTimers).toBe(0);
    metering.record(other, { product: 'tts', quantity: 10 });
    metering.observeStorage('org_b', 2_000_000);
    expect(clock.state().pendingTimers).toBe(1);
    // As for a new organization: the calendar month, and no storage to bill at its close.
    expect((await metering.balance('org_a')).periodStart).toBe('2025-01-01T00:00:00.000Z');
    expect((await metering.closePeriod('org_a')).lines).toEqual([]);
    expect((await metering.closePeriod('org_b')).lines.map((l) => l.product)).toEqual(['tts', 'rag_storage']);
  });
});
