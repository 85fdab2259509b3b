/**
 * The contract of the billing state (billing-state.ts), declared once and run against each implementation
 * (test/metering/billing-state.test.ts). `a` and `b` act as two instances over one store (the same object in
 * memory); `late` opens one more after the writes, which must adopt what is there and reset nothing.
 */
import { describe, expect, it } from 'vitest';
import type { BillingState, ChargeRequest } from './billing-state.js';
import type { LedgerEntry } from './ledger.js';

export interface BillingHarness {
  a: BillingState;
  b: BillingState;
  /** Waits for the writes issued so far (admin changes, charges) to land. */
  settled: () => Promise<void>;
  /** A state opened now, over the same store. */
  late: () => Promise<BillingState>;
}

export const W = Date.UTC(2026, 0, 1);
let seq = 0;

export function entry(orgId: string, over: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: `ldg_c${++seq}`,
    orgId,
    keyId: 'key_1',
    keyDisplay: 'svc_live_…0001',
    environment: 'live',
    livemode: true,
    product: 'tts',
    quantity: 4,
    unit: 'characters',
    rate: 1,
    amount: 4,
    status: 'billed',
    createdAt: new Date(W + seq).toISOString(),
    ...over,
  };
}

export function charge(e: LedgerEntry, over: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    entry: e,
    reservationId: undefined,
    grant: 40,
    quotaProduct: undefined,
    quota: 0,
    windowStart: W,
    maxEntries: 100,
    percents: [50, 100],
    ...over,
  };
}

export const credits = (orgId: string, amount: number) => ({
  orgId,
  kind: 'credits' as const,
  amount,
  grant: 40,
  quota: 0,
  windowStart: W,
});

