/**
 * The emulator: one object owning the clock, the seeded randomness, the stores, the compiled contract
 * and the product areas. `createEmulator(options)` builds it with its boot state; `listen()` serves it.
 * What it puts together lives in modules beside it, each taking only the parts it uses: side-effects.ts
 * (faults, webhooks, metering), product-areas.ts, admin/admin-wiring.ts, serving.ts and demo-state.ts.
 */
import type { Server } from 'node:http';
// The error catalog: every area's codes registered before anything is built.
import './errors.js';
import type express from 'express';
import { resolveConfig, type EmulatorConfig, type EmulatorOptions } from './config.js';
import { compileContract, contractCheckerFor, type Contract } from '../contract/emulator-contract.js';
import type { ContractChecker } from '../contract/response-check.js';
import { clockStart } from '../core/clock-anchor.js';
import { createClockState, emulatorClock } from '../clock/state.js';
import { Clock } from '../core/clock.js';
import { OrgClocks } from '../core/clocks.js';
import { IdFactory, Random } from '../core/random.js';
import { assertSupportedNode } from '../core/runtime.js';
import { createIdsState } from '../core/ids-state.js';
import { announce, createStateStore, shareState, streamSeed, type StateStore } from '../store/index.js';
import type { SharedState } from '../store/shared-state.js';
import { StateUnits } from '../store/state-unit.js';
import { OrgStore } from '../orgs/store.js';
import { createOrgState } from '../orgs/org-state.js';
import { WsTokenStore } from '../auth/ws-tokens.js';
import { createWsTokenState } from '../auth/ws-token-state.js';
import { Journal } from '../journal/journal.js';
import { createJournalState, journalBounds } from '../journal/state.js';
import { SocketRegistry } from '../http/socket-registry.js';
import { closeSocketsOnKeyEvents } from '../http/key-sockets.js';
import type { MultipartLimits } from '../http/body.js';
import type { OperationHandler, Stage, WsHandler } from '../http/context.js';
import type { WsGatewayDeps } from './ws-gateway.js';
import { Redactor } from '../observe/redact.js';
import { RequestLog, type LogSink } from '../observe/request-log.js';
import { WorkerPool } from '../workers/pool.js';
import { createSideEffectParts } from './side-effects.js';
import type { FaultStore } from '../faults/store.js';
import { faultStage } from '../faults/stage.js';
import { LatencySampler, latencyAdminHandler, latencyStage, loadLatencyProfile } from '../latency/index.js';
import { createFaultHeaderParser } from '../faults/header.js';
import { faultUpgradeStage } from '../faults/websocket.js';
import type { Metering } from '../metering/index.js';
import { creditsOrgView } from '../metering/admin.js';
import { rateLimitStage, rateLimitUpgradeStage } from '../stages/rate-limit.js';
import type { WebhookEngine } from '../webhooks/index.js';
import { Scenarios } from '../scenarios/scenarios.js';
import { createScenariosState } from '../scenarios/state.js';
import type { BootState, ProductArea } from './areas.js';
import { createProductAreas } from './product-areas.js';
import { builtInAdminHandlers, createAdminEntrances } from './admin-wiring.js';
import type { AdminHandler } from '../admin/admin-context.js';
import type { AdminInvoker } from '../admin/invoke.js';
import type { OrgViewPart } from '../orgs/views.js';
import type { ProxyMode, ReplayMode } from '../proxy/index.js';
import { tlsMaterial } from '../http/tls.js';
import { createServing, listenOn, type Listening, type UpgradeHandler } from './serving.js';
import { demoAfterLoad } from './demo-after-load.js';
import { createDemoState, DEMO_ORG_ID, type DemoState } from './demo-state.js';
import { createSandboxesState, wireSandboxes } from '../sandboxes/index.js';
import type { SandboxLookup, SandboxService } from '../sandboxes/index.js';
import { createSnapshots, type LoadGate, type Snapshots } from '../snapshots/index.js';

export { DEMO_ORG_ID, type DemoState } from './demo-state.js';

