/**
 * The first slice of shared state, wired to one emulator: organizations, keys and revocations
 * (shared-orgs.ts), single-use ws-tokens, rate-limit windows, and resets. Ws-token and window keys carry
 * the store's generation, which a reset increments: a reset on any instance retires every token and window
 * at once without a scan.
 */
import type { TokenBackend, TokenRecord } from '../auth/ws-tokens.js';
import type { WindowBackend } from '../metering/rate-limit.js';
import type { FaultStore } from '../faults/store.js';
import type { Metering } from '../metering/index.js';
import type { OrgStore } from '../orgs/store.js';
import type { Clock } from '../core/clock.js';
import type { RedisStore } from './redis-store.js';
import type { Journal } from '../http/journal.js';
import type { ScenarioReplica } from '../scenarios/scenarios.js';
import { SharedClock } from './shared-clock.js';
import { SharedBilling } from './shared-billing.js';
import { SharedFaults } from './shared-faults.js';
import { SharedJournal } from './shared-journal.js';
import { SharedOrgs } from './shared-orgs.js';
import { SharedScenarios, type ScenarioTarget } from './shared-scenarios.js';
import { SharedSttJobs } from './shared-stt.js';
import { SharedWork } from './shared-work.js';
import { SharedWebhooks } from './shared-webhooks.js';
import type { WebhookEngine } from '../webhooks/engine.js';
import { SharedRag } from './shared-rag.js';
export interface SharedStateTargets {
    orgs: OrgStore;
    faults: FaultStore;
    journal: Journal;
    /** Binds the shared scenarios to the emulator (scenarios.ts `scenarioTarget`). */
    scenarios: (replica: ScenarioReplica) => ScenarioTarget;
    clock: Clock;
    webhooks: WebhookEngine;
    metering: Metering;
    /** What another instance's reset does here: drop cached organizations, close this instance's sockets. */
    onRemoteReset: () => void;
}
export declare class SharedState implements TokenBackend, WindowBackend {
    private readonly store;
    private readonly targets;
    readonly orgs: SharedOrgs;
    readonly faults: SharedFaults;
    readonly journal: SharedJournal;
    readonly scenarios: SharedScenarios;
    readonly clock: SharedClock;
    readonly work: SharedWork;
    readonly sttJobs: SharedSttJobs;
    readonly webhooks: SharedWebhooks;
    readonly billing: SharedBilling;
    /** RAG tenants, documents and jobs: the RAG area attaches its structures (src/rag/index.ts). */
    readonly rag: SharedRag;
    private generation;
    constructor(store: RedisStore, targets: SharedStateTargets);
    open(): Promise<void>;
    /** POST /_emulator/reset on this instance: the shared slice starts over for every instance. */
    reset(): Promise<void>;
    /** The keys of every shared part, deleted by a reset. */
    private keyNames;
    private receive;
    private scoped;
    putToken(token: string, record: TokenRecord): void;
    takeToken(token: string): Promise<TokenRecord | undefined>;
    ensureKey(keyId: string): Promise<void>;
    hitWindow(keyId: string, limit: number, windowMs: number, start: number): Promise<{
        allowed: boolean;
        count: number;
    }>;
}
