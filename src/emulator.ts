/**
 * The emulator: one object owning the clock, the seeded randomness, the stores, the compiled contract
 * and the product areas. `createEmulator(options)` builds it with its boot state; `listen()` serves it.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type express from 'express';
import { clockAdminHandlers } from './admin/clock-handlers.js';
import { coreAdminHandlers } from './admin/core-handlers.js';
import { uiAdminHandlers } from './admin/ui-handlers.js';
import type { AdminHandler } from './admin/admin-context.js';
import type { OrgViewPart } from './admin/views.js';
import { buildHttpApp } from './app.js';
import type { BootState, ProductArea } from './areas.js';
import { WsTokenStore } from './auth/ws-tokens.js';
import { createWsTokenState } from './auth/ws-token-state.js';
import { resolveConfig, type EmulatorConfig, type EmulatorOptions } from './config.js';
import {
  checkFrames,
  compileContract,
  contractCheckerFor,
  type Contract,
} from './contract/emulator-contract.js';
import type { Clock } from './core/clock.js';
import { clockStart } from './core/clock-anchor.js';
import { emulatorClock } from './core/clock-state.js';
import type { ContractChecker } from './contract/response-check.js';
import { IdFactory, Random } from './core/random.js';
import type { MultipartLimits } from './http/body.js';
import type { OperationHandler, Stage, WsHandler } from './http/context.js';
import { Journal } from './http/journal.js';
import { createJournalState } from './http/journal-state.js';
import { SocketRegistry } from './http/socket-registry.js';
import { createWsGateway } from './http/ws-gateway.js';
import { createHttpServer } from './http/server.js';
import { ALL_SCOPES, OrgStore } from './orgs/store.js';
import { createOrgState } from './orgs/org-state.js';
import { authArea } from './auth/auth-area.js';
import { createBillingState, createRateLimitState, Metering } from './metering/index.js';
import { AttemptMaker, REGISTRABLE_EVENTS, WebhookEngine, createWebhookState } from './webhooks/index.js';
import { checkEndpointUrl } from './webhooks/endpoint-url.js';
import { rateLimitStage, rateLimitUpgradeStage } from './stages/rate-limit.js';
import { FaultStore } from './faults/store.js';
import { createFaultRulesState } from './faults/fault-rules-state.js';
import { faultStage } from './faults/stage.js';
import { armWsCloseFault, faultUpgradeStage } from './faults/websocket.js';
import { webhookFaultHook } from './faults/webhooks.js';
import { faultAdminHandlers } from './faults/admin.js';
import { creditsOrgView, meteringAdminHandlers } from './metering/admin.js';
import { webhookAdminHandlers } from './webhooks/admin.js';
import { scenarioAdminHandlers } from './scenarios/admin.js';
import { reportAdminHandlers } from './report/admin.js';
import { Scenarios } from './scenarios/scenarios.js';
import { createScenariosState } from './scenarios/scenarios-state.js';
import { invokeAdmin } from './admin/invoke.js';
import { createRagArea } from './rag/index.js';
import { createRagState } from './rag/rag-state.js';
import { createSttArea, createSttJobsState } from './stt/index.js';
import { createTtsArea } from './tts/index.js';
import { WorkerPool } from './workers/pool.js';
import { Redactor } from './observe/redact.js';
import { RequestLog, type LogSink } from './observe/request-log.js';
import { observeWebhooksAndLedger } from './observe/links.js';
import { createProxyMode, createReplayMode, type ProxyMode, type ReplayMode } from './proxy/index.js';
import { driftAdminHandlers } from './proxy/admin.js';
import { announce, createStateStore, shareState, streamSeed, type StateStore } from './store/index.js';
import { StateUnits } from './store/state-unit.js';
import type { SharedState } from './store/shared-state.js';

export const DEMO_ORG_ID = 'org_demo';

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

export { SERVER_TIMEOUTS } from './http/server.js';
export { liveCheckers, type Contract } from './contract/emulator-contract.js';

export interface DemoState {
  orgId: string;
  keys: { live: string; test: string };
  keyIds: { live: string; test: string };
  /** The endpoint registered by `--webhook-url`, with its signing secret. */
  webhookEndpoint?: { id: string; secret: string };
}

