/**
 * The emulator, the composition root's object: `createEmulator(options)` builds it with its boot state, `listen()`
 * serves it. foundation.ts builds the infrastructure, areas.ts is the one ordered list of areas, registry.ts
 * builds and registers them; serving.ts and demo-state.ts do the rest (docs/architecture.md).
 */
import type { Server } from 'node:http';
// The error catalog: every area's codes registered before anything is built.
import './errors.js';
import type express from 'express';
import { resolveConfig, type EmulatorConfig, type EmulatorOptions } from './config.js';
import type { Contract } from '../contract/emulator-contract.js';
import type { ContractChecker } from '../contract/response-check.js';
import type { Clock } from '../core/clock.js';
import type { IdFactory, Random } from '../core/random.js';
import { assertSupportedNode } from '../core/runtime.js';
import { announce, type StateStore } from '../store/index.js';
import type { StateUnits } from '../store/state-unit.js';
import type { SocketRegistry } from '../http/socket-registry.js';
import { CLOSE } from '../http/ws-close-codes.js';
import type { OperationHandler, WsHandler } from '../http/context.js';
import type { Redactor } from '../observe/redact.js';
import type { RequestLog } from '../observe/request-log.js';
import type { WorkerPool } from '../workers/pool.js';
import { buildFoundation, type EmulatorOverrides } from './foundation.js';
import { loadLatencyProfile } from '../latency/index.js';
import { createFaultHeaderParser } from '../faults/header.js';
import type { Area, AreaParts, BootState } from '../area/area.js';
import { areaList } from './areas.js';
// Every area's declaration of its parts, kept in the library's types (emulator.part(name)).
import './area-parts.js';
import { AreaRegistry } from './registry.js';
import { createAdminEntrances } from '../admin/entrances.js';
import type { AdminInvoker } from '../admin/invoke.js';
import type { ProxyMode, ReplayMode } from '../proxy/index.js';
import { tlsMaterial } from '../http/tls.js';
import { createServing, listenOn, type Listening, type UpgradeHandler } from './serving.js';
import { demoAfterLoad } from './demo-after-load.js';
import { createDemoState, DEMO_ORG_ID, type DemoState } from './demo-state.js';

export { DEMO_ORG_ID, type DemoState } from './demo-state.js';

export type { EmulatorOverrides } from './foundation.js';

export { SERVER_TIMEOUTS } from '../http/server.js';
export { liveCheckers, type Contract } from '../contract/emulator-contract.js';

/**
 * The emulator: its configuration, the infrastructure the areas stand on, and the registry of the areas built
 * from the root's list (areas.ts). An area's parts are reached by the name the area declares them under:
 * `emulator.part('metering')` (src/area/area.ts AreaParts), never as fields of this object.
 */
