/**
 * The typed admin client: every operation of openapi/admin.yaml under a short name
 * (`admin.faults.add(...)`, `admin.clock.advance(60)`, `admin.requests.waitFor(...)`).
 *
 * Requests go through openapi-fetch on the types generated from the document into `admin-api.ts`
 * (`npm run gen:client`), so paths, parameters, bodies and answers are never written twice. Each method
 * resolves with the body of its operation's success answer, as the document describes it; any other
 * answer throws `AdminApiError` with the problem the emulator sent.
 */
import { type Client } from 'openapi-fetch';
import type { components, paths } from './admin-api.js';
export type AdminSchemas = components['schemas'];
export type AdminProblem = AdminSchemas['Problem'];
type QueryOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
    parameters: {
        query?: infer Q;
    };
} ? NonNullable<Q> : never;
type JsonBodyOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
    requestBody: {
        content: {
            'application/json': infer B;
        };
    };
} ? B : paths[P][M] extends {
    requestBody?: {
        content: {
            'application/json': infer B;
        };
    };
} ? B : never;
export type RequestFilter = Omit<QueryOf<'/requests', 'get'>, 'wait'>;
export type DeliveryFilter = Omit<QueryOf<'/webhooks/deliveries', 'get'>, 'wait'>;
export type UsageFilter = QueryOf<'/orgs/{id}/usage', 'get'>;
export type ReportFilter = Omit<QueryOf<'/report', 'get'>, 'format'>;
export type SttOrgFilter = QueryOf<'/stt/scripts', 'get'>;
export type OrgCreate = AdminSchemas['OrgCreate'];
export type KeyCreate = AdminSchemas['KeyCreate'];
export type FaultRuleInput = AdminSchemas['FaultRuleInput'];
export type ClockUpdate = AdminSchemas['ClockUpdate'];
export type TriggerInput = JsonBodyOf<'/webhooks/trigger', 'post'>;
export type JournalEntry = AdminSchemas['JournalEntry'];
export type WebhookDelivery = AdminSchemas['WebhookDelivery'];
export interface AdminClientOptions {
    /** `http://HOST:PORT/_emulator`, as `RunningEmulator.adminUrl` or the readiness line gives it. */
    adminUrl: string;
    /** Sent as `X-Admin-Token` when the emulator runs with `--admin-token`. */
    adminToken?: string;
    /** A fetch to use instead of the global one (a proxy, a recorder...). */
    fetch?: (request: Request) => Promise<Response>;
    /** Extra headers on every admin request. */
    headers?: Record<string, string>;
}
export interface WaitOptions {
    /** How long to wait for a match, in wall-clock seconds (default 10). */
    timeoutSeconds?: number;
    signal?: AbortSignal;
}
/** A non-2xx answer of the admin API, with the problem+json body it carried. */
export declare class AdminApiError extends Error {
    readonly name = "AdminApiError";
    readonly status: number;
    /** The problem's `code` (`not_found`, `admin_unauthorized`, `validation_failed`...). */
    readonly code: string | undefined;
    readonly detail: string | undefined;
    readonly requestId: string | undefined;
    /** The parsed problem, or undefined when the body was not one. */
    readonly problem: AdminProblem | undefined;
    /** The raw body when it was not a problem. */
    readonly body: unknown;
    constructor(method: string, url: string, status: number, body: unknown);
}
/** A `waitFor` that saw no match in time. */
export declare class AdminWaitTimeoutError extends Error {
    readonly name = "AdminWaitTimeoutError";
}
export declare class AdminClient {
    /** The underlying openapi-fetch client, typed from the document, for anything the names below do not cover. */
    readonly raw: Client<paths>;
    constructor(options: AdminClientOptions);
    /** `GET /health` (open even with an admin token). */
    health(): Promise<{
        status: "ok";
        ready: boolean;
        boot: {
            [x: string]: "ready" | "indexing" | "failed" | "disabled";
        };
        version?: string | undefined;
        uptime_seconds?: number | undefined;
        clock?: {
            mode: "real" | "scaled" | "frozen";
            now: string;
            now_ms: number;
            time_scale: number;
            pending_timers: number;
        } | undefined;
        organizations?: number | undefined;
        open_websockets?: number | undefined;
        active_scenario?: {
            name: string;
            applied_at: string;
        } | null | undefined;
        store?: {
            kind: "memory" | "redis";
            location: string;
            status: "ok" | "unreachable";
        } | undefined;
        instance_id?: string | undefined;
        instances?: {
            id: string;
            pid: number;
            base_url: string | null;
            started_at: string;
            last_seen: string;
        }[] | undefined;
    }>;
    /** `GET /demo`: the demo organization id, URLs and full keys. */
    demo(): Promise<{
        org_id: string;
        base_url: string | null;
        admin_url: string | null;
        keys: {
            live: string;
            test: string;
        };
        key_ids: {
            live: string;
            test: string;
        };
    }>;
    /**
     * `POST /reset`: back to the boot state (same demo keys), the clock included; `{ keep_clock: true }` keeps
     * the clock's mode, scale and time. Ids keep counting: none repeats within the process.
     */
    reset(options?: {
        keep_clock?: boolean;
    }): Promise<{
        status: "reset";
        demo: {
            org_id: string;
            keys: {
                live: string;
                test: string;
            };
            key_ids: {
                live: string;
                test: string;
            };
            webhook_endpoint: {
                id: string;
                secret: string;
            } | null;
        };
        clock: {
            mode: "real" | "scaled" | "frozen";
            now: string;
            now_ms: number;
            time_scale: number;
            pending_timers: number;
        };
    }>;
    /** The contract documents served by the emulator. */
    readonly openapi: {
        /** `GET /openapi.json`: the /v1 document. */
        gateway: () => Promise<{
            [x: string]: unknown;
        }>;
        /** `GET /openapi/admin.json`: the admin document. */
        admin: () => Promise<{
            [x: string]: unknown;
        }>;
    };
    readonly orgs: {
        create: (body?: OrgCreate) => Promise<{
            id: string;
            name: string;
            rag_entitled: boolean;
            created_at: string;
            keys: {
                id: string;
                org_id: string;
                environment: "live" | "test";
                scopes: ("tts:speak" | "stt:transcribe" | "rag:query")[];
                display: string;
                name?: string | null | undefined;
                created_at: string;
                revoked_at: string | null;
                revoked_reason?: string | null | undefined;
            }[];
        }>;
        list: () => Promise<{
            organizations: {
                id: string;
                name: string;
                rag_entitled: boolean;
                created_at: string;
                keys: {
                    id: string;
                    org_id: string;
                    environment: "live" | "test";
                    scopes: ("tts:speak" | "stt:transcribe" | "rag:query")[];
                    display: string;
                    name?: string | null | undefined;
                    created_at: string;
                    revoked_at: string | null;
                    revoked_reason?: string | null | undefined;
                }[];
            }[];
        }>;
        get: (orgId: string) => Promise<{
            id: string;
            name: string;
            rag_entitled: boolean;
            created_at: string;
            keys: {
                id: string;
                org_id: string;
                environment: "live" | "test";
                scopes: ("tts:speak" | "stt:transcribe" | "rag:query")[];
                display: string;
                name?: string | null | undefined;
                created_at: string;
                revoked_at: string | null;
                revoked_reason?: string | null | undefined;
            }[];
        }>;
        update: (orgId: string, body: AdminSchemas["OrgUpdate"]) => Promise<{
            id: string;
            name: string;
            rag_entitled: boolean;
            created_at: string;
            keys: {
                id: string;
                org_id: string;
                environment: "live" | "test";
                scopes: ("tts:speak" | "stt:transcribe" | "rag:query")[];
                display: string;
                name?: string | null | undefined;
                created_at: string;
                revoked_at: string | null;
                revoked_reason?: string | null | undefined;
            }[];
        }>;
    };
    readonly keys: {
        /** The answer's `key` is the full secret, shown this once. */
        create: (orgId: string, body: KeyCreate) => Promise<{
            id: string;
            org_id: string;
            environment: "live" | "test";
            scopes: ("tts:speak" | "stt:transcribe" | "rag:query")[];
            display: string;
            name?: string | null | undefined;
            created_at: string;
            revoked_at: string | null;
            revoked_reason?: string | null | undefined;
            key: string;
        }>;
        list: (orgId: string) => Promise<{
            keys: {
                id: string;
                org_id: string;
                environment: "live" | "test";
                scopes: ("tts:speak" | "stt:transcribe" | "rag:query")[];
                display: string;
                name?: string | null | undefined;
                created_at: string;
                revoked_at: string | null;
                revoked_reason?: string | null | undefined;
            }[];
        }>;
        revoke: (keyId: string) => Promise<{
            id: string;
            org_id: string;
            environment: "live" | "test";
            scopes: ("tts:speak" | "stt:transcribe" | "rag:query")[];
            display: string;
            name?: string | null | undefined;
            created_at: string;
            revoked_at: string | null;
            revoked_reason?: string | null | undefined;
        }>;
        /** Revokes at once, closes the key's streams and emits `key.compromised`. */
        leak: (keyId: string) => Promise<{
            key: {
                id: string;
                org_id: string;
                environment: "live" | "test";
                scopes: ("tts:speak" | "stt:transcribe" | "rag:query")[];
                display: string;
                name?: string | null | undefined;
                created_at: string;
                revoked_at: string | null;
                revoked_reason?: string | null | undefined;
            };
            event_id: string;
        }>;
        setRateLimit: (keyId: string, rule: AdminSchemas["RateLimitRule"]) => Promise<{
            limit: number;
            window_seconds: number;
        }>;
        clearRateLimit: (keyId: string) => Promise<{
            limit: number;
            window_seconds: number;
        }>;
    };
    /** The request journal. */
    readonly requests: {
        list: (filter?: RequestFilter) => Promise<{
            requests: {
                request_id: string;
                kind: "http" | "websocket";
                time: string;
                method: string;
                path: string;
                operation_id?: string | null | undefined;
                status: number | null;
                code?: string | null | undefined;
                org_id?: string | null | undefined;
                key_id?: string | null | undefined;
                key?: string | null | undefined;
                environment?: string | null | undefined;
                scope?: string | null | undefined;
                duration_ms?: number | null | undefined;
                fault?: {
                    rule_id: string;
                    kind: string;
                    explanation: string;
                } | null | undefined;
                off_contract?: boolean | undefined;
                websocket?: {
                    close_code?: number | null | undefined;
                    close_reason?: string | null | undefined;
                    opened_at?: number | null | undefined;
                    closed_at?: number | null | undefined;
                    frames_in?: number | undefined;
                    frames_out?: number | undefined;
                    close_stream_sent?: boolean | undefined;
                } | null | undefined;
                wall_ms?: number | undefined;
                retry_after?: number | null | undefined;
                ratelimit_remaining?: number | null | undefined;
                ratelimit_reset?: number | null | undefined;
                request: {
                    headers: {
                        [x: string]: string;
                    };
                    query: {
                        [x: string]: string | string[];
                    };
                    body: unknown;
                    body_truncated: boolean;
                    multipart: {
                        fields: {
                            [x: string]: string;
                        };
                        files: {
                            field: string;
                            name: string;
                            type: string;
                            size: number;
                            sha256: string;
                        }[];
                    } | null;
                };
                response: {
                    headers: {
                        [x: string]: string;
                    };
                    body: unknown;
                    body_truncated: boolean;
                    audio: {
                        type: string;
                        bytes: number;
                        duration_seconds: number | null;
                    } | null;
                };
                timings: {
                    received_wall_ms: number;
                    handler_ms: number | null;
                    total_ms: number | null;
                };
                ledger_entry_ids: string[];
                webhook_event_ids: string[];
                proxied?: boolean | undefined;
                contract_violations?: {
                    where: string;
                    rule: string;
                    value: unknown;
                }[] | undefined;
                replayed?: string | undefined;
            }[];
        }>;
        clear: () => Promise<undefined>;
        /** One entry in full, by its `request_id` (the `X-Request-Id` response header). */
        get: (id: string) => Promise<{
            request_id: string;
            kind: "http" | "websocket";
            time: string;
            method: string;
            path: string;
            operation_id?: string | null | undefined;
            status: number | null;
            code?: string | null | undefined;
            org_id?: string | null | undefined;
            key_id?: string | null | undefined;
            key?: string | null | undefined;
            environment?: string | null | undefined;
            scope?: string | null | undefined;
            duration_ms?: number | null | undefined;
            fault?: {
                rule_id: string;
                kind: string;
                explanation: string;
            } | null | undefined;
            off_contract?: boolean | undefined;
            websocket?: {
                close_code?: number | null | undefined;
                close_reason?: string | null | undefined;
                opened_at?: number | null | undefined;
                closed_at?: number | null | undefined;
                frames_in?: number | undefined;
                frames_out?: number | undefined;
                close_stream_sent?: boolean | undefined;
            } | null | undefined;
            wall_ms?: number | undefined;
            retry_after?: number | null | undefined;
            ratelimit_remaining?: number | null | undefined;
            ratelimit_reset?: number | null | undefined;
            request: {
                headers: {
                    [x: string]: string;
                };
                query: {
                    [x: string]: string | string[];
                };
                body: unknown;
                body_truncated: boolean;
                multipart: {
                    fields: {
                        [x: string]: string;
                    };
                    files: {
                        field: string;
                        name: string;
                        type: string;
                        size: number;
                        sha256: string;
                    }[];
                } | null;
            };
            response: {
                headers: {
                    [x: string]: string;
                };
                body: unknown;
                body_truncated: boolean;
                audio: {
                    type: string;
                    bytes: number;
                    duration_seconds: number | null;
                } | null;
            };
            timings: {
                received_wall_ms: number;
                handler_ms: number | null;
                total_ms: number | null;
            };
            ledger_entry_ids: string[];
            webhook_event_ids: string[];
            proxied?: boolean | undefined;
            contract_violations?: {
                where: string;
                rule: string;
                value: unknown;
            }[] | undefined;
            replayed?: string | undefined;
        }>;
        /** The audio a TTS entry was answered with (MP3 or WAV bytes), rendered again and not billed. */
        audio: (id: string) => Promise<ArrayBuffer>;
        /**
         * Resolves with the oldest journal entry matching `filter`, long-polling `GET /requests?wait=` until one
         * is recorded (an entry is recorded when its request has been answered). Entries already in the journal
         * count: to wait only for new ones, pass `after` (a `request_id`), a `scope`, or clear the journal first.
         * Throws `AdminWaitTimeoutError` when nothing matches within `timeoutSeconds`.
         */
        waitFor: (filter?: RequestFilter, options?: WaitOptions) => Promise<JournalEntry>;
    };
    readonly clock: {
        get: () => Promise<{
            mode: "real" | "scaled" | "frozen";
            now: string;
            now_ms: number;
            time_scale: number;
            pending_timers: number;
        }>;
        /** Mode, time (`now`) or scale; moving time forward fires what became due, like `advance`. */
        set: (update: ClockUpdate) => Promise<{
            mode: "real" | "scaled" | "frozen";
            now: string;
            now_ms: number;
            time_scale: number;
            pending_timers: number;
        }>;
        freeze: () => Promise<{
            mode: "real" | "scaled" | "frozen";
            now: string;
            now_ms: number;
            time_scale: number;
            pending_timers: number;
        }>;
        /** Moves the clock forward, firing every timer that becomes due, in order. */
        advance: (seconds: number) => Promise<{
            mode: "real" | "scaled" | "frozen";
            now: string;
            now_ms: number;
            time_scale: number;
            pending_timers: number;
        }>;
    };
    /** `GET /orgs/{id}/usage`: ledger entries (newest first), totals and the balance. */
    usage(orgId: string, filter?: UsageFilter): Promise<{
        entries: {
            [x: string]: unknown;
        }[];
        totals: {
            [x: string]: unknown;
        };
        totals_exact?: boolean | undefined;
        balance: {
            balance: number;
            period_grant: number;
            granted_in_period: number;
            consumed_in_period: number;
            period_start: string;
            period_end: string;
        };
    }>;
    readonly billing: {
        get: (orgId: string) => Promise<{
            org_id: string;
            balance: {
                balance: number;
                period_grant: number;
                granted_in_period: number;
                consumed_in_period: number;
                period_start: string;
                period_end: string;
            };
            period: {
                period_start: string;
                period_end: string;
            };
            test_quotas: {
                product: string;
                used: number;
                quota: number;
                window_start: string;
                window_end: string;
            }[];
            rate_limits: {
                key_id: string;
                key: string;
                limit: number;
                window_seconds: number;
            }[];
        }>;
        update: (orgId: string, body: AdminSchemas["BillingUpdate"]) => Promise<{
            org_id: string;
            balance: {
                balance: number;
                period_grant: number;
                granted_in_period: number;
                consumed_in_period: number;
                period_start: string;
                period_end: string;
            };
            period: {
                period_start: string;
                period_end: string;
            };
            test_quotas: {
                product: string;
                used: number;
                quota: number;
                window_start: string;
                window_end: string;
            }[];
            rate_limits: {
                key_id: string;
                key: string;
                limit: number;
                window_seconds: number;
            }[];
        }>;
        /** Closes the period into an invoice and emits `invoice.finalized`. */
        closePeriod: (orgId: string) => Promise<{
            id: string;
            org_id: string;
            period_start: string;
            period_end: string;
            lines: {
                product: string;
                unit: string;
                quantity: number;
                amount: number;
            }[];
            total: number;
            currency: "credits";
            status: "finalized";
            finalized_at: string;
        }>;
        invoices: (orgId: string) => Promise<{
            invoices: {
                id: string;
                org_id: string;
                period_start: string;
                period_end: string;
                lines: {
                    product: string;
                    unit: string;
                    quantity: number;
                    amount: number;
                }[];
                total: number;
                currency: "credits";
                status: "finalized";
                finalized_at: string;
            }[];
        }>;
    };
    readonly prices: {
        get: () => Promise<{
            tts?: {
                fast?: number | undefined;
                standard?: number | undefined;
                high?: number | undefined;
            } | undefined;
            stt?: number | undefined;
            stt_realtime?: number | undefined;
            rag_search?: {
                retrieve?: number | undefined;
                answer?: number | undefined;
                analyze?: number | undefined;
            } | undefined;
            rag_upload?: number | undefined;
            rag_storage?: number | undefined;
        }>;
        update: (body: AdminSchemas["Prices"]) => Promise<{
            tts?: {
                fast?: number | undefined;
                standard?: number | undefined;
                high?: number | undefined;
            } | undefined;
            stt?: number | undefined;
            stt_realtime?: number | undefined;
            rag_search?: {
                retrieve?: number | undefined;
                answer?: number | undefined;
                analyze?: number | undefined;
            } | undefined;
            rag_upload?: number | undefined;
            rag_storage?: number | undefined;
        }>;
    };
    readonly rateLimits: {
        get: () => Promise<{
            live?: {
                limit: number;
                window_seconds: number;
            } | undefined;
            test?: {
                limit: number;
                window_seconds: number;
            } | undefined;
        }>;
        update: (body: AdminSchemas["RateLimits"]) => Promise<{
            live?: {
                limit: number;
                window_seconds: number;
            } | undefined;
            test?: {
                limit: number;
                window_seconds: number;
            } | undefined;
        }>;
    };
    readonly webhooks: {
        endpoints: {
            /** The answer carries the signing `secret`; a `ping` follows when the endpoint subscribes to it. */
            create: (orgId: string, input: AdminSchemas["WebhookEndpointInput"]) => Promise<{
                id: string;
                org_id: string;
                url: string;
                events: string[];
                secret: string;
                created_at: string;
            }>;
            list: (orgId: string) => Promise<{
                endpoints: {
                    id: string;
                    org_id: string;
                    url: string;
                    events: string[];
                    secret: string;
                    created_at: string;
                }[];
            }>;
            delete: (orgId: string, endpointId: string) => Promise<undefined>;
        };
        /** Deliveries with every attempt, newest first. */
        deliveries: (filter?: DeliveryFilter) => Promise<{
            deliveries: {
                id: string;
                org_id: string;
                endpoint_id: string;
                url: string;
                event_id: string;
                event: string;
                livemode?: boolean | undefined;
                status: "pending" | "delivered" | "failed";
                created_at?: string | undefined;
                next_attempt_at?: string | null | undefined;
                series?: number | undefined;
                attempts: {
                    at?: string | undefined;
                    url?: string | undefined;
                    status_code?: number | null | undefined;
                    error?: string | null | undefined;
                    latency_ms?: number | undefined;
                    signature_header?: string | undefined;
                    request_body?: string | undefined;
                    attempt?: number | undefined;
                    series?: number | undefined;
                }[];
                envelope: {
                    id: string;
                    event: string;
                    createdAt: string;
                    data: {
                        [x: string]: unknown;
                    } | {
                        id: string;
                        org_id: string;
                        period_start: string;
                        period_end: string;
                        lines: {
                            product: string;
                            unit: string;
                            quantity: number;
                            amount: number;
                        }[];
                        total: number;
                        currency: "credits";
                        status: "finalized";
                        finalized_at: string;
                    } | {
                        kind: "credits";
                        org_id: string;
                        threshold_percent: number;
                        consumed: number;
                        granted: number;
                        balance: number;
                        period_start: string;
                        period_end: string;
                    } | {
                        kind: "test_quota";
                        org_id: string;
                        product: string;
                        unit: string;
                        threshold_percent: number;
                        used: number;
                        quota: number;
                        window_start: string;
                        window_end: string;
                    };
                    livemode: boolean;
                };
            }[];
        }>;
        delivery: (deliveryId: string) => Promise<{
            id: string;
            org_id: string;
            endpoint_id: string;
            url: string;
            event_id: string;
            event: string;
            livemode?: boolean | undefined;
            status: "pending" | "delivered" | "failed";
            created_at?: string | undefined;
            next_attempt_at?: string | null | undefined;
            series?: number | undefined;
            attempts: {
                at?: string | undefined;
                url?: string | undefined;
                status_code?: number | null | undefined;
                error?: string | null | undefined;
                latency_ms?: number | undefined;
                signature_header?: string | undefined;
                request_body?: string | undefined;
                attempt?: number | undefined;
                series?: number | undefined;
            }[];
            envelope: {
                id: string;
                event: string;
                createdAt: string;
                data: {
                    [x: string]: unknown;
                } | {
                    id: string;
                    org_id: string;
                    period_start: string;
                    period_end: string;
                    lines: {
                        product: string;
                        unit: string;
                        quantity: number;
                        amount: number;
                    }[];
                    total: number;
                    currency: "credits";
                    status: "finalized";
                    finalized_at: string;
                } | {
                    kind: "credits";
                    org_id: string;
                    threshold_percent: number;
                    consumed: number;
                    granted: number;
                    balance: number;
                    period_start: string;
                    period_end: string;
                } | {
                    kind: "test_quota";
                    org_id: string;
                    product: string;
                    unit: string;
                    threshold_percent: number;
                    used: number;
                    quota: number;
                    window_start: string;
                    window_end: string;
                };
                livemode: boolean;
            };
        }>;
        redeliver: (deliveryId: string) => Promise<{
            id: string;
            org_id: string;
            endpoint_id: string;
            url: string;
            event_id: string;
            event: string;
            livemode?: boolean | undefined;
            status: "pending" | "delivered" | "failed";
            created_at?: string | undefined;
            next_attempt_at?: string | null | undefined;
            series?: number | undefined;
            attempts: {
                at?: string | undefined;
                url?: string | undefined;
                status_code?: number | null | undefined;
                error?: string | null | undefined;
                latency_ms?: number | undefined;
                signature_header?: string | undefined;
                request_body?: string | undefined;
                attempt?: number | undefined;
                series?: number | undefined;
            }[];
            envelope: {
                id: string;
                event: string;
                createdAt: string;
                data: {
                    [x: string]: unknown;
                } | {
                    id: string;
                    org_id: string;
                    period_start: string;
                    period_end: string;
                    lines: {
                        product: string;
                        unit: string;
                        quantity: number;
                        amount: number;
                    }[];
                    total: number;
                    currency: "credits";
                    status: "finalized";
                    finalized_at: string;
                } | {
                    kind: "credits";
                    org_id: string;
                    threshold_percent: number;
                    consumed: number;
                    granted: number;
                    balance: number;
                    period_start: string;
                    period_end: string;
                } | {
                    kind: "test_quota";
                    org_id: string;
                    product: string;
                    unit: string;
                    threshold_percent: number;
                    used: number;
                    quota: number;
                    window_start: string;
                    window_end: string;
                };
                livemode: boolean;
            };
        }>;
        /** Emits any event kind for an organization, like `stripe trigger`. */
        trigger: (input: TriggerInput) => Promise<{
            event: {
                [x: string]: unknown;
            };
            delivery_ids: string[];
        }>;
        /**
         * Resolves with the newest delivery matching `filter` (with `status`, once it reaches that status; with
         * `min_attempts`, once it has that many attempts), long-polling `GET /webhooks/deliveries?wait=`.
         * Throws `AdminWaitTimeoutError` when nothing matches within `timeoutSeconds`.
         */
        waitFor: (filter?: DeliveryFilter, options?: WaitOptions) => Promise<WebhookDelivery>;
    };
    readonly faults: {
        /** Adds a rule; the answer carries its `id` and `explanation`. */
        add: (rule: FaultRuleInput) => Promise<{
            id: string;
            kind: string;
            match: {
                operation?: string | undefined;
                method?: string | undefined;
                path?: string | undefined;
                org_id?: string | undefined;
                key_id?: string | undefined;
                environment?: "live" | "test" | undefined;
                mode?: "retrieve" | "answer" | "analyze" | undefined;
                scope?: string | undefined;
                event?: string | undefined;
            };
            remaining: number | null;
            hits: number;
            created_at: string;
            expires_at: string | null;
            explanation: string;
            off_contract: boolean;
        }>;
        list: () => Promise<{
            faults: {
                id: string;
                kind: string;
                match: {
                    operation?: string | undefined;
                    method?: string | undefined;
                    path?: string | undefined;
                    org_id?: string | undefined;
                    key_id?: string | undefined;
                    environment?: "live" | "test" | undefined;
                    mode?: "retrieve" | "answer" | "analyze" | undefined;
                    scope?: string | undefined;
                    event?: string | undefined;
                };
                remaining: number | null;
                hits: number;
                created_at: string;
                expires_at: string | null;
                explanation: string;
                off_contract: boolean;
            }[];
        }>;
        get: (faultId: string) => Promise<{
            id: string;
            kind: string;
            match: {
                operation?: string | undefined;
                method?: string | undefined;
                path?: string | undefined;
                org_id?: string | undefined;
                key_id?: string | undefined;
                environment?: "live" | "test" | undefined;
                mode?: "retrieve" | "answer" | "analyze" | undefined;
                scope?: string | undefined;
                event?: string | undefined;
            };
            remaining: number | null;
            hits: number;
            created_at: string;
            expires_at: string | null;
            explanation: string;
            off_contract: boolean;
        }>;
        remove: (faultId: string) => Promise<undefined>;
        clear: () => Promise<undefined>;
    };
    readonly scenarios: {
        list: () => Promise<{
            scenarios: {
                name: string;
                description: string;
                steps: {
                    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                    path: string;
                    body?: {
                        [x: string]: unknown;
                    } | undefined;
                    query?: {
                        [x: string]: unknown;
                    } | undefined;
                }[];
            }[];
        }>;
        /** Registers (or replaces) a scenario until the next reset. */
        create: (scenario: AdminSchemas["Scenario"]) => Promise<{
            name: string;
            description: string;
            steps: {
                method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                path: string;
                body?: {
                    [x: string]: unknown;
                } | undefined;
                query?: {
                    [x: string]: unknown;
                } | undefined;
            }[];
        }>;
        /** Runs the scenario's steps in order; `reset()` undoes it. */
        apply: (name: string) => Promise<{
            name: string;
            steps: {
                [x: string]: unknown;
            }[];
        }>;
    };
    /** The drift report of a recordings folder (docs/proxy.md), read on the emulator's machine. */
    readonly drift: {
        json: (body: JsonBodyOf<"/drift", "post">) => Promise<string | {
            generated_at: string;
            recordings: string;
            duration_tolerance_seconds: number;
            summary: {
                exchanges: number;
                passed: number;
                drifted: number;
                errors: number;
            };
            exchanges: {
                id: string;
                kind: "http" | "websocket";
                method: string;
                path: string;
                operation_id: string | null;
                result: "pass" | "drift" | "error";
                recorded_status: number | null;
                emulator_status: number | null;
                differences: {
                    aspect: "status" | "code" | "content_type" | "fields" | "ratelimit_headers" | "audio_format" | "audio_duration" | "frames" | "close_code";
                    path?: string | undefined;
                    recorded: unknown;
                    emulator: unknown;
                }[];
                error?: string | undefined;
            }[];
        }>;
        /** The same report as JUnit XML (each exchange a test case). */
        junit: (body: JsonBodyOf<"/drift", "post">) => Promise<string>;
    };
    /** The client report: did the client honour Retry-After, back off, verify signatures... */
    readonly report: {
        json: (filter?: ReportFilter) => Promise<string | {
            generated_at: string;
            summary: {
                [x: string]: unknown;
            };
            groups: {
                [x: string]: unknown;
            }[];
        }>;
        /** The same report as JUnit XML, for CI test reporters. */
        junit: (filter?: ReportFilter) => Promise<string>;
    };
    /** The dashboard's files, as text (open `${adminUrl}/ui` in a browser to use it). */
    readonly ui: {
        page: () => Promise<string>;
        asset: (asset: string) => Promise<string>;
    };
    readonly voices: {
        /** The TTS voice catalogue (the values `voice` accepts). */
        list: () => Promise<{
            voices: {
                id: string;
                name: string;
                gender: "female" | "male";
                dialect: string;
                locale: string;
                description: string;
            }[];
        }>;
    };
    /** The TTS clip cache (`--tts-cache-mb`): its counters, and a way to empty it. */
    readonly ttsCache: {
        stats: () => Promise<{
            enabled: boolean;
            max_bytes: number;
            bytes: number;
            entries: number;
            hits: number;
            misses: number;
            evictions: number;
        }>;
        clear: () => Promise<{
            enabled: boolean;
            max_bytes: number;
            bytes: number;
            entries: number;
            hits: number;
            misses: number;
            evictions: number;
        }>;
    };
    readonly stt: {
        scripts: {
            /** Registers a scripted transcript (exactly one of `sha256`, `file_name`, `queue`). */
            create: (input: AdminSchemas["SttScriptInput"]) => Promise<{
                id: string;
                org_id: string | null;
                match: "sha256" | "file_name" | "queue";
                remaining: number | null;
                matched: number;
                created_at: string;
                off_contract: boolean;
            }>;
            list: (filter?: SttOrgFilter) => Promise<{
                scripts: {
                    id: string;
                    org_id: string | null;
                    match: "sha256" | "file_name" | "queue";
                    remaining: number | null;
                    matched: number;
                    created_at: string;
                    off_contract: boolean;
                }[];
            }>;
            clear: (filter?: SttOrgFilter) => Promise<{
                deleted: number;
            }>;
            delete: (scriptId: string) => Promise<undefined>;
        };
        jobs: (filter?: SttOrgFilter) => Promise<{
            jobs: {
                job_id: string;
                org_id: string;
                status: "processing" | "completed" | "failed";
            }[];
        }>;
    };
    readonly rag: {
        /** The organization's RAG tenant: state, next transition, durations, contents. */
        tenant: (orgId: string) => Promise<{
            org_id: string;
            rag_entitled: boolean;
            tenant: {
                org_id: string;
                state: components["schemas"]["RagTenantState"];
                since: string;
                resuming: boolean;
                hold: boolean;
                next_state: components["schemas"]["RagTenantState"] | null;
                next_state_at: string | null;
                last_activity_at: string;
                durations: {
                    not_provisioned_seconds: number;
                    provisioning_seconds: number;
                    idle_after_seconds: number;
                    resume_seconds: number;
                };
            } | null;
            documents: number;
            chunks: number;
            stored_bytes: {
                live: number;
                test: number;
            };
            pending_jobs: number;
            fail_next_jobs: number;
        }>;
        /** Forces a tenant state, sets durations, or makes the next N indexing jobs fail. */
        updateTenant: (orgId: string, body: AdminSchemas["RagTenantUpdate"]) => Promise<{
            org_id: string;
            rag_entitled: boolean;
            tenant: {
                org_id: string;
                state: components["schemas"]["RagTenantState"];
                since: string;
                resuming: boolean;
                hold: boolean;
                next_state: components["schemas"]["RagTenantState"] | null;
                next_state_at: string | null;
                last_activity_at: string;
                durations: {
                    not_provisioned_seconds: number;
                    provisioning_seconds: number;
                    idle_after_seconds: number;
                    resume_seconds: number;
                };
            } | null;
            documents: number;
            chunks: number;
            stored_bytes: {
                live: number;
                test: number;
            };
            pending_jobs: number;
            fail_next_jobs: number;
        }>;
        searches: (orgId: string) => Promise<{
            searches: {
                request_id: string;
                time: string;
                mode: "retrieve" | "answer" | "analyze";
                query: string;
                rewritten_query: string | null;
                instructions: string | null;
                results: number;
            }[];
        }>;
    };
    /** Repeats a long-poll in slices of at most 60 s until it finds something or the time is up. */
    private longPoll;
}
/** An admin client for an emulator's `adminUrl`. */
export declare function createAdminClient(options: AdminClientOptions): AdminClient;
export {};