export class Emulator {
  readonly config: EmulatorConfig;
  readonly clock: Clock;
  readonly random: Random;
  readonly ids: IdFactory;
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
  /** The built-in, file and registered scenarios, and the one applied last. */
  readonly scenarios: Scenarios;
  /** Heavy work (extraction, decoding, encoding) off the event loop, inside memory and time ceilings. */
  readonly workers: WorkerPool;
  /** The contract self-check (SVC_EMULATOR_CONTRACT_CHECK=1, as in the test suite); off otherwise. */
  readonly contractChecker: ContractChecker | undefined;
  readonly sockets = new SocketRegistry();
  readonly contract: Contract;
  readonly handlers = new Map<string, OperationHandler>();
  readonly wsHandlers = new Map<string, WsHandler>();
  readonly adminHandlers = new Map<string, AdminHandler>();
  readonly uploadLimits = new Map<string, MultipartLimits>();
  readonly stages: Stage[] = [];
  readonly preHandlerStages: Stage[] = [];
  readonly upgradeStages: Parameters<typeof createWsGateway>[0]['upgradeStages'] = [];
  readonly areas: ProductArea[] = [];
  /** The sections areas add to an organization's admin view (`credits`...). */
  readonly orgViewParts: OrgViewPart[] = [];
  /** Proxy mode (`--proxy-to`): /v1 goes to the upstream gateway; null when emulating. */
  readonly proxy: ProxyMode | null;
  /** Replay mode (`--replay`): recorded exchanges answered before the handlers. */
  readonly replay: ReplayMode | null;
  readonly app: express.Express;
  readonly handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  demo!: DemoState;
  /** Set by `listen()`: the real base and admin URLs. */
  urls: { baseUrl: string; adminUrl: string } | undefined;
  readonly startedAt: number;
  private server: Server | undefined;

