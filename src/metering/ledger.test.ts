import { describe, expect, it } from 'vitest';
import { live, makeMetering, test } from './test-support/metering.js';

describe('ledger billing rules', async () => {
  it('bills TTS per character at the quality tier and debits the balance', async () => {
    const { metering } = makeMetering();
    const e = metering.record(live, { product: 'tts', quantity: 250, mode: 'high', requestId: 'req_1' });
    expect(e).toMatchObject({
      status: 'billed',
      livemode: true,
      unit: 'characters',
      rate: 0.04,
      amount: 10,
      mode: 'high',
      requestId: 'req_1',
      keyDisplay: 'svc_live_…a1b2',
    });
    expect(metering.record(live, { product: 'tts', quantity: 100 }).amount).toBe(2); // standard by default
    expect((await metering.balance('org_a')).balance).toBe(988);
  });

  it('bills STT per audio second and RAG search per query by mode, uploads per byte', async () => {
    const { metering } = makeMetering();
    expect(metering.record(live, { product: 'stt', quantity: 61.5, jobId: 'job_1' }).amount).toBe(3.075);
    expect(metering.record(live, { product: 'rag_search', quantity: 1, mode: 'retrieve' }).amount).toBe(1);
    expect(metering.record(live, { product: 'rag_search', quantity: 1, mode: 'answer' }).amount).toBe(3);
    expect(metering.record(live, { product: 'rag_search', quantity: 1, mode: 'analyze' }).amount).toBe(10);
    expect(metering.record(live, { product: 'rag_upload', quantity: 1_000_000 }).amount).toBe(0.5);
    expect((await metering.balance('org_a')).balance).toBe(982.425);
  });

  it('does not bill test keys, failed jobs or upstream errors', async () => {
    const { metering } = makeMetering();
    const t = metering.record(test, { product: 'tts', quantity: 100 });
    expect(t).toMatchObject({ status: 'not_billed', reason: 'test_key', amount: 0, livemode: false });
    const failed = metering.recordNotBilled(
      live,
      { product: 'stt', quantity: 30, jobId: 'job_x' },
      'failed_job',
    );
    expect(failed).toMatchObject({ status: 'not_billed', reason: 'failed_job', amount: 0 });
    const upstream = metering.recordNotBilled(live, { product: 'rag_search', quantity: 1 }, 'upstream_error');
    expect(upstream).toMatchObject({ status: 'not_billed', reason: 'upstream_error', amount: 0 });
    expect((await metering.balance('org_a')).balance).toBe(1000);
    expect((await metering.testQuotaStatus('org_a')).find((q) => q.product === 'tts')?.used).toBe(100);
  });

  it('refunds a billed upload (failed indexing), restoring the balance once', async () => {
    const { metering, clock } = makeMetering();
    const e = metering.record(live, { product: 'rag_upload', quantity: 4_000_000, jobId: 'job_idx' });
    expect((await metering.balance('org_a')).balance).toBe(998);
    const r = await metering.refund('org_a', e.id, 'failed_job');
    expect(r).toMatchObject({
      status: 'refunded',
      reason: 'failed_job',
      refundedAt: clock.isoNow(),
      amount: 2,
    });
    expect((await metering.balance('org_a')).balance).toBe(1000);
    expect(() => metering.refund('org_a', e.id)).toThrow('is refunded and cannot be refunded');
    expect((await metering.totals({ orgId: 'org_a' })).totals.rag_upload).toEqual({
      refunded: { count: 1, quantity: 4_000_000, amount: 2 },
      billed: { count: 0, quantity: 0, amount: 0 },
    });
  });

  it('queries entries by filters, newest first, with totals per product and status', async () => {
    const { metering, clock } = makeMetering();
    metering.record(live, { product: 'tts', quantity: 10 });
    await clock.advance(1000);
    const since = clock.now();
    metering.record(test, { product: 'tts', quantity: 20 });
    metering.record(live, { product: 'rag_search', quantity: 1, mode: 'answer' });
    expect((await metering.entries({ orgId: 'org_a' })).map((e) => e.product)).toEqual([
      'rag_search',
      'tts',
      'tts',
    ]);
    expect(await metering.entries({ environment: 'test' })).toHaveLength(1);
    expect(await metering.entries({ keyId: 'key_live', since })).toHaveLength(1);
    expect(await metering.entries({ until: since })).toHaveLength(1);
    expect(await metering.entries({ limit: 2 })).toHaveLength(2);
    expect((await metering.entries({ status: 'not_billed', product: 'tts' }))[0].keyId).toBe('key_test');
    const { totals, exact } = await metering.totals({ orgId: 'org_a' });
    expect(exact).toBe(true);
    expect(totals.tts).toEqual({
      billed: { count: 1, quantity: 10, amount: 0.2 },
      not_billed: { count: 1, quantity: 20, amount: 0 },
    });
    expect((await metering.totals({ since })).totals.tts).toEqual({
      not_billed: { count: 1, quantity: 20, amount: 0 },
    });
  });

  it('keeps at most maxEntriesPerOrg entries but exact totals', async () => {
    const { metering } = makeMetering({ maxEntriesPerOrg: 3 });
    const first = metering.record(live, { product: 'tts', quantity: 1 });
    for (let i = 0; i < 4; i++) metering.record(live, { product: 'tts', quantity: 1 });
    expect(await metering.entries({ orgId: 'org_a' })).toHaveLength(3);
    expect(await metering.entry('org_a', first.id)).toBeUndefined();
    expect((await metering.totals({ orgId: 'org_a' })).totals.tts?.billed).toEqual({
      count: 5,
      quantity: 5,
      amount: 0.1,
    });
    expect((await metering.totals({ orgId: 'org_a', keyId: 'key_live' })).exact).toBe(false);
  });

  it('keeps exactly the newest maxEntriesPerOrg entries across many drops, newest first, in every listing', async () => {
    const { metering } = makeMetering({ maxEntriesPerOrg: 3 });
    const all = Array.from({ length: 11 }, (_, i) =>
      metering.record(live, { product: 'tts', quantity: i + 1 }),
    );
    const check = async (newest: number) => {
      const kept = [newest, newest - 1, newest - 2];
      expect((await metering.entries({ orgId: 'org_a' })).map((e) => e.quantity)).toEqual(kept);
      expect((await metering.entries({})).map((e) => e.quantity)).toEqual(kept);
      expect((await metering.entries({ orgId: 'org_a', limit: 2 })).map((e) => e.quantity)).toEqual(
        kept.slice(0, 2),
      );
      for (const e of all)
        expect(await metering.entry('org_a', e.id)).toBe(e.quantity > newest - 3 ? e : undefined);
    };
    await check(11);
    all.push(
      metering.record(live, { product: 'tts', quantity: 12 }),
      metering.record(live, { product: 'tts', quantity: 13 }),
    );
    await check(13);
    expect(() => metering.refund('org_a', all[9].id)).toThrow(/dropped by the per-org cap/);
    expect((await metering.refund('org_a', all[12].id)).status).toBe('refunded');
  });
});

