/**
 * The billing state in Redis per organization (`perOrg`, issue 23 item 2): everything of an organization is
 * under `billing:org:<id>:` (redis-billing.ts), found by store/redis-org-keys.ts. Its reset is one script
 * that deletes those keys and publishes `billing.org-reset`, on which every instance drops what it saw of
 * the organization (`glance`) and Metering its period timer and measured storage. Its export is built from
 * those keys read in one atomic step (billing-export.ts); the balance hash's version (`v`, the order of its
 * change events) is Redis bookkeeping and is left out, as are the reservations (`held`).
 */
import type { RedisStore } from '../store/redis-store.js';
import { hashOf, type DumpedKey, type OrgKeys } from '../store/redis-org-keys.js';
import {
  byClaim,
  byTotalsKey,
  claimOf,
  exported,
  type BillingExport,
  type ThresholdClaim,
  type TotalsRow,
} from './billing-export.js';
import { checkBillingSection, queueBillingImport } from './billing-import.js';
import type { BillingOrgs } from './billing-state.js';
import type { LedgerEntry, LedgerStatus } from './ledger.js';
import type { Invoice } from './periods.js';
import type { QuotaProduct } from './quotas.js';
import { unmicro, withRefund } from './redis-ledger.js';
import type { Environment, Product } from './types.js';

/** One organization's billing state was reset (published by the script that deletes it). */
export const ORG_RESET = 'billing.org-reset';

export function redisBillingOrgs(
  store: RedisStore,
  keys: OrgKeys,
  /** Drops what this instance saw of the organization (after its reset here, or on the event). */
  dropped: (orgId: string) => void,
): BillingOrgs {
  return {
    ids: () => keys.ids(),
    reset: async (orgId) => {
      await keys.drop(orgId, store.message(ORG_RESET, { org: orgId }));
      dropped(orgId);
    },
    export: async (orgId) => billingExportOf(await keys.dump(orgId)),
    // One transaction; nothing at hand to tell the others of (glance figures come with the next change).
    import: async (orgId, data) => {
      const tx = store.redis.multi();
      queueBillingImport(tx, (part) => keys.key(orgId, part), data as BillingExport);
      for (const [err] of (await store.run(() => tx.exec())) ?? []) if (err) throw err;
    },
    check: checkBillingSection,
  };
}

function billingExportOf(keys: Map<string, DumpedKey>): BillingExport | undefined {
  const bal = hashOf(keys.get('bal'));
  const thresholds: ThresholdClaim[] = [];
  const closedPeriods: number[] = [];
  let quotaWindow: BillingExport['quotaWindow'];
  for (const [part, key] of keys) {
    const [kind, ...rest] = part.split(':');
    // Markers: thr:credits:<period>:<percent>, thr:quota:<product>:<window>:<percent>, closed:<end>.
    if (kind === 'thr') thresholds.push(claimOf(rest));
    else if (kind === 'closed') closedPeriods.push(Number(rest[0]));
    else if (kind === 'quota' && (!quotaWindow || Number(rest[0]) > quotaWindow.start))
      quotaWindow = { start: Number(rest[0]), used: microsOf(hashOf(key)) };
  }
  const entries = hashOf(keys.get('entries'));
  const refunds = hashOf(keys.get('refunds'));
  // The list is newest first.
  const ids = [...(keys.get('ledger')?.value ?? [])].reverse();
  return exported({
    ...(bal.b !== undefined
      ? {
          balance: {
            balance: unmicro(bal.b),
            periodGrant: unmicro(bal.g),
            grantedInPeriod: unmicro(bal.gp),
            consumedInPeriod: unmicro(bal.c),
          },
        }
      : {}),
    period: Number(bal.p ?? 0),
    quotas: microsOf(hashOf(keys.get('quotas'))),
    ...(quotaWindow ? { quotaWindow } : {}),
    ledger: {
      entries: ids
        .filter((id) => entries[id] !== undefined)
        .map((id): LedgerEntry => withRefund(entries[id], refunds[id] ?? null)),
      dropped: bal.d === '1',
      totals: totalsOf(hashOf(keys.get('agg'))),
      periodUsage: periodUsageOf(hashOf(keys.get('period'))),
    },
    thresholds: thresholds.sort(byClaim),
    closedPeriods: closedPeriods.sort((x, y) => x - y),
    invoices: (keys.get('invoices')?.value ?? []).map((json) => JSON.parse(json) as Invoice),
  });
}

function microsOf(h: Record<string, string>): Partial<Record<QuotaProduct, number>> {
  return Object.fromEntries(Object.entries(h).map(([p, v]) => [p, unmicro(v)]));
}

/** Aggregate fields are `<environment>|<product>|<status>|<n, q or a>`. */
function totalsOf(agg: Record<string, string>): TotalsRow[] {
  const rows = new Map<string, TotalsRow>();
  for (const [field, value] of Object.entries(agg)) {
    const [environment, product, status, part] = field.split('|') as [
      Environment,
      Product,
      LedgerStatus,
      'n' | 'q' | 'a',
    ];
    const key = `${environment}|${product}|${status}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { environment, product, status, count: 0, quantity: 0, amount: 0 }));
    if (part === 'n') row.count = Number(value);
    else if (part === 'q') row.quantity = unmicro(value);
    else row.amount = unmicro(value);
  }
  return [...rows.values()].sort(byTotalsKey);
}

/** Period usage fields are `<product>|<q or a>`. */
function periodUsageOf(h: Record<string, string>): BillingExport['ledger']['periodUsage'] {
  const out: BillingExport['ledger']['periodUsage'] = {};
  for (const [field, value] of Object.entries(h)) {
    const [product, part] = field.split('|') as [Product, 'q' | 'a'];
    const u = (out[product] ??= { quantity: 0, amount: 0 });
    u[part === 'q' ? 'quantity' : 'amount'] = unmicro(value);
  }
  return out;
}