/** Parts a caller may supply instead of the defaults. */
export interface EmulatorOverrides {
  /**
   * The clock to use (tests freeze it and advance it). With a shared store the clock is the store's, so the
   * emulator's starts from this one's mode, scale and time instead: move it through `emulator.clock`.
   */
  clock?: Clock;
  /** Where request log lines go (the CLI: stdout); without one the emulator logs nothing. */
  logSink?: LogSink;
}

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
  readonly handlers = new Map<string, OperationHandler>();
  readonly wsHandlers = new Map<string, WsHandler>();
  readonly adminHandlers: Map<string, AdminHandler>;
  /** Admin operations run in-process (scenario steps, config-file fault rules): admin/invoke.ts. */
  private readonly invokeAdmin: AdminInvoker;
  readonly uploadLimits = new Map<string, MultipartLimits>();
  readonly stages: Stage[] = [];
  readonly preHandlerStages: Stage[] = [];
  readonly upgradeStages: WsGatewayDeps['upgradeStages'] = [];
  readonly areas: ProductArea[] = [];
  /** The sections areas add to an organization's admin view (`credits`...). */
  readonly orgViewParts: OrgViewPart[] = [];
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
    this.store = createStateStore(this.config);
    // Without --clock-start the clock starts at the wall clock, so a reset starts it at the wall clock again.
    const start = clockStart({
      mode: this.config.clockMode,
      timeScale: this.config.timeScale,
      startAt: this.config.clockStart ? Date.parse(this.config.clockStart) : null,
    });
    this.clock = emulatorClock(this.store, start, overrides.clock);
    // The first unit: it opens before anything reads the time, and a reset puts the clock back (unless
    // keep_clock) before the other areas start over at its time.
    this.state.add(this.clock.timeState);
    const store = this.store;
    this.clocks = new OrgClocks(
      this.clock,
      (id, clockStartAt) => new Clock({ state: createClockState(store, clockStartAt, { id }) }),
    );
    const sandboxes = createSandboxesState(this.store, this.state, {
      clocks: this.clocks,
      seed: this.config.seed,
    });
    this.sandboxLookup = sandboxes.lookup;
    this.startedAt = Date.now();
    this.random = new Random(streamSeed(this.config.seed, this.store));
    this.ids = new IdFactory(streamSeed(this.config.seed, this.store));
    this.controlIds = new IdFactory(`${streamSeed(this.config.seed, this.store)}/control`);
    this.state.add(createIdsState(this.ids, this.random));
    const orgState = this.state.add(createOrgState(this.store));
    this.orgs = new OrgStore(orgState, {
      clock: this.clock,
      ids: this.ids,
      random: this.random,
    });
    this.wsTokens = new WsTokenStore(this.state.add(createWsTokenState(this.store, this.clocks)), {
      clocks: this.clocks,
      random: this.random,
      orgs: this.orgs,
    });
    this.workers = new WorkerPool({
      size: this.config.workers,
      memoryMb: this.config.workerMemoryMb,
      timeMs: this.config.taskTimeoutMs,
    });
    const journalState = createJournalState(this.store, journalBounds(this.config));
    this.journal = new Journal(this.clock, this.state.add(journalState));
    this.redactor = new Redactor(this.config.adminToken);
    const { logLevel, logFormat } = this.config;
    this.log = new RequestLog(logLevel, logFormat, this.redactor, overrides.logSink ?? null);
    this.contract = compileContract();
    this.contractChecker = contractCheckerFor(this.contract);
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
    });
    this.faults = effects.faults;
    this.webhooks = effects.webhooks;
    this.metering = effects.metering;
    this.scenarios = new Scenarios(this.state.add(createScenariosState(this.store)), {
      validators: this.contract.validators,
      config: this.config,
      clock: this.clock,
      invoke: (call) => this.invokeAdmin(call),
      sandboxes: this.sandboxLookup,
      clocks: this.clocks,
      orgs: this.orgs,
      demoOrgId: DEMO_ORG_ID,
    });
    this.shared = shareState(this.store, {
      clock: this.clock,
      onRemoteReset: () => this.sockets.closeAll(1012, 'emulator reset through another instance'),
    });
    this.stages.push(rateLimitStage(this.metering));
    this.preHandlerStages.push(faultStage(this.faults, this.metering, this.contract.gatewayDocument));
    this.latency = latencyProfile && new LatencySampler(latencyProfile, this.random);
    if (this.latency) this.preHandlerStages.push(latencyStage(this.latency));
    this.upgradeStages.push(
      rateLimitUpgradeStage(this.metering),
      faultUpgradeStage(this.faults, this.metering),
    );

    closeSocketsOnKeyEvents(this.orgs, this.sockets);

    this.orgViewParts.push(creditsOrgView(this.metering));
    this.adminHandlers = builtInAdminHandlers({
      bootState: () => this.bootState(),
      isReady: () => this.isReady(),
      reset: (options) => this.reset(options),
      demo: () => this.demo,
      urls: () => this.urls,
      startedAt: this.startedAt,
      startEmulator: (options) => createEmulator(options),
      config: this.config,
      clock: this.clock,
      store: this.store,
      orgs: this.orgs,
      sockets: this.sockets,
      scenarios: this.scenarios,
      contract: this.contract,
      metering: this.metering,
      orgViewParts: this.orgViewParts,
      webhooks: this.webhooks,
      journal: this.journal,
      faults: this.faults,
      // The service is made below, once the admin API it builds organizations through exists.
      sandboxes: this.sandboxLookup,
    });
    this.adminHandlers.set('admin.getLatency', latencyAdminHandler(this.latency));
    const snapshots = createSnapshots({
      units: this.state,
      store: this.store,
      sandboxes: this.sandboxLookup,
      validators: this.contract.validators,
      clearAll: () => this.clearState(),
      keyOwners: orgState,
    });
    this.snapshots = snapshots.snapshots;
    this.state.onLoaded(async ({ orgIds, whole }) => {
      if (whole || orgIds.includes(DEMO_ORG_ID)) this.demo = await demoAfterLoad(this.orgs, this.demo);
    });
    this.loadGate = snapshots.gate;
    // Another instance's load may have replaced the demo organization too (ST-D1).
    this.loadGate.onRemoteEnd(() => {
      void demoAfterLoad(this.orgs, this.demo).then(
        (demo) => (this.demo = demo),
        () => {},
      );
    });
    for (const [id, h] of Object.entries(snapshots.adminHandlers)) this.adminHandlers.set(id, h);
    const admin = createAdminEntrances({
      routes: this.contract.admin,
      handlers: this.adminHandlers,
      adminToken: this.config.adminToken,
      store: this.store,
      requestId: () => this.controlIds.next('req', 20),
    });
    this.invokeAdmin = admin.invoke;
    this.sandboxes = wireSandboxes(this, sandboxes, (call) => this.invokeAdmin(call));
    const { config, clock, ids, orgs, metering, faults, contract, journal } = this;
    const areas = createProductAreas({
      config,
      clock,
      clocks: this.clocks,
      ids,
      orgs,
      wsTokens: this.wsTokens,
      metering,
      webhooks: this.webhooks,
      workers: this.workers,
      faults,
      contract,
      journal,
      store: this.store,
      state: this.state,
      demoOrgId: DEMO_ORG_ID,
    });
    for (const area of areas) this.register(area);

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
      handlers: this.handlers,
      wsHandlers: this.wsHandlers,
      stages: this.stages,
      preHandlerStages: this.preHandlerStages,
      uploadLimits: this.uploadLimits,
      upgradeStages: this.upgradeStages,
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

  /** Plugs a product area's handlers into the gateway and admin API. */
  register(area: ProductArea): void {
    this.areas.push(area);
    this.stages.push(...(area.stages ?? []));
    for (const [id, h] of Object.entries(area.handlers ?? {})) this.handlers.set(id, h);
    for (const [id, h] of Object.entries(area.wsHandlers ?? {})) this.wsHandlers.set(id, h);
    for (const [id, h] of Object.entries(area.adminHandlers ?? {})) this.adminHandlers.set(id, h);
    for (const [id, l] of Object.entries(area.uploadLimits ?? {})) this.uploadLimits.set(id, l);
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
    for (const area of this.areas) await area.boot?.();
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
    await Promise.all(this.areas.map((a) => a.ready?.() ?? Promise.resolve()));
  }

  /** Each area's boot work by name (`demo_corpus`...), as GET /_emulator/health reports it. */
  bootState(): Record<string, BootState> {
    return Object.assign({}, ...this.areas.map((a) => a.bootState?.() ?? {})) as Record<string, BootState>;
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
    this.sockets.closeAll(1012, 'emulator reset');
    this.random.reset();
    this.metering.reset();
    this.faults.reset();
    this.latency?.reset();
    for (const area of this.areas) await area.reset?.();
  }

  async listen(port = this.config.port, host = this.config.host): Promise<Listening> {
    const tls = await tlsMaterial(this.config, host);
    let listening;
    try {
      listening = await listenOn(
        { app: this.app, handleUpgrade: this.handleUpgrade },
        () => this.controlIds.next('req', 20),
        port,
        host,
        tls,
      );
    } catch (err) {
      tls?.dispose();
      throw err;
    }
    this.disposeTls = tls ? () => tls.dispose() : undefined;
    this.server = listening.server;
    this.urls = { baseUrl: listening.baseUrl, adminUrl: listening.adminUrl, caFile: listening.caFile };
    announce(this.store, this.urls.baseUrl);
    return listening;
  }

  async close(): Promise<void> {
    this.sockets.closeAll(1001, 'emulator shutting down');
    this.loadGate.dispose();
    // Connections go first: a request still running sees its client gone (its signal aborts) before the
    // worker pool stops under it, so it ends quietly instead of as an unexpected error.
    const server = this.server;
    this.server = undefined;
    const serverClosed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : undefined;
    server?.closeAllConnections();
    for (const area of this.areas) await area.close?.();
    this.webhooks.close();
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