  constructor(options: EmulatorOptions = {}, overrides: EmulatorOverrides = {}) {
    this.config = resolveConfig(options);
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
    this.startedAt = Date.now();
    this.random = new Random(streamSeed(this.config.seed, this.store));
    this.ids = new IdFactory(streamSeed(this.config.seed, this.store));
    this.orgs = new OrgStore(this.state.add(createOrgState(this.store)), {
      clock: this.clock,
      ids: this.ids,
      random: this.random,
    });
    this.wsTokens = new WsTokenStore(this.state.add(createWsTokenState(this.store, this.clock)), {
      clock: this.clock,
      random: this.random,
      orgs: this.orgs,
    });
    this.workers = new WorkerPool({
      size: this.config.workers,
      memoryMb: this.config.workerMemoryMb,
      timeMs: this.config.taskTimeoutMs,
    });
    const journalBounds = {
      capacity: this.config.journalLimit,
      maxBytes: Math.round(this.config.journalMaxMb * 1024 * 1024),
    };
    this.journal = new Journal(this.clock, this.state.add(createJournalState(this.store, journalBounds)));
    this.redactor = new Redactor(this.config.adminToken);
    this.log = new RequestLog(
      this.config.logLevel,
      this.config.logFormat,
      this.redactor,
      overrides.logSink ?? null,
    );
    this.contract = compileContract();
    this.contractChecker = contractCheckerFor(this.contract);
    const webhookAttempts = new AttemptMaker({ clock: this.clock, signatureTime: this.config.signatureTime });
    const webhookState = createWebhookState(this.store, { clock: this.clock, attempts: webhookAttempts });
    this.state.add(webhookState.endpoints);
    this.state.add(webhookState.deliveries);
    this.webhooks = new WebhookEngine({
      clock: this.clock,
      ids: this.ids,
      random: this.random,
      state: { ...webhookState, attempts: webhookAttempts },
      // With a shared store every instance derives the --webhook-url endpoint from the seed alone, so all make the same one.
      bootSeed: this.store.shared ? this.config.seed : undefined,
    });
    this.metering = new Metering({
      clock: this.clock,
      ids: this.ids,
      emit: (orgId, event, data, livemode) => this.webhooks.emit(orgId, event, data, { livemode }),
      state: this.state.add(createBillingState(this.store)),
      rateLimits: this.state.add(createRateLimitState(this.store)),
      prices: this.config.prices,
      defaults: {
        orgGrants: { [DEMO_ORG_ID]: this.config.demo.credits },
        testQuotas: this.config.testQuotas,
        rateLimits: this.config.rateLimits,
      },
    });
    this.faults = new FaultStore(this.state.add(createFaultRulesState(this.store)), {
      clock: this.clock,
      ids: this.ids,
      random: this.random,
      documents: (operationId, status) => this.contract.gateway.documents(operationId, status),
    });
    this.scenarios = new Scenarios(this.state.add(createScenariosState(this.store)), {
      validators: this.contract.validators,
      config: this.config,
      clock: this.clock,
      invoke: (call) => invokeAdmin(this, call),
    });
    this.shared = shareState(this.store, {
      clock: this.clock,
      onRemoteReset: () => this.sockets.closeAll(1012, 'emulator reset through another instance'),
    });
    this.stages.push(rateLimitStage(this.metering));
    this.preHandlerStages.push(faultStage(this.faults, this.metering));
    this.upgradeStages.push(
      rateLimitUpgradeStage(this.metering),
      faultUpgradeStage(this.faults, this.metering),
    );
    this.webhooks.beforeAttempt = webhookFaultHook(this.faults);
    observeWebhooksAndLedger(this);

    this.orgs.onEvent((event) => {
      if (event.type === 'key.revoked')
        this.sockets.closeForKey(event.key.id, 4001, 'the API key was revoked');
      if (event.type === 'org.removed')
        this.sockets.closeForKeys(event.keyIds, 1012, 'the organization was reset');
    });

    this.orgViewParts.push(creditsOrgView(this.metering));
    const meteringAdmin = meteringAdminHandlers({
      orgs: this.orgs,
      metering: this.metering,
      webhooks: this.webhooks,
    });
    const webhookAdmin = webhookAdminHandlers({
      orgs: this.orgs,
      webhooks: this.webhooks,
      clock: this.clock,
    });
    // The drift report starts an emulator of its own: createEmulator is handed in, so proxy/ imports no emulator.ts.
    const driftAdmin = driftAdminHandlers({
      start: (options) => createEmulator(options),
      config: this.config,
    });
    for (const table of [
      coreAdminHandlers,
      clockAdminHandlers(this.clock),
      meteringAdmin,
      webhookAdmin,
      faultAdminHandlers,
      scenarioAdminHandlers,
      reportAdminHandlers,
      uiAdminHandlers,
      driftAdmin,
    ]) {
      for (const [id, handler] of Object.entries(table)) this.adminHandlers.set(id, handler);
    }
    this.register(authArea(this));
    this.register(createTtsArea(this));
    this.register(createSttArea(this, this.state.add(createSttJobsState(this.store))));
    this.register(createRagArea(this, this.state.add(createRagState(this.store))));

    this.proxy = createProxyMode(this);
    this.replay = createReplayMode(this);
    this.app = buildHttpApp(this);
    this.handleUpgrade = createWsGateway({
      routes: this.contract.gateway,
      orgs: this.orgs,
      wsTokens: this.wsTokens,
      ids: this.ids,
      journal: this.journal,
      log: this.log,
      redactor: this.redactor,
      sockets: this.sockets,
      handlers: this.wsHandlers,
      upgradeStages: this.upgradeStages,
      maxPayloadBytes: 1024 * 1024,
      proxy: this.proxy?.ws ?? null,
      replay: this.replay?.ws ?? null,
      onSession: (ws, ctx) => {
        ws.once('close', () => this.metering.releaseReservations(ctx.principal));
        armWsCloseFault(this.faults, ws, ctx);
        // A replayed session sends the gateway's recorded frames: drift, not the emulator, judges them.
        if (this.contractChecker && ctx.journal.replayed === undefined) {
          this.contractChecker.sessionOpened(ctx.operation);
          checkFrames(this.contractChecker, ws, ctx);
        }
      },
      now: () => this.clock.now(),
    });
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
    // The demo keys and the --webhook-url endpoint keep their ids across resets (the seeded randomness starts
    // over, so their secrets are the same too); every other id keeps counting (IdFactory).
    if (!this.storeOpened) {
      await this.store.open();
      // The units first: the clock is one, and the shared parts read the time (the due-work queue).
      await this.state.open();
      await this.shared?.open();
      this.storeOpened = true;
    }
    const previous = this.demo as DemoState | undefined;
    // With a shared store every instance derives the demo keys from the seed alone, so all agree on them.
    const demoSource = this.store.shared
      ? { random: new Random(this.config.seed), ids: new IdFactory(this.config.seed) }
      : undefined;
    const org =
      this.orgs.getOrg(DEMO_ORG_ID) ??
      this.orgs.createOrg({ id: DEMO_ORG_ID, name: 'Demo Organization', ragEntitled: true });
    const demoKey = (environment: 'live' | 'test', id: string | undefined) =>
      this.orgs.createKey(org.id, {
        environment,
        scopes: ALL_SCOPES,
        name: `demo ${environment} key`,
        id: id ?? demoSource?.ids.next('key', 16),
        random: demoSource?.random,
      });
    const live = demoKey('live', previous?.keyIds.live);
    const test = demoKey('test', previous?.keyIds.test);
    this.demo = {
      orgId: org.id,
      keys: { live: live.secret, test: test.secret },
      keyIds: { live: live.record.id, test: test.record.id },
    };
    if (this.config.webhookUrl) {
      const url = checkEndpointUrl(this.config.webhookUrl, '--webhook-url');
      const endpoint = this.webhooks.endpoints.create(org.id, {
        url,
        events: [...REGISTRABLE_EVENTS],
        id: previous?.webhookEndpoint?.id,
      });
      this.demo.webhookEndpoint = { id: endpoint.id, secret: endpoint.secret };
    }
    for (const area of this.areas) await area.boot?.();
    // Config-file fault rules go through the admin operation, so they are validated like POST /faults. They
    // and the boot scenario's stay per instance with a shared store: every instance reads the same ones.
    await this.faults.addLocally(async () => {
      for (const rule of this.config.faults)
        await invokeAdmin(this, { method: 'POST', path: '/faults', body: rule });
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
    for (const area of this.areas) await area.reset?.();
    await this.boot();
  }

  async listen(
    port = this.config.port,
    host = this.config.host,
  ): Promise<{ server: Server; port: number; baseUrl: string; adminUrl: string }> {
    const server = createHttpServer(
      this.app,
      (req, socket, head) => this.handleUpgrade(req, socket, head),
      () => this.ids.next('req', 20),
    );
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    const actualPort = (server.address() as AddressInfo).port;
    const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
    this.urls = {
      baseUrl: `http://${urlHost}:${actualPort}/v1`,
      adminUrl: `http://${urlHost}:${actualPort}/_emulator`,
    };
    announce(this.store, this.urls.baseUrl);
    return { server, port: actualPort, ...this.urls };
  }

  async close(): Promise<void> {
    this.sockets.closeAll(1001, 'emulator shutting down');
    // Connections go first: a request still running sees its client gone (its signal aborts) before the
    // worker pool stops under it, so it ends quietly instead of as an unexpected error.
    const server = this.server;
    this.server = undefined;
    const serverClosed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : undefined;
    server?.closeAllConnections();
    for (const area of this.areas) await area.close?.();
    this.webhooks.close();
    this.clock.dispose();
    await this.workers.close();
    await this.store.close();
    await serverClosed;
  }
}

/** Builds an emulator with its boot state (demo organization and keys). */
export async function createEmulator(
  options: EmulatorOptions = {},
  overrides: EmulatorOverrides = {},
): Promise<Emulator> {
  const emulator = new Emulator(options, overrides);
  try {
    await emulator.boot();
  } catch (err) {
    await emulator.close();
    throw err;
  }
  return emulator;
}