describe('realtime STT metering', async () => {
  it('bills the delta at each checkpoint and trues up upward at completion', async () => {
    const { metering } = makeMetering();
    const s = metering.openStream(live, 'str_1');
    expect(s.checkpoint(30)?.quantity).toBe(30);
    expect(s.checkpoint(30)).toBeUndefined();
    expect(s.checkpoint(75)?.quantity).toBe(45);
    const up = s.complete(80.5);
    expect(up).toMatchObject({
      status: 'billed',
      reason: 'true_up',
      quantity: 5.5,
      amount: 0.33,
      streamId: 'str_1',
    });
    expect((await metering.totals({ product: 'stt_realtime' })).totals.stt_realtime?.billed).toMatchObject({
      quantity: 80.5,
      amount: 4.83,
    });
    expect(() => s.checkpoint(90)).toThrow('it is completed');
  });

  it('trues up downward with a negative adjustment that credits the balance', async () => {
    const { metering } = makeMetering();
    const s = metering.openStream(live, 'str_2');
    s.checkpoint(60);
    s.checkpoint(120);
    expect((await metering.balance('org_a')).balance).toBe(992.8);
    const down = s.complete(100);
    expect(down).toMatchObject({ status: 'billed', reason: 'true_up', quantity: -20, amount: -1.2 });
    expect((await metering.balance('org_a')).balance).toBe(994);
  });

  it('keeps the checkpoints of a dropped stream and meters nothing more', async () => {
    const { metering } = makeMetering();
    const s = metering.openStream(live, 'str_3');
    s.checkpoint(45);
    s.drop();
    expect(s.state).toBe('dropped');
    expect(() => s.complete(70)).toThrow('it is dropped');
    expect((await metering.entries({ product: 'stt_realtime' })).map((e) => e.quantity)).toEqual([45]);
    expect((await metering.balance('org_a')).balance).toBe(997.3);
  });

  it('counts test-key streams against the shared stt test quota', async () => {
    const { metering } = makeMetering();
    const s = metering.openStream(test, 'str_4');
    s.checkpoint(40);
    s.complete(30);
    expect((await metering.testQuotaStatus('org_a')).find((q) => q.product === 'stt')?.used).toBe(30);
    expect(
      (await metering.entries({ product: 'stt_realtime' })).every((e) => e.status === 'not_billed'),
    ).toBe(true);
  });
});

describe('storage metering', async () => {
  it('bills the maximum bytes stored in the period at close, and carries the current size over', async () => {
    const { metering } = makeMetering();
    metering.observeStorage('org_a', 2_000_000);
    metering.observeStorage('org_a', 10_000_000);
    metering.observeStorage('org_a', 4_000_000);
    const invoice = await metering.closePeriod('org_a');
    expect(invoice.lines).toEqual([
      { product: 'rag_storage', unit: 'bytes', quantity: 10_000_000, amount: 1 },
    ]);
    const next = await metering.closePeriod('org_a');
    expect(next.lines).toEqual([{ product: 'rag_storage', unit: 'bytes', quantity: 4_000_000, amount: 0.4 }]);
  });
});
