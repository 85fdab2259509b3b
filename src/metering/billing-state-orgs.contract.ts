/**
 * The billing state per organization (`perOrg`: ids, reset, export; issue 23 item 2), part of the billing
 * state's contract (billing-state.contract.ts) and run the same way against each implementation.
 */
import { describe, expect, it, vi } from 'vitest';
import type { BillingExport } from './billing-export.js';
import { billingImportContract } from './billing-state-import.contract.js';
import type { BillingState } from './billing-state.js';
import { charge, credits, entry, W, type BillingHarness } from './billing-state.contract.js';
import type { LedgerEntry } from './ledger.js';
import type { Invoice } from './periods.js';

const GRANT = 40;
const orgIds = async (state: BillingState) => [...(await state.perOrg.ids())].sort();

/** A test-key entry of `quantity` TTS characters (counts against the test quota, bills nothing). */
const testUse = (orgId: string, quantity: number) =>
  entry(orgId, {
    environment: 'test',
    livemode: false,
    status: 'not_billed',
    reason: 'test_key',
    amount: 0,
    quantity,
  });

const invoiceOf = (orgId: string, lines: Invoice['lines']): Invoice => ({
  id: `in_${orgId.slice('org_'.length)}`,
  org_id: orgId,
  period_start: new Date(W).toISOString(),
  period_end: new Date(W + 1000).toISOString(),
  lines,
  total: lines.reduce((sum, l) => sum + l.amount, 0),
  currency: 'credits',
  status: 'finalized',
  finalized_at: new Date(W + 1000).toISOString(),
});

/** The export of an organization whose only write is one billed charge of `e` at the grant. */
const oneCharge = (e: LedgerEntry): BillingExport => ({
  balance: {
    balance: GRANT - e.amount,
    periodGrant: GRANT,
    grantedInPeriod: GRANT,
    consumedInPeriod: e.amount,
  },
  period: 0,
  quotas: {},
  ledger: {
    entries: [e],
    dropped: false,
    totals: [
      {
        environment: 'live',
        product: e.product,
        status: 'billed',
        count: 1,
        quantity: e.quantity,
        amount: e.amount,
      },
    ],
    periodUsage: { [e.product]: { quantity: e.quantity, amount: e.amount } },
  },
  thresholds: [],
  closedPeriods: [],
  invoices: [],
});

