/**
 * The emulator, the composition root's object: `createEmulator(options)` builds it with its boot state, `listen()`
 * serves it. foundation.ts and side-effects.ts build what the areas stand on, areas.ts the areas from one ordered
 * list, registry.ts registers them; serving.ts and demo-state.ts do the rest (docs/architecture.md).
 */
import type { Server } from 'node:http';
// The error catalog: every area's codes registered before anything is built.
import './errors.js';
import type express from 'express';
import { resolveConfig, type EmulatorConfig, type EmulatorOptions } from './config.js';
import { type Contract } from '../contract/emulator-contract.js';
import type { ContractChecker } from '../contract/response-check.js';
import { Clock } from '../core/clock.js';
import { OrgClocks } from '../core/clocks.js';
import { IdFactory, Random } from '../core/random.js';
import { assertSupportedNode } from '../core/runtime.js';
import { announce, shareState, type StateStore } from '../store/index.js';
import type { SharedState } from '../store/shared-state.js';
import { StateUnits } from '../store/state-unit.js';
import { OrgStore } from '../orgs/store.js';
import { WsTokenStore } from '../auth/ws-tokens.js';
import { Journal } from '../journal/journal.js';
import { SocketRegistry } from '../http/socket-registry.js';
import { CLOSE } from '../http/ws-close-codes.js';
import { closeSocketsOnKeyEvents } from '../http/key-sockets.js';
import type { OperationHandler, WsHandler } from '../http/context.js';
import { Redactor } from '../observe/redact.js';
import { RequestLog } from '../observe/request-log.js';
import { WorkerPool } from '../workers/pool.js';
import { createSideEffectParts } from './side-effects.js';
import { buildFoundation, type EmulatorOverrides } from './foundation.js';
import type { FaultStore } from '../faults/store.js';
import { LatencySampler, loadLatencyProfile } from '../latency/index.js';
import { createFaultHeaderParser } from '../faults/header.js';
import type { Metering } from '../metering/index.js';
import type { WebhookEngine } from '../webhooks/index.js';
import type { Scenarios } from '../scenarios/scenarios.js';
import type { Area, BootState } from '../area/area.js';
import { buildAreas } from './areas.js';
import { AreaRegistry } from './registry.js';
import { createAdminEntrances } from '../admin/entrances.js';
import type { AdminInvoker } from '../admin/invoke.js';
import type { ProxyMode, ReplayMode } from '../proxy/index.js';
import { tlsMaterial } from '../http/tls.js';
import { createServing, listenOn, type Listening, type UpgradeHandler } from './serving.js';
import { demoAfterLoad } from './demo-after-load.js';
import { createDemoState, DEMO_ORG_ID, type DemoState } from './demo-state.js';
import type { SandboxLookup, SandboxService } from '../sandboxes/index.js';
import type { LoadGate, Snapshots } from '../snapshots/index.js';

export { DEMO_ORG_ID, type DemoState } from './demo-state.js';

export type { EmulatorOverrides } from './foundation.js';

export { SERVER_TIMEOUTS } from '../http/server.js';
export { liveCheckers, type Contract } from '../contract/emulator-contract.js';

