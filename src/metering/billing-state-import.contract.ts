/**
 * The snapshot part of the billing state's contract (issue 25), run from billing-state-orgs.contract.ts
 * against each implementation: what `perOrg.export` gave, put back by `perOrg.import` after the organization
 * was reset, exports the same and answers every read as before (balance, ledger in its order, quota usage,
 * thresholds already crossed, closed periods, invoices), through every instance; `perOrg.check` refuses what
 * the schema cannot; every export validates against `StateOrgBilling` (openapi/admin.yaml).
 */
import { describe, expect, it } from 'vitest';
import { stateSectionValidator } from '../../test/support/state-schema.js';
import type { BillingExport } from './billing-export.js';
import { charge, entry, W, type BillingHarness } from './billing-state.contract.js';

const GRANT = 40;
const validate = stateSectionValidator('StateOrgBilling');
const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

export function billingImportContract(
  name: string,
  harness: () => Promise<BillingHarness>,
  /** Writes every part of org_ea's state (and org_eb's, org_ec's); resolves to org_ea's export. */
  writeOrgs: (h: BillingHarness) => Promise<BillingExport>,
): void {
  describe(`billing state snapshots: ${name}`, () => {
    it('puts back what export gave: the same export and the same reads on every instance, thresholds crossed stay crossed', async () => {
      const h = await harness();
      const { a, b, settled } = h;
      await a.reset();
      const expected = await writeOrgs(h);
      const exported = (await a.perOrg.export('org_ea'))!;
      expect(exported).toEqual(expected);
      expect(validate(exported)).toEqual([]);
      const other = await a.perOrg.export('org_eb');
      const before = {
        entries: (await a.entries({ orgId: 'org_ea', limit: 10 })).map((e) => e.id),
        totals: await a.totals({ orgId: 'org_ea' }),
        invoices: await a.invoices('org_ea'),
      };

      await a.perOrg.reset('org_ea');
      await settled();
      expect(a.perOrg.check!('org_ea', exported)).toBeNull();
      await a.perOrg.import('org_ea', copy(exported));
      await settled();

      const late = await h.late();
      const [e1, e2] = exported.ledger.entries;
      for (const state of [a, b, late]) {
        expect(await state.perOrg.export('org_ea')).toEqual(exported);
        expect(await state.perOrg.export('org_eb')).toEqual(other);
        expect([...(await state.perOrg.ids())]).toContain('org_ea');
        expect(await state.balance('org_ea', GRANT)).toEqual(exported.balance);
        expect((await state.entries({ orgId: 'org_ea', limit: 10 })).map((e) => e.id)).toEqual(
          before.entries,
        );
        expect((await state.entries({ orgId: 'org_ea', limit: 1 })).map((e) => e.id)).toEqual(
          before.entries.slice(0, 1),
        );
        expect(await state.entry('org_ea', e1.id)).toMatchObject({ status: 'refunded' });
        expect(await state.totals({ orgId: 'org_ea' })).toEqual(before.totals);
        expect(await state.quotaUsage('org_ea', W)).toEqual({
          used: exported.quotaWindow!.used,
          quotas: exported.quotas,
        });
        expect(await state.invoices('org_ea')).toEqual(before.invoices);
        // The period already closed stays closed.
        expect(await state.claimClose('org_ea', exported.closedPeriods[0])).toBe(false);
      }
      // A refunded entry cannot be refunded again; a test-key entry still can.
      const refund = {
        reason: 'refund' as const,
        refundedAt: new Date(W + 3000).toISOString(),
        grant: GRANT,
      };
      await expect(
        Promise.resolve().then(() => b.refund('org_ea', e1.id, { ...refund, windowStart: W })),
      ).rejects.toThrow(/refunded/);
      expect(await b.refund('org_ea', e2.id, { ...refund, windowStart: W })).toMatchObject({
        status: 'refunded',
      });
      // 50 % of the period's credits was crossed before the save: a new charge past it fires nothing again.
      const out = await b.charge(charge(entry('org_ea', { amount: 1, quantity: 1 })));
      expect(out.fired).toEqual([]);
      expect(out.balance.balance).toBe(exported.balance!.balance - 1);
    });

    describe('check', () => {
      const section = (): BillingExport => ({
        balance: { balance: 30, periodGrant: 40, grantedInPeriod: 40, consumedInPeriod: 10 },
        period: 1,
        quotas: {},
        ledger: {
          entries: [entry('org_ck', { amount: 10, quantity: 10 })],
          dropped: false,
          totals: [],
          periodUsage: {},
        },
        thresholds: [{ kind: 'credits', period: 1, percent: 50 }],
        closedPeriods: [],
        invoices: [],
      });
      const checked = async (mutate: (s: BillingExport) => void) => {
        const s = section();
        mutate(s);
        expect(validate(s)).toEqual([]);
        return (await harness()).a.perOrg.check!('org_ck', s);
      };
      it('accepts a section that holds together', async () => {
        expect(await checked(() => {})).toBeNull();
      });
      it('refuses a balance that is not the grants less the consumption (a negative balance made up)', async () => {
        expect(await checked((s) => (s.balance!.balance = -5))).toMatchObject({ path: '/balance/balance' });
      });
      it('accepts an overdraft: consumed beyond what was granted', async () => {
        expect(
          await checked((s) => Object.assign(s.balance!, { balance: -2, consumedInPeriod: 42 })),
        ).toBeNull();
      });
      it('refuses a closed period without a balance', async () => {
        expect(await checked((s) => delete s.balance)).toMatchObject({ path: '/balance' });
      });
      it('refuses a ledger entry or an invoice of another organization, and an entry id twice', async () => {
        expect(await checked((s) => (s.ledger.entries[0].orgId = 'org_other'))).toMatchObject({
          path: '/ledger/entries/0/orgId',
        });
        expect(await checked((s) => s.ledger.entries.push({ ...s.ledger.entries[0] }))).toMatchObject({
          path: '/ledger/entries/1/id',
        });
        const invoice = {
          id: 'in_x',
          org_id: 'org_other',
          period_start: new Date(W).toISOString(),
          period_end: new Date(W + 1).toISOString(),
          lines: [],
          total: 0,
          currency: 'credits' as const,
          status: 'finalized' as const,
          finalized_at: new Date(W + 1).toISOString(),
        };
        expect(await checked((s) => s.invoices.push(invoice))).toMatchObject({ path: '/invoices/0/org_id' });
      });
      it('refuses a refund half recorded and a threshold of a period to come', async () => {
        expect(
          await checked((s) => (s.ledger.entries[0].refundedAt = new Date(W).toISOString())),
        ).toMatchObject({ path: '/ledger/entries/0/refundedAt' });
        expect(
          await checked((s) => s.thresholds.push({ kind: 'credits', period: 2, percent: 100 })),
        ).toMatchObject({ path: '/thresholds/1/period' });
      });
    });

    it('the schema refuses negative grants and counts, ids of the wrong shape and unknown fields', () => {
      const good: BillingExport = {
        balance: { balance: 30, periodGrant: 40, grantedInPeriod: 40, consumedInPeriod: 10 },
        period: 0,
        quotas: { tts: 10 },
        quotaWindow: { start: W, used: { tts: 2 } },
        ledger: { entries: [entry('org_sc')], dropped: false, totals: [], periodUsage: {} },
        thresholds: [],
        closedPeriods: [],
        invoices: [],
      };
      expect(validate(good)).toEqual([]);
      const bad = (mutate: (s: Record<string, any>) => void) => {
        const s = copy(good) as Record<string, any>;
        mutate(s);
        return validate(s).join('; ');
      };
      expect(bad((s) => (s.balance.periodGrant = -1))).toMatch(/^\/balance\/period_grant must be >= 0/);
      expect(bad((s) => (s.period = -1))).toMatch(/^\/period must be >= 0/);
      expect(bad((s) => (s.quotas.tts = -3))).toMatch(/^\/quotas\/tts must be >= 0/);
      expect(bad((s) => (s.quotaWindow.used.tts = -3))).toMatch(/^\/quota_window\/used\/tts must be >= 0/);
      expect(bad((s) => (s.ledger.entries[0].id = 'entry1'))).toMatch(/^\/ledger\/entries\/0\/id must match/);
      expect(bad((s) => (s.ledger.entries[0].orgId = 'org-1'))).toMatch(
        /^\/ledger\/entries\/0\/org_id must match/,
      );
      expect(bad((s) => (s.reservations = []))).toMatch(/additional properties \(reservations\)/);
    });
  });
}