export function billingOrgsContract(name: string, harness: () => Promise<BillingHarness>): void {
  describe(`billing state per organization: ${name}`, () => {
    /**
     * Writes through both instances for org_ea (every part of its state: quotas, credits, a reservation left
     * in flight, charges live and test, a closed period and its invoice, a refund), org_eb (a charge) and
     * org_ec (a reservation only). Returns what org_ea's export must be, built from those writes.
     */
    async function writeOrgs(h: BillingHarness): Promise<BillingExport> {
      const { a, b, settled } = h;
      const topUp = 100;
      a.setQuota('org_ea', 'tts', 10);
      a.adjust('org_ea', GRANT, { balance: topUp });
      await settled();
      const r = await b.reserve(credits('org_ea', 4));
      const e1 = entry('org_ea');
      await b.charge(charge(e1, { reservationId: r.reservationId }));
      const e2 = testUse('org_ea', 6);
      await a.charge(charge(e2, { quotaProduct: 'tts', quota: 5_000 }));
      expect(await a.claimClose('org_ea', W + 1000)).toBe(true);
      // The period's usage: e1 (e2 is a test key's, billed nothing).
      const lines = [
        { product: 'tts' as const, unit: 'characters' as const, quantity: e1.quantity, amount: e1.amount },
      ];
      expect(await a.takePeriod('org_ea', GRANT)).toEqual(lines);
      const invoice = invoiceOf('org_ea', lines);
      a.addInvoice(invoice);
      const e3 = entry('org_ea', { product: 'rag_search', unit: 'queries', quantity: 1, amount: 30 });
      await b.charge(charge(e3));
      const refundedAt = new Date(W + 2000).toISOString();
      await a.refund('org_ea', e1.id, { reason: 'refund', refundedAt, grant: GRANT, windowStart: W });
      // Left in flight: not exported.
      expect((await a.reserve(credits('org_ea', 2))).reservationId).toBeDefined();
      b.adjust('org_eb', GRANT, { add: 5 });
      await a.charge(charge(entry('org_eb')));
      expect(
        (await b.reserve({ ...credits('org_ec', 3), kind: 'tts', quota: 50 })).reservationId,
      ).toBeDefined();
      await settled();

      // The period closed after e1 and e2 (the grant again, period 1); then e3 billed and e1 refunded.
      const consumed = e3.amount - e1.amount;
      return {
        balance: {
          balance: GRANT - consumed,
          periodGrant: GRANT,
          grantedInPeriod: GRANT,
          consumedInPeriod: consumed,
        },
        period: 1,
        quotas: { tts: 10 },
        quotaWindow: { start: W, used: { tts: e2.quantity } },
        ledger: {
          entries: [{ ...e1, status: 'refunded', reason: 'refund', refundedAt }, e2, e3],
          dropped: false,
          totals: [
            {
              environment: 'live',
              product: 'rag_search',
              status: 'billed',
              count: 1,
              quantity: 1,
              amount: e3.amount,
            },
            { environment: 'live', product: 'tts', status: 'billed', count: 0, quantity: 0, amount: 0 },
            {
              environment: 'live',
              product: 'tts',
              status: 'refunded',
              count: 1,
              quantity: e1.quantity,
              amount: e1.amount,
            },
            {
              environment: 'test',
              product: 'tts',
              status: 'not_billed',
              count: 1,
              quantity: e2.quantity,
              amount: 0,
            },
          ],
          periodUsage: {
            rag_search: { quantity: e3.quantity, amount: e3.amount },
            tts: { quantity: -e1.quantity, amount: -e1.amount },
          },
        },
        thresholds: [
          // e3 consumed 30 of the new period's 40: past 50 %, short of 100 %; e2 used 6 of a quota of 10.
          { kind: 'credits', period: 1, percent: 50 },
          { kind: 'quota', product: 'tts', windowStart: W, percent: 50 },
        ],
        closedPeriods: [W + 1000],
        invoices: [invoice],
      };
    }

    it('lists the organizations written and exports one as written, reservations left out, for every instance', async () => {
      const h = await harness();
      await h.a.reset();
      const expected = await writeOrgs(h);
      const late = await h.late();
      for (const state of [h.a, h.b, late]) {
        // org_ec holds a reservation only: listed (a reset has something to drop), nothing to export.
        expect(await orgIds(state)).toEqual(['org_ea', 'org_eb', 'org_ec']);
        const exported = await state.perOrg.export('org_ea');
        expect(exported).toEqual(expected);
        expect(JSON.parse(JSON.stringify(exported))).toStrictEqual(exported);
        expect(JSON.stringify(exported)).not.toContain('org_eb');
        expect((await state.perOrg.export('org_eb'))?.ledger.entries.map((e) => e.orgId)).toEqual(['org_eb']);
        expect(await state.perOrg.export('org_ec')).toBeUndefined();
        expect(await state.perOrg.export('org_none')).toBeUndefined();
      }
    });

    it("resetting one organization through one instance removes all of it for every instance, and nothing of another's", async () => {
      const h = await harness();
      const { a, b, settled } = h;
      const heard = { a: [] as string[], b: [] as string[] };
      const listener = (into: string[]) => ({
        periodClosed: () => {},
        reset: () => {},
        orgReset: (orgId: string) => into.push(orgId),
      });
      a.watch(listener(heard.a));
      b.watch(listener(heard.b));
      const mine = entry('org_ra');
      a.adjust('org_ra', GRANT, { add: 50 });
      a.setQuota('org_ra', 'tts', 7);
      await settled();
      await b.charge(charge(mine, { percents: [1] }));
      await b.charge(charge(testUse('org_ra', 2), { quotaProduct: 'tts', quota: 5_000 }));
      expect(await b.claimClose('org_ra', W)).toBe(true);
      b.addInvoice(invoiceOf('org_ra', []));
      const held = await b.reserve(credits('org_ra', 10));
      b.adjust('org_rb', GRANT, { add: 1 });
      await b.charge(charge(entry('org_rb')));
      await settled();
      const glance = { orgId: 'org_ra', kind: 'credits' as const, grant: GRANT, quota: 0, windowStart: W };
      expect(b.glance(glance)?.value).toBe(GRANT + 50 - mine.amount);
      const before = await b.perOrg.export('org_rb');

      await a.perOrg.reset('org_ra');
      expect(heard.a).toContain('org_ra');
      // The other instance drops what it saw of the organization when the reset's event reaches it.
      await vi.waitFor(() => expect(heard.b).toContain('org_ra'));
      for (const state of [a, b, await h.late()]) {
        expect(await orgIds(state)).not.toContain('org_ra');
        expect(await orgIds(state)).toContain('org_rb');
        expect(await state.perOrg.export('org_ra')).toBeUndefined();
        expect(await state.balance('org_ra', GRANT)).toEqual({
          balance: GRANT,
          periodGrant: GRANT,
          grantedInPeriod: GRANT,
          consumedInPeriod: 0,
        });
        expect(await state.entries({ orgId: 'org_ra' })).toEqual([]);
        expect(await state.entry('org_ra', mine.id)).toBeUndefined();
        expect(await state.totals({ orgId: 'org_ra' })).toEqual({ totals: {}, exact: true });
        expect(await state.quotaUsage('org_ra', W)).toEqual({ used: {}, quotas: {} });
        expect(await state.invoices('org_ra')).toEqual([]);
        expect(await state.perOrg.export('org_rb')).toEqual(before);
      }
      // Memory reads exact figures, Redis none until it sees the organization again: never the old balance.
      expect(b.glance(glance)?.value ?? GRANT).toBe(GRANT);
      // Its reservation went with it: the whole grant can be reserved.
      expect(await a.reserve(credits('org_ra', GRANT))).toMatchObject({ held: 0, value: GRANT });
      b.release('org_ra', [held.reservationId!]);
      // Resetting an organization nothing is held for is no error.
      await b.perOrg.reset('org_none');

      // The organization works again: its period's close and thresholds start afresh.
      const again = entry('org_ra');
      expect((await b.charge(charge(again, { percents: [1] }))).fired).toEqual([1]);
      expect(await a.claimClose('org_ra', W)).toBe(true);
      await settled();
      expect(await orgIds(a)).toContain('org_ra');
      expect(await a.perOrg.export('org_ra')).toEqual({
        ...oneCharge(again),
        thresholds: [{ kind: 'credits', period: 0, percent: 1 }],
        closedPeriods: [W],
      });
    });

    it('writes racing the reset of one organization: the other intact, the reset one fully there or fully gone', async () => {
      const { a, b, settled } = await harness();
      await a.charge(charge(entry('org_xa')));
      const kept = entry('org_xb');
      await a.charge(charge(kept));
      await settled();
      const late = entry('org_xa');
      const other = entry('org_xb');
      await Promise.all([
        a.perOrg.reset('org_xa'),
        b.charge(charge(late)),
        b.charge(charge(other)),
        settled(),
      ]);
      await settled();
      for (const state of [a, b]) {
        const xb = await state.perOrg.export('org_xb');
        expect(xb?.ledger.entries).toEqual([kept, other]);
        expect(xb?.balance?.balance).toBe(GRANT - kept.amount - other.amount);
        const xa = await state.perOrg.export('org_xa');
        if (xa) expect(xa).toEqual(oneCharge(late));
        else expect(await orgIds(state)).not.toContain('org_xa');
      }
    });
    billingImportContract(name, harness, writeOrgs);
  });
}