export class Emulator {
  readonly config: EmulatorConfig;
  readonly clock: Clock;
  /** The clock behind each organization's time rules: its sandbox's own, or `clock` (core/clocks.ts). */
  readonly clocks: OrgClocks;
  readonly random: Random;
  readonly ids: IdFactory;
  /** Request ids of everything but /v1 (admin, health, dashboard): not journaled, not in a snapshot (SN-P2). */
  readonly controlIds: IdFactory;
  /** Where shared state lives (`--store`): memory (default) or Redis (docs/scaling.md). */
  readonly store: StateStore;
  /** The slice of state shared through a Redis store; null with the memory store. */
  private readonly shared: SharedState | null;
  /** The state each area owns, built by the area's factory from `store` (src/store/state-unit.ts). */
  readonly state = new StateUnits();
  private storeOpened = false;
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
  /** `--latency-profile`: null for `instant` (no latency stage at all). */
  readonly latency: LatencySampler | null;
  /** Sandboxes (issue 24): create, reset, delete, and their clocks. */
  readonly sandboxes: SandboxService;
  /** How every part resolves a sandbox id (`?sandbox=`, `match.sandbox`): ready before the parts are built. */
  readonly sandboxLookup: SandboxLookup;
  /** The built-in, file and registered scenarios, and the one applied last. */
  readonly scenarios: Scenarios;
  /** The state saved as one document and loaded back (issue 25): GET/PUT /_emulator/state. */
  readonly snapshots: Snapshots;
  /** Holds requests while a load runs. */
  private readonly loadGate: LoadGate;
  /** Heavy work (extraction, decoding, encoding) off the event loop, inside memory and time ceilings. */
  readonly workers: WorkerPool;
  /** The contract self-check (SVC_EMULATOR_CONTRACT_CHECK=1, as in the test suite); off otherwise. */
  readonly contractChecker: ContractChecker | undefined;
  readonly sockets = new SocketRegistry();
  readonly contract: Contract;
  /** The areas, registered from the root's list (app/areas.ts), and the tables they fill. */
  readonly registry = new AreaRegistry();
  /** /v1 handlers by operationId (tests plug one in here). */
  get handlers(): Map<string, OperationHandler> {
    return this.registry.handlers;
  }
  get wsHandlers(): Map<string, WsHandler> {
    return this.registry.wsHandlers;
  }
  /** Admin operations run in-process (scenario steps, config-file fault rules): admin/invoke.ts. */
  private readonly invokeAdmin: AdminInvoker;
  /** Proxy mode (`--proxy-to`): /v1 goes to the upstream gateway; null when emulating. */
  readonly proxy: ProxyMode | null;
  /** Replay mode (`--replay`): recorded exchanges answered before the handlers. */
  readonly replay: ReplayMode | null;
  readonly app: express.Express;
  readonly handleUpgrade: UpgradeHandler;
  demo!: DemoState;
  /** Set by `listen()`: the real base and admin URLs, and with `--tls` the generated CA's file. */
  urls: { baseUrl: string; adminUrl: string; caFile: string | null } | undefined;
  readonly startedAt: number;
  private server: Server | undefined;
  private disposeTls: (() => void) | undefined;