export function billingStateContract(name: string, harness: () => Promise<BillingHarness>): void {
  describe(`billing state contract: ${name}`, () => {
    it('reserves within the balance less what is held, refuses beyond it, and a release gives it back', async () => {
      const { a, b, settled } = await harness();
      const r1 = await a.reserve(credits('org_r', 30));
      expect(r1).toMatchObject({ value: 40, held: 0 });
      expect(r1.reservationId).toBeDefined();
      const r2 = await b.reserve(credits('org_r', 20));
      expect(r2).toMatchObject({ reservationId: undefined, value: 40, held: 30 });
      a.release('org_r', [r1.reservationId!]);
      await settled();
      await expect(Promise.resolve(b.reserve(credits('org_r', 20)))).resolves.toMatchObject({ held: 0 });
    });

    it('a charge settles its reservation and debits; the entry is listed and totalled through the other instance; a refund applies once', async () => {
      const { a, b, settled } = await harness();
      const r = await a.reserve(credits('org_c', 4));
      const e = entry('org_c');
      const out = await a.charge(charge(e, { reservationId: r.reservationId }));
      expect(out.balance).toMatchObject({ balance: 36, consumedInPeriod: 4 });
      await settled();
      expect(await b.balance('org_c', 40)).toMatchObject({ balance: 36, periodGrant: 40 });
      expect((await b.entries({ orgId: 'org_c' })).map((x) => x.id)).toEqual([e.id]);
      expect((await b.totals({ orgId: 'org_c' })).totals.tts?.billed).toEqual({
        count: 1,
        quantity: 4,
        amount: 4,
      });
      expect((await b.reserve(credits('org_c', 36))).held).toBe(0);
      const refunded = await b.refund('org_c', e.id, {
        reason: 'refund',
        refundedAt: new Date(W).toISOString(),
        grant: 40,
        windowStart: W,
      });
      expect(refunded).toMatchObject({ id: e.id, status: 'refunded', reason: 'refund' });
      await expect(
        Promise.resolve().then(() =>
          a.refund('org_c', e.id, { reason: 'refund', refundedAt: '', grant: 40, windowStart: W }),
        ),
      ).rejects.toThrow(RangeError);
      await expect(
        Promise.resolve().then(() =>
          a.refund('org_c', 'ldg_none', { reason: 'refund', refundedAt: '', grant: 40, windowStart: W }),
        ),
      ).rejects.toThrow('no ledger entry');
      expect(await a.balance('org_c', 40)).toMatchObject({ balance: 40, consumedInPeriod: 0 });
      expect((await a.entry('org_c', e.id))?.status).toBe('refunded');
    });

    it('an admin change through one instance is what the other reads', async () => {
      const { a, b, settled } = await harness();
      a.adjust('org_adj', 40, { balance: 123 });
      await settled();
      expect(await b.balance('org_adj', 40)).toMatchObject({ balance: 123, grantedInPeriod: 123 });
      b.adjust('org_adj', 40, { add: 7 });
      b.adjust('org_adj', 40, { periodGrant: 500 });
      await settled();
      expect(await a.balance('org_adj', 40)).toEqual({
        balance: 130,
        periodGrant: 500,
        grantedInPeriod: 130,
        consumedInPeriod: 0,
      });
      // A new organization's grant starts it.
      a.adjust('org_new', 40, { periodGrant: 5 });
      await settled();
      expect(await b.balance('org_new', 40)).toMatchObject({ balance: 5, periodGrant: 5 });
    });

    it('a test quota set through one instance bounds reservations and counts usage on the other', async () => {
      const { a, b, settled } = await harness();
      a.setQuota('org_q', 'tts', 10);
      await settled();
      const ask = (amount: number) => ({
        orgId: 'org_q',
        kind: 'tts' as const,
        amount,
        grant: 40,
        quota: 5_000,
        windowStart: W,
      });
      expect((await b.reserve(ask(11))).reservationId).toBeUndefined();
      const r = await b.reserve(ask(6));
      expect(r).toMatchObject({ value: 0, quota: 10 });
      const e = entry('org_q', {
        environment: 'test',
        livemode: false,
        status: 'not_billed',
        reason: 'test_key',
        amount: 0,
        quantity: 6,
      });
      expect(
        await b.charge(charge(e, { reservationId: r.reservationId, quotaProduct: 'tts', quota: 5_000 })),
      ).toMatchObject({ used: 6, quota: 10, fired: [50] });
      await settled();
      expect(await a.quotaUsage('org_q', W)).toEqual({ used: { tts: 6 }, quotas: { tts: 10 } });
      expect(await a.reserve(ask(5))).toMatchObject({ reservationId: undefined, value: 6 });
    });

    it('concurrent reservations from two instances never hold more than the balance', async () => {
      const { a, b } = await harness();
      const outcomes = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          Promise.resolve((i % 2 === 0 ? a : b).reserve(credits('org_race', 4))),
        ),
      );
      expect(outcomes.filter((o) => o.reservationId !== undefined)).toHaveLength(10);
    });

    it('each threshold is claimed by one charge across instances', async () => {
      const { a, b } = await harness();
      const outs = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          Promise.resolve((i % 2 === 0 ? a : b).charge(charge(entry('org_thr')))),
        ),
      );
      expect(outs.flatMap((o) => o.fired).sort((x, y) => x - y)).toEqual([50, 100]);
    });

    it('a period end is closed once; its usage becomes the lines and the balance starts over at the grant; invoices are listed everywhere', async () => {
      const { a, b, settled } = await harness();
      await a.charge(charge(entry('org_p')));
      await b.charge(
        charge(entry('org_p', { product: 'rag_search', unit: 'queries', quantity: 1, amount: 3 })),
      );
      const claims = await Promise.all([
        Promise.resolve(a.claimClose('org_p', W)),
        Promise.resolve(b.claimClose('org_p', W)),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      const lines = await a.takePeriod('org_p', 40);
      expect(lines.sort((x, y) => x.product.localeCompare(y.product))).toEqual([
        { product: 'rag_search', unit: 'queries', quantity: 1, amount: 3 },
        { product: 'tts', unit: 'characters', quantity: 4, amount: 4 },
      ]);
      a.addInvoice({
        id: 'in_1',
        org_id: 'org_p',
        period_start: '',
        period_end: '',
        lines,
        total: 7,
        currency: 'credits',
        status: 'finalized',
        finalized_at: '',
      });
      await settled();
      expect(await b.balance('org_p', 40)).toMatchObject({ balance: 40, consumedInPeriod: 0 });
      expect((await b.invoices('org_p')).map((i) => i.id)).toEqual(['in_1']);
      // The next period's thresholds start afresh.
      expect((await b.charge(charge(entry('org_p', { quantity: 20, amount: 20 })))).fired).toEqual([50]);
    });

    it('a reset through one instance empties the state for every instance', async () => {
      const { a, b, settled } = await harness();
      a.adjust('org_reset', 40, { balance: 1 });
      await a.charge(charge(entry('org_reset')));
      await settled();
      await a.reset();
      expect(await b.balance('org_reset', 40)).toMatchObject({ balance: 40 });
      expect(await b.entries({ orgId: 'org_reset' })).toEqual([]);
    });

    it('an instance that joins late adopts the shared state and resets nothing', async () => {
      const { a, b, settled, late } = await harness();
      a.adjust('org_late', 40, { balance: 555 });
      await a.charge(charge(entry('org_late')));
      await settled();
      const c = await late();
      expect(await c.balance('org_late', 1000)).toMatchObject({ balance: 551 });
      expect(await c.entries({ orgId: 'org_late' })).toHaveLength(1);
      expect(await b.balance('org_late', 1000)).toMatchObject({ balance: 551 });
    });
  });
}
