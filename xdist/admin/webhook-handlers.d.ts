import type { DeliveryStatus, WebhookDelivery, WebhookEndpoint } from '../webhooks/index.js';
import type { AdminHandler } from './admin-context.js';
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
    envelope: import("../webhooks/types.js").WebhookEnvelope;
};
export declare const webhookAdminHandlers: Record<string, AdminHandler>;