  constructor(options: EmulatorOptions = {}, overrides: EmulatorOverrides = {}) {
    this.config = resolveConfig(options);
    // First, so a bad profile file stops the start before anything is opened.
    const latencyProfile = loadLatencyProfile(this.config.latencyProfile);
    const foundation = buildFoundation(this.config, overrides, this.state);
    const { sandboxes, orgState } = foundation;
    ({
      store: this.store,
      clock: this.clock,
      clocks: this.clocks,
      random: this.random,
      ids: this.ids,
      controlIds: this.controlIds,
      orgs: this.orgs,
      wsTokens: this.wsTokens,
      workers: this.workers,
      journal: this.journal,
      redactor: this.redactor,
      log: this.log,
      contract: this.contract,
      contractChecker: this.contractChecker,
    } = foundation);
    this.sandboxLookup = sandboxes.lookup;
    this.startedAt = Date.now();
    const effects = createSideEffectParts({
      config: this.config,
      store: this.store,
      state: this.state,
      clock: this.clock,
      clocks: this.clocks,
      ids: this.ids,
      random: this.random,
      contract: this.contract,
      journal: this.journal,
      log: this.log,
      orgs: this.orgs,
      sandboxes: this.sandboxLookup,
      invoke: (call) => this.invokeAdmin(call),
    });
    ({
      faults: this.faults,
      webhooks: this.webhooks,
      metering: this.metering,
      scenarios: this.scenarios,
    } = effects);
    this.shared = shareState(this.store, {
      clock: this.clock,
      onRemoteReset: () => this.sockets.closeAll(CLOSE.reset, 'emulator reset through another instance'),
    });
    this.latency = latencyProfile && new LatencySampler(latencyProfile, this.random);
    closeSocketsOnKeyEvents(this.orgs, this.sockets);
    // The entrances read the handler map at each call, so the areas registered below are found.
    const admin = createAdminEntrances({
      routes: this.contract.admin,
      handlers: this.registry.adminHandlers,
      adminToken: this.config.adminToken,
      store: this.store,
      requestId: () => this.controlIds.next('req', 20),
    });
    this.invokeAdmin = admin.invoke;
    const { config, clock, ids, orgs, metering, faults, contract, journal } = this;
    const built = buildAreas({
      config,
      clock,
      clocks: this.clocks,
      ids,
      orgs,
      keyOwners: orgState,
      wsTokens: this.wsTokens,
      metering,
      webhooks: this.webhooks,
      workers: this.workers,
      faults,
      scenarios: this.scenarios,
      latency: this.latency,
      contract,
      journal,
      store: this.store,
      state: this.state,
      sockets: this.sockets,
      demoOrgId: DEMO_ORG_ID,
      sandboxParts: sandboxes,
      orgViewParts: this.registry.orgViewParts,
      emulator: {
        bootState: () => this.bootState(),
        isReady: () => this.isReady(),
        reset: (options) => this.reset(options),
        clearAll: () => this.clearState(),
        invoke: (call) => this.invokeAdmin(call),
        demo: () => this.demo,
        urls: () => this.urls,
        startedAt: this.startedAt,
        startEmulator: (options) => createEmulator(options),
      },
    });
    ({ snapshots: this.snapshots, gate: this.loadGate, sandboxes: this.sandboxes } = built);
    this.state.onLoaded(async ({ orgIds, whole }) => {
      if (whole || orgIds.includes(DEMO_ORG_ID)) this.demo = await demoAfterLoad(this.orgs, this.demo);
    });
    // Another instance's load may have replaced the demo organization too (ST-D1).
    this.loadGate.onRemoteEnd(() => {
      void demoAfterLoad(this.orgs, this.demo).then(
        (demo) => (this.demo = demo),
        () => {},
      );
    });
    for (const area of built.areas) this.register(area);

    const serving = createServing({
      answers: this.store.answers,
      controlIds: this.controlIds,
      config,
      contract,
      clock,
      ids,
      orgs,
      wsTokens: this.wsTokens,
      faults,
      metering,
      journal,
      log: this.log,
      redactor: this.redactor,
      sockets: this.sockets,
      contractChecker: this.contractChecker,
      handlers: this.registry.handlers,
      wsHandlers: this.registry.wsHandlers,
      stages: this.registry.stages,
      preHandlerStages: this.registry.preHandlerStages,
      uploadLimits: this.registry.uploadLimits,
      upgradeStages: this.registry.upgradeStages,
      adminRouter: admin.router,
      faultHeader: config.faultHeader ? createFaultHeaderParser(contract, faults) : null,
      latency: this.latency,
      gate: this.loadGate,
    });
    this.proxy = serving.proxy;
    this.replay = serving.replay;
    this.app = serving.app;
    this.handleUpgrade = serving.handleUpgrade;
  }

  /** Plugs an area into the gateway and the admin API: the one way in (src/area/area.ts). */
  register(area: Area): void {
    this.registry.register(area);
  }

