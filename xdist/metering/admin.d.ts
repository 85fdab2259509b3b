/** The metering area's admin operations: usage, billing, invoices, prices, rate limits, leaked keys. */
import type { AdminHandler } from '../admin/admin-context.js';
import { type OrgStore } from '../orgs/store.js';
import type { WebhookEngine } from '../webhooks/engine.js';
import type { LedgerEntry, Metering } from './index.js';
export interface MeteringAdminDeps {
    orgs: Pick<OrgStore, 'getOrg' | 'getKey' | 'listKeys' | 'revokeKey' | 'replica'>;
    metering: Metering;
    webhooks: Pick<WebhookEngine, 'emit'>;
}
export declare function ledgerEntryView(e: LedgerEntry): {
    id: string;
    org_id: string;
    key_id: string;
    key: string;
    environment: import("./types.js").Environment;
    livemode: boolean;
    product: import("./types.js").Product;
    quantity: number;
    unit: import("./types.js").Unit;
    mode: import("./types.js").Mode | null;
    rate: number;
    amount: number;
    status: import("./ledger.js").LedgerStatus;
    reason: import("./ledger.js").LedgerReason | null;
    request_id: string | null;
    job_id: string | null;
    stream_id: string | null;
    created_at: string;
    refunded_at: string | null;
};
export declare function balanceView(metering: Metering, orgId: string): {
    balance: number;
    period_grant: number;
    granted_in_period: number;
    consumed_in_period: number;
    period_start: string;
    period_end: string;
};
export declare function meteringAdminHandlers(deps: MeteringAdminDeps): Record<string, AdminHandler>;