export class Emulator {
  readonly config: EmulatorConfig;
  /** Where shared state lives (`--store`): memory (default) or Redis (docs/scaling.md). */
  readonly store: StateStore;
  /** The state each area owns, added in the order of the root's list (src/store/state-unit.ts). */
  readonly state: StateUnits;
  readonly random: Random;
  readonly ids: IdFactory;
  /** Request ids of everything but /v1 (admin, health, dashboard): not journaled, not in a snapshot (SN-P2). */
  readonly controlIds: IdFactory;
  /** Display forms for credentials in everything recorded or printed (journal, request log). */
  readonly redactor: Redactor;
  /** The request log; silent unless a sink is given (the CLI writes it to stdout). */
  readonly log: RequestLog;
  /** Heavy work (extraction, decoding, encoding) off the event loop, inside memory and time ceilings. */
  readonly workers: WorkerPool;
  /** The contract self-check (SVC_EMULATOR_CONTRACT_CHECK=1, as in the test suite); off otherwise. */
  readonly contractChecker: ContractChecker | undefined;
  readonly sockets: SocketRegistry;
  readonly contract: Contract;
  private storeOpened = false;
  /** The areas, registered from the root's list (app/areas.ts), and the tables they fill. */
  readonly registry: AreaRegistry;
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
    const f = buildFoundation(this.config, overrides);
    ({
      store: this.store,
      units: this.state,
      random: this.random,
      ids: this.ids,
      controlIds: this.controlIds,
      workers: this.workers,
      redactor: this.redactor,
      log: this.log,
      sockets: this.sockets,
      contract: this.contract,
      contractChecker: this.contractChecker,
    } = f);
    this.startedAt = Date.now();
    this.registry = new AreaRegistry(this.state);
    // The entrances read the handler map at each call, so the areas registered below are found.
    const admin = createAdminEntrances({
      routes: this.contract.admin,
      handlers: this.registry.adminHandlers,
      adminToken: this.config.adminToken,
      store: this.store,
      requestId: () => this.controlIds.next('req', 20),
    });
    this.invokeAdmin = admin.invoke;
    this.registry.build(
      areaList(f, {
        latencyProfile,
        orgSections: this.registry.orgSections,
        onRemoteReset: () => this.sockets.closeAll(CLOSE.reset, 'emulator reset through another instance'),
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
          afterLoad: async ({ orgIds, whole }) => {
            if (whole || orgIds.includes(DEMO_ORG_ID))
              this.demo = await demoAfterLoad(this.part('orgs'), this.demo);
          },
        },
      }),
    );
    const { orgs, loadGate, faults, metering, journal, clock } = this.registry.parts(
      'orgs',
      'loadGate',
      'faults',
      'metering',
      'journal',
      'clock',
    );
    // Another instance's load may have replaced the demo organization too (ST-D1).
    loadGate.onRemoteEnd(() => {
      void demoAfterLoad(orgs, this.demo).then(
        (demo) => (this.demo = demo),
        () => {},
      );
    });

    const { config, contract } = this;
    const serving = createServing({
      answers: this.store.answers,
      controlIds: this.controlIds,
      config,
      contract,
      clock,
      ids: this.ids,
      orgs,
      wsTokens: this.part('wsTokens'),
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
      latency: this.part('latency'),
      gate: loadGate,
    });
    this.proxy = serving.proxy;
    this.replay = serving.replay;
    this.app = serving.app;
    this.handleUpgrade = serving.handleUpgrade;
  }

  /**
   * The emulator's clock, the clock area's part: a stable member of the library (docs/compatibility.md), kept as
   * a getter for it; the other parts are reached through `part()`.
   */
  get clock(): Clock {
    return this.part('clock');
  }

  /** A part an area declared (src/area/area.ts AreaParts): `emulator.part('metering').entries(...)`. */
  part<K extends keyof AreaParts>(name: K): AreaParts[K] {
    return this.registry.part(name);
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
      await this.part('sharedState')?.open();
      this.storeOpened = true;
    }
    // The previous demo state, whose ids a reset uses again, is undefined at the first boot (`demo!`).
    this.demo = createDemoState(
      { ...this.registry.parts('orgs', 'webhooks'), config: this.config, store: this.store },
      this.demo,
    );
    await this.registry.boot();
    // Config-file fault rules go through the admin operation, so they are validated like POST /faults. They
    // and the boot scenario's stay per instance with a shared store: every instance reads the same ones.
    const scenarios = this.part('scenarios');
    await this.part('faults').addLocally(async () => {
      for (const rule of this.config.faults)
        await this.invokeAdmin({ method: 'POST', path: '/faults', body: rule });
      scenarios.loadUserScenarios();
      const scenario = scenarios.bootScenarioName();
      if (scenario) await scenarios.apply(scenario);
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
    await this.part('sharedState')?.reset();
    // Timers are per instance; they go before the clock moves back, so none fires on the way.
    this.part('clock').clearTimers();
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
    this.part('loadGate').dispose();
    // Connections go first: a request still running sees its client gone (its signal aborts) before the
    // worker pool stops under it, so it ends quietly instead of as an unexpected error.
    const server = this.server;
    this.server = undefined;
    const serverClosed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : undefined;
    server?.closeAllConnections();
    // Backwards through the list: the clock area last, its timers and the sandboxes' clocks with it.
    await this.registry.close();
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