  /** Creates the demo organization and its two keys, then lets each area load its boot state. */
  async boot(): Promise<void> {
    if (!this.storeOpened) {
      await this.store.open();
      // The units first: the clock is one, and the shared parts read the time (the due-work queue).
      await this.state.open();
      await this.shared?.open();
      this.storeOpened = true;
    }
    // The previous demo state, whose ids a reset uses again, is undefined at the first boot (`demo!`).
    this.demo = createDemoState(
      { orgs: this.orgs, webhooks: this.webhooks, config: this.config, store: this.store },
      this.demo,
    );
    await this.registry.boot();
    // Config-file fault rules go through the admin operation, so they are validated like POST /faults. They
    // and the boot scenario's stay per instance with a shared store: every instance reads the same ones.
    await this.faults.addLocally(async () => {
      for (const rule of this.config.faults)
        await this.invokeAdmin({ method: 'POST', path: '/faults', body: rule });
      this.scenarios.loadUserScenarios();
      const scenario = this.scenarios.bootScenarioName();
      if (scenario) await this.scenarios.apply(scenario);
    });
    await this.store.settled();
  }

  /** Resolves when every area's background boot work (the demo corpus) is done, failed or not. */
  async ready(): Promise<void> {
    await this.registry.ready();
  }

  /** Each area's boot work by name (`demo_corpus`...), as GET /_emulator/health reports it. */
  bootState(): Record<string, BootState> {
    return this.registry.bootState();
  }

  /** True once all boot work is done and none failed: what `?ready=1` and `--wait-ready` wait for. */
  isReady(): boolean {
    return Object.values(this.bootState()).every((s) => s === 'ready' || s === 'disabled');
  }

  /**
   * Back to the boot state: the clock as the start options set it (unless `keepClock`), same seed, same
   * demo keys, empty journal, no pending timers. Ids keep counting, so none repeats within the process.
   */
  async reset(options: { keepClock?: boolean } = {}): Promise<void> {
    await this.clearState(options);
    await this.boot();
  }

  /** A reset up to its boot: every area empty, no timer, no socket. A whole state load starts from here. */
  async clearState(options: { keepClock?: boolean } = {}): Promise<void> {
    // First, so an unreachable shared store (502) leaves everything as it was; the other instances are told
    // once every area's keys are gone, so none reloads what the reset is removing.
    await this.store.beginReset();
    await this.shared?.reset();
    // Timers are per instance; they go before the clock moves back, so none fires on the way.
    this.clock.clearTimers();
    await this.state.reset({ keepClock: options.keepClock });
    await this.store.endReset();
    this.sockets.closeAll(CLOSE.reset, 'emulator reset');
    this.random.reset();
    await this.registry.reset();
  }

  async listen(port = this.config.port, host = this.config.host): Promise<Listening> {
    const tls = await tlsMaterial(this.config, host);
    const serving = { app: this.app, handleUpgrade: this.handleUpgrade };
    const listening = await listenOn(serving, () => this.controlIds.next('req', 20), port, host, tls).catch(
      (err: unknown) => {
        tls?.dispose();
        throw err;
      },
    );
    this.disposeTls = tls ? () => tls.dispose() : undefined;
    this.server = listening.server;
    this.urls = { baseUrl: listening.baseUrl, adminUrl: listening.adminUrl, caFile: listening.caFile };
    announce(this.store, this.urls.baseUrl);
    return listening;
  }

  async close(): Promise<void> {
    this.sockets.closeAll(CLOSE.goingAway, 'emulator shutting down');
    this.loadGate.dispose();
    // Connections go first: a request still running sees its client gone (its signal aborts) before the
    // worker pool stops under it, so it ends quietly instead of as an unexpected error.
    const server = this.server;
    this.server = undefined;
    const serverClosed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : undefined;
    server?.closeAllConnections();
    await this.registry.close();
    this.clock.dispose();
    for (const [orgId] of this.clocks.owned()) this.clocks.detach(orgId);
    await this.workers.close();
    await this.store.close();
    await serverClosed;
    this.disposeTls?.();
  }
}

/** Builds an emulator with its boot state (demo organization and keys). */
export async function createEmulator(
  options: EmulatorOptions = {},
  overrides: EmulatorOverrides = {},
): Promise<Emulator> {
  assertSupportedNode();
  const emulator = new Emulator(options, overrides);
  try {
    await emulator.boot();
  } catch (err) {
    await emulator.close();
    throw err;
  }
  return emulator;
}
