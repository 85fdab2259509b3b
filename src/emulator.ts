/**
 * The emulator: one object owning the clock, the seeded randomness, the stores, the compiled contract
 * and the product areas. `createEmulator(options)` builds it with its boot state; `listen()` serves it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type express from 'express';
import { billingAdminHandlers } from './admin/billing-handlers.js';
import { clockAdminHandlers } from './admin/clock-handlers.js';
import { coreAdminHandlers } from './admin/core-handlers.js';
import { webhookAdminHandlers } from './admin/webhook-handlers.js';
import { uiAdminHandlers } from './admin/ui-handlers.js';
import type { AdminHandler } from './admin/admin-context.js';
import { buildHttpApp } from './app.js';
import type { ProductArea } from './areas.js';
import { WsTokenStore } from './auth/ws-tokens.js';
import { resolveConfig, type EmulatorConfig, type EmulatorOptions } from './config.js';
import { compileDocument, compileSchema, createValidators, type RouteTable, type Validators } from './contract/compile.js';
import { ADMIN_DOC_ID, GATEWAY_DOC_ID, loadDocuments, type OpenApiDocument } from './contract/documents.js';
import { Clock } from './core/clock.js';
import { ContractChecker } from './contract/response-check.js';
import { IdFactory, Random } from './core/random.js';
import type { MultipartLimits } from './http/body.js';
import type { WebSocket } from 'ws';
import type { OperationHandler, Stage, WsContext, WsHandler } from './http/context.js';
import { Journal } from './http/journal.js';
import { SocketRegistry } from './http/socket-registry.js';
import { ApiError } from './http/errors.js';
import { createWsGateway, writeProblemToSocket } from './http/ws-gateway.js';
import { ALL_SCOPES, OrgStore } from './orgs/store.js';
import { authArea } from './auth/auth-area.js';
import { Metering } from './metering/index.js';
import { REGISTRABLE_EVENTS, WebhookEngine } from './webhooks/index.js';
import { rateLimitStage, rateLimitUpgradeStage } from './stages/rate-limit.js';
import { FaultStore } from './faults/store.js';
import { faultStage } from './faults/stage.js';
import { armWsCloseFault, faultUpgradeStage } from './faults/websocket.js';
import { webhookFaultHook } from './faults/webhooks.js';
import { faultAdminHandlers } from './faults/admin.js';
import { scenarioAdminHandlers } from './scenarios/admin.js';
import { reportAdminHandlers } from './report/admin.js';
import { applyScenario } from './scenarios/scenarios.js';
import { invokeAdmin } from './admin/invoke.js';
import { createRagArea } from './rag/index.js';
import { createSttArea } from './stt/index.js';
import { createTtsArea } from './tts/index.js';
import { createProxyMode, createReplayMode, type ProxyMode, type ReplayMode } from './proxy/index.js';
import { driftAdminHandlers } from './proxy/admin.js';

export const DEMO_ORG_ID = 'org_demo';

/** The HTTP server's limits on slow clients, in wall time. */
export const SERVER_TIMEOUTS = {
  headersMs: 10_000,
  requestMs: 120_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 1_000,
} as const;

export interface DemoState {
  orgId: string;
  keys: { live: string; test: string };
  keyIds: { live: string; test: string };
}

export interface Contract {
  gatewayDocument: OpenApiDocument;
  adminDocument: OpenApiDocument;
  gateway: RouteTable;
  admin: RouteTable;
  validators: Validators;
  /** A validator for a named schema of the gateway document (WebSocket frames...). */
  schema(name: string): ReturnType<typeof compileSchema>;
}

export class Emulator {
  readonly config: EmulatorConfig;
  readonly clock: Clock;
  readonly random: Random;
  readonly ids: IdFactory;
  readonly orgs: OrgStore;
  readonly wsTokens: WsTokenStore;
  readonly journal: Journal;
  readonly metering: Metering;
  readonly webhooks: WebhookEngine;
  readonly faults: FaultStore;
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
  /** Proxy mode (`--proxy-to`): /v1 goes to the upstream gateway; null when emulating. */
  readonly proxy: ProxyMode | null;
  /** Replay mode (`--replay`): recorded exchanges answered before the handlers. */
  readonly replay: ReplayMode | null;
  readonly app: express.Express;
  readonly handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  demo!: DemoState;
  readonly startedAt: number;
  private server: Server | undefined;

