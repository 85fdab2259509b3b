/** The webhooks area's admin operations: endpoints, deliveries, redelivery and test events. */
import type { AdminHandler } from '../admin/admin-context.js';
import type { Clock } from '../core/clock.js';
import type { OrgStore } from '../orgs/store.js';
import type { WebhookEndpoint } from './endpoints.js';
import type { WebhookEngine } from './engine.js';
import type { DeliveryStatus, WebhookDelivery } from './types.js';
export interface WebhookAdminDeps {
    orgs: Pick<OrgStore, 'getOrg'>;
    webhooks: WebhookEngine;
    clock: Pick<Clock, 'isoNow'>;
}
export declare function endpointView(e: WebhookEndpoint): {
    id: string;
    org_id: string;
    url: string;
    events: ("ping" | "job.completed" | "quota.threshold" | "invoice.finalized" | "key.compromised")[];
    secret: string;
    created_at: string;
};
export declare function deliveryView(d: WebhookDelivery): {
    id: string;
    org_id: string;
    endpoint_id: string;
    url: string;
    event_id: string;
    event: string;
    livemode: boolean;
    status: DeliveryStatus;
    created_at: string;
    next_attempt_at: string | null;
    series: number;
    attempts: {
        at: string;
        url: string;
        status_code: number | null;
        error: string | null;
        latency_ms: number;
        signature_header: string;
        request_body: string;
        attempt: number;
        series: number;
    }[];
    envelope: import("./types.js").WebhookEnvelope;
};
export declare function webhookAdminHandlers(deps: WebhookAdminDeps): Record<string, AdminHandler>;
