/**
 * Reading the shared usage ledger (shared-billing.ts writes it): an organization's entries newest first, in
 * pages, with their refunds applied, and its totals (exact running sums in Redis when the filter allows).
 * Amounts in Redis are whole millionths of a credit.
 */
import { type LedgerEntry, type LedgerFilter, type Totals } from '../metering/ledger.js';
import type { RedisStore } from './redis-store.js';
export declare const micro: (x: number) => number;
export declare const unmicro: (s: string | number | null | undefined) => number;
export declare class LedgerReader {
    private readonly store;
    /** The name of a billing key in the current generation. */
    private readonly k;
    constructor(store: RedisStore, 
    /** The name of a billing key in the current generation. */
    k: (name: string) => string);
    entries(orgId: string, filter: LedgerFilter): Promise<LedgerEntry[]>;
    totals(orgId: string, filter: Omit<LedgerFilter, 'limit'>): Promise<{
        totals: Totals;
        exact: boolean;
    }>;
    /** PAGE entries from `from` (newest first), with their refunds applied. */
    private page;
}