  constructor(options: EmulatorOptions = {}, overrides: { clock?: Clock } = {}) {
    this.config = resolveConfig(options);
    this.clock =
      overrides.clock ??
      new Clock({
        mode: this.config.clockMode,
        timeScale: this.config.timeScale,
        startAt: this.config.clockStart ? Date.parse(this.config.clockStart) : undefined,
      });
    this.startedAt = Date.now();
    this.random = new Random(this.config.seed);
    this.ids = new IdFactory(this.config.seed);
    this.orgs = new OrgStore({ clock: this.clock, ids: this.ids, random: this.random });
    this.wsTokens = new WsTokenStore({ clock: this.clock, random: this.random, orgs: this.orgs });
    this.journal = new Journal(this.clock, this.config.journalLimit);
    this.contract = compileContract();
    this.contractChecker =
      process.env.SVC_EMULATOR_CONTRACT_CHECK === '1'
        ? new ContractChecker(this.contract.validators, [
            { id: GATEWAY_DOC_ID, doc: this.contract.gatewayDocument, routes: this.contract.gateway, prefix: '/v1' },
            { id: ADMIN_DOC_ID, doc: this.contract.adminDocument, routes: this.contract.admin, prefix: '/_emulator' },
          ])
        : undefined;
    if (this.contractChecker) liveCheckers.add(this.contractChecker);
    this.webhooks = new WebhookEngine({ clock: this.clock, ids: this.ids, random: this.random });
    this.metering = new Metering({
      clock: this.clock,
      ids: this.ids,
      emit: (orgId, event, data, livemode) => this.webhooks.emit(orgId, event, data, { livemode }),
      prices: this.config.prices,
      defaults: {
        orgGrants: { [DEMO_ORG_ID]: this.config.demo.credits },
        testQuotas: this.config.testQuotas,
        rateLimits: this.config.rateLimits,
      },
    });
    this.faults = new FaultStore({ clock: this.clock, ids: this.ids, random: this.random });
    this.stages.push(rateLimitStage(this.metering));
    this.preHandlerStages.push(faultStage(this.faults, this.metering));
    this.upgradeStages.push(rateLimitUpgradeStage(this.metering), faultUpgradeStage(this.faults, this.metering));
    this.webhooks.beforeAttempt = webhookFaultHook(this.faults, this.webhooks);

    this.orgs.onEvent((event) => {
      if (event.type === 'key.revoked') this.sockets.closeForKey(event.key.id, 4001, 'the API key was revoked');
    });

    for (const table of [coreAdminHandlers, clockAdminHandlers, billingAdminHandlers, webhookAdminHandlers, faultAdminHandlers, scenarioAdminHandlers, reportAdminHandlers, uiAdminHandlers, driftAdminHandlers]) {
      for (const [id, handler] of Object.entries(table)) this.adminHandlers.set(id, handler);
    }
    this.register(authArea(this));
    this.register(createTtsArea(this));
    this.register(createSttArea(this));
    this.register(createRagArea(this));

    this.proxy = createProxyMode(this);
    this.replay = createReplayMode(this);
    this.app = buildHttpApp(this);
    this.handleUpgrade = createWsGateway({
      routes: this.contract.gateway,
      orgs: this.orgs,
      wsTokens: this.wsTokens,
      ids: this.ids,
      journal: this.journal,
      sockets: this.sockets,
      handlers: this.wsHandlers,
      upgradeStages: this.upgradeStages,
      maxPayloadBytes: 1024 * 1024,
      proxy: this.proxy?.ws ?? null,
      replay: this.replay?.ws ?? null,
      onSession: (ws, ctx) => {
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
    for (const [id, h] of Object.entries(area.handlers ?? {})) this.handlers.set(id, h);
    for (const [id, h] of Object.entries(area.wsHandlers ?? {})) this.wsHandlers.set(id, h);
    for (const [id, h] of Object.entries(area.adminHandlers ?? {})) this.adminHandlers.set(id, h);
    for (const [id, l] of Object.entries(area.uploadLimits ?? {})) this.uploadLimits.set(id, l);
  }

  /** Creates the demo organization and its two keys, then lets each area load its boot state. */
  async boot(): Promise<void> {
    const org = this.orgs.createOrg({ id: DEMO_ORG_ID, name: 'Demo Organization', ragEntitled: true });
    const live = this.orgs.createKey(org.id, { environment: 'live', scopes: ALL_SCOPES, name: 'demo live key' });
    const test = this.orgs.createKey(org.id, { environment: 'test', scopes: ALL_SCOPES, name: 'demo test key' });
    this.demo = {
      orgId: org.id,
      keys: { live: live.secret, test: test.secret },
      keyIds: { live: live.record.id, test: test.record.id },
    };
    if (this.config.webhookUrl) {
      this.webhooks.endpoints.create(org.id, { url: this.config.webhookUrl, events: [...REGISTRABLE_EVENTS] });
    }
    for (const area of this.areas) await area.boot?.();
    // Config-file fault rules go through the admin operation, so they are validated like POST /faults.
    for (const rule of this.config.faults) await invokeAdmin(this, { method: 'POST', path: '/faults', body: rule });
    if (this.config.scenario) await applyScenario(this, this.config.scenario);
  }

  /** Resolves when every area's background boot work (the demo corpus) is done. */
  async ready(): Promise<void> {
    await Promise.all(this.areas.map((a) => a.ready?.() ?? Promise.resolve()));
  }

  /** Back to the boot state: same seed, same demo keys, empty journal, no pending timers. */
  async reset(): Promise<void> {
    this.sockets.closeAll(1012, 'emulator reset');
    this.clock.clearTimers();
    this.random.reset();
    this.ids.reset();
    this.orgs.clear();
    this.wsTokens.clear();
    this.journal.clear();
    this.metering.reset();
    this.webhooks.reset();
    this.faults.reset();
    for (const area of this.areas) await area.reset?.();
    await this.boot();
  }

  async listen(port = this.config.port, host = this.config.host): Promise<{ server: Server; port: number; baseUrl: string; adminUrl: string }> {
    // Node checks the header and request deadlines every `connectionsCheckingInterval` (default 30 s); 1 s keeps
    // a slowloris socket from lingering long past its deadline.
    const server = createServer({ connectionsCheckingInterval: SERVER_TIMEOUTS.checkIntervalMs }, this.app);
    server.on('upgrade', (req, socket, head) => this.handleUpgrade(req, socket, head));
    // Bytes Node cannot parse as HTTP (garbage after a body shorter than its Content-Length, a broken
    // header) still get a Problem, not Node's bare 400.
    server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
      if (!err.code?.startsWith('HPE_') || !socket.writable) {
        socket.destroy();
        return;
      }
      writeProblemToSocket(socket, new ApiError('malformed_request', `not a valid HTTP request (${err.code})`), this.ids.next('req', 20));
    });
    // Slow or stuck clients must not hold the server (docs/benchmarks.md, "Slow clients"): 10 s for the
    // headers, 120 s for the whole request (a 25 MiB upload at about 2 Mbit/s).
    server.headersTimeout = SERVER_TIMEOUTS.headersMs;
    server.requestTimeout = SERVER_TIMEOUTS.requestMs;
    server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveMs;
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
    return {
      server,
      port: actualPort,
      baseUrl: `http://${urlHost}:${actualPort}/v1`,
      adminUrl: `http://${urlHost}:${actualPort}/_emulator`,
    };
  }

  async close(): Promise<void> {
    this.sockets.closeAll(1001, 'emulator shutting down');
    for (const area of this.areas) await area.close?.();
    this.webhooks.reset();
    this.clock.dispose();
    const server = this.server;
    this.server = undefined;
    if (server) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
  }
}

let compiled: Contract | undefined;

/** The contract is immutable, so it is compiled once per process and shared by every emulator. */
function compileContract(): Contract {
  if (compiled) return compiled;
  const docs = loadDocuments();
  const validators = createValidators({ [GATEWAY_DOC_ID]: docs.gateway, [ADMIN_DOC_ID]: docs.admin });
  const schemas = new Map<string, ReturnType<typeof compileSchema>>();
  compiled = {
    gatewayDocument: docs.gateway,
    adminDocument: docs.admin,
    gateway: compileDocument(docs.gateway, GATEWAY_DOC_ID, validators, { basePath: '/v1' }),
    admin: compileDocument(docs.admin, ADMIN_DOC_ID, validators, { basePath: '' }),
    validators,
    schema(name) {
      let v = schemas.get(name);
      if (!v) schemas.set(name, (v = compileSchema(validators, GATEWAY_DOC_ID, name)));
      return v;
    },
  };
  return compiled;
}

/** Builds an emulator with its boot state (demo organization and keys). */
export async function createEmulator(options: EmulatorOptions = {}, overrides: { clock?: Clock } = {}): Promise<Emulator> {
  const emulator = new Emulator(options, overrides);
  await emulator.boot();
  return emulator;
}

/** Every checker of this process, so a test hook can fail the test that produced a violation. */
export const liveCheckers = new Set<ContractChecker>();

function checkFrames(checker: ContractChecker, ws: WebSocket, ctx: WsContext): void {
  const send = ws.send.bind(ws);
  ws.send = ((data: any, ...rest: any[]) => {
    if (typeof data === 'string') checker.checkFrame(ctx.operation, data);
    return (send as any)(data, ...rest);
  }) as typeof ws.send;
}
