/**
 * The emulator: one object owning the clock, the seeded randomness, the stores, the compiled contract
 * and the product areas. `createEmulator(options)` builds it with its boot state; `listen()` serves it.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type express from 'express';
import type { AdminHandler } from './admin/admin-context.js';
import type { BootState, ProductArea } from './areas.js';
import { WsTokenStore } from './auth/ws-tokens.js';
import { type EmulatorConfig, type EmulatorOptions } from './config.js';
import { type Contract } from './contract/emulator-contract.js';
import { Clock } from './core/clock.js';
import type { ContractChecker } from './contract/response-check.js';
import { IdFactory, Random } from './core/random.js';
import type { MultipartLimits } from './http/body.js';
import type { OperationHandler, Stage, WsHandler } from './http/context.js';
import { Journal } from './http/journal.js';
import { SocketRegistry } from './http/socket-registry.js';
import { createWsGateway } from './http/ws-gateway.js';
import { OrgStore } from './orgs/store.js';
import { Metering } from './metering/index.js';
import { WebhookEngine } from './webhooks/index.js';
import { FaultStore } from './faults/store.js';
import { WorkerPool } from './workers/pool.js';
import { Redactor } from './observe/redact.js';
import { RequestLog, type LogSink } from './observe/request-log.js';
import { type ProxyMode, type ReplayMode } from './proxy/index.js';
import { type StateStore } from './store/index.js';
export declare const DEMO_ORG_ID = "org_demo";
/** Parts a caller may supply instead of the defaults. */
export interface EmulatorOverrides {
    clock?: Clock;
    /** Where request log lines go (the CLI: stdout); without one the emulator logs nothing. */
    logSink?: LogSink;
}
export { SERVER_TIMEOUTS } from './http/server.js';
export { liveCheckers, type Contract } from './contract/emulator-contract.js';
export interface DemoState {
    orgId: string;
    keys: {
        live: string;
        test: string;
    };
    keyIds: {
        live: string;
        test: string;
    };
    /** The endpoint registered by `--webhook-url`, with its signing secret. */
    webhookEndpoint?: {
        id: string;
        secret: string;
    };
}
export declare class Emulator {
    readonly config: EmulatorConfig;
    readonly clock: Clock;
    readonly random: Random;
    readonly ids: IdFactory;
    /** Where shared state lives (`--store`): memory (default) or Redis (docs/scaling.md). */
    readonly store: StateStore;
    /** The slice of state shared through a Redis store; null with the memory store. */
    private readonly shared;
    private storeOpened;
    readonly orgs: OrgStore;
    readonly wsTokens: WsTokenStore;
    readonly journal: Journal;
    /** Display forms for credentials in everything recorded or printed (journal, request log). */
    readonly redactor: Redactor;
    /** The request log; silent unless a sink is given (the CLI writes it to stdout). */
    readonly log: RequestLog;
    readonly metering: Metering;
    readonly webhooks: WebhookEngine;
    readonly faults: FaultStore;
    /** Heavy work (extraction, decoding, encoding) off the event loop, inside memory and time ceilings. */
    readonly workers: WorkerPool;
    /** The contract self-check (SVC_EMULATOR_CONTRACT_CHECK=1, as in the test suite); off otherwise. */
    readonly contractChecker: ContractChecker | undefined;
    readonly sockets: SocketRegistry;
    readonly contract: Contract;
    readonly handlers: Map<string, OperationHandler>;
    readonly wsHandlers: Map<string, WsHandler>;
    readonly adminHandlers: Map<string, AdminHandler>;
    readonly uploadLimits: Map<string, MultipartLimits>;
    readonly stages: Stage[];
    readonly preHandlerStages: Stage[];
    readonly upgradeStages: Parameters<typeof createWsGateway>[0]['upgradeStages'];
    readonly areas: ProductArea[];
    /** Proxy mode (`--proxy-to`): /v1 goes to the upstream gateway; null when emulating. */
    readonly proxy: ProxyMode | null;
    /** Replay mode (`--replay`): recorded exchanges answered before the handlers. */
    readonly replay: ReplayMode | null;
    readonly app: express.Express;
    readonly handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
    demo: DemoState;
    /** The scenario applied last since boot or reset (`active_scenario` in health), or null. */
    activeScenario: {
        name: string;
        appliedAt: string;
    } | null;
    /** Set by `listen()`: the real base and admin URLs. */
    urls: {
        baseUrl: string;
        adminUrl: string;
    } | undefined;
    readonly startedAt: number;
    /** The clock as the start options set it, restored by a reset (unless `keep_clock`). */
    private readonly bootClock;
    private server;
    constructor(options?: EmulatorOptions, overrides?: EmulatorOverrides);
    /** Plugs a product area's handlers into the gateway and admin API. */
    register(area: ProductArea): void;
    /** Creates the demo organization and its two keys, then lets each area load its boot state. */
    boot(): Promise<void>;
    /** Resolves when every area's background boot work (the demo corpus) is done, failed or not. */
    ready(): Promise<void>;
    /** Each area's boot work by name (`demo_corpus`...), as GET /_emulator/health reports it. */
    bootState(): Record<string, BootState>;
    /** True once all boot work is done and none failed: what `?ready=1` and `--wait-ready` wait for. */
    isReady(): boolean;
    /**
     * Back to the boot state: the clock as the start options set it (unless `keepClock`), same seed, same
     * demo keys, empty journal, no pending timers. Ids keep counting, so none repeats within the process.
     */
    reset(options?: {
        keepClock?: boolean;
    }): Promise<void>;
    listen(port?: number, host?: string): Promise<{
        server: Server;
        port: number;
        baseUrl: string;
        adminUrl: string;
    }>;
    close(): Promise<void>;
}
/** Builds an emulator with its boot state (demo organization and keys). */
export declare function createEmulator(options?: EmulatorOptions, overrides?: EmulatorOverrides): Promise<Emulator>;
