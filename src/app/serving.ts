/**
 * What answers on the port: the proxy or replay mode when one is configured, the HTTP app (/v1 and the admin
 * API) and the WebSocket gateway, put together from the parts the composition root built.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { TlsMaterial } from '../http/tls.js';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type express from 'express';
import { buildHttpApp, type HttpAppDeps } from './app.js';
import type { WsTokenStore } from '../auth/ws-tokens.js';
import { checkFrames, type Contract } from '../contract/emulator-contract.js';
import type { ContractChecker } from '../contract/response-check.js';
import type { Clock } from '../core/clock.js';
import type { IdFactory } from '../core/random.js';
import type { FaultHeaderParser } from '../faults/header.js';
import type { FaultStore } from '../faults/store.js';
import { armWsFaults } from '../faults/ws-session-faults.js';
import { armSessionLatency } from '../latency/session.js';
import type { LatencySampler } from '../latency/sampler.js';
import type { Journal } from '../journal/journal.js';
import { createHttpServer } from '../http/server.js';
import type { SocketRegistry } from '../http/socket-registry.js';
import type { V1RouterDeps } from './v1-router.js';
import { createWsGateway, type WsGatewayDeps } from './ws-gateway.js';
import type { Metering } from '../metering/index.js';
import type { Redactor } from '../observe/redact.js';
import type { RequestLog } from '../observe/request-log.js';
import type { OrgStore } from '../orgs/store.js';
import {
  createProxyMode,
  createReplayMode,
  type ProxyMode,
  type ProxyModeDeps,
  type ReplayMode,
} from '../proxy/index.js';

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

export interface ServingDeps {
  /** The request ids of everything but /v1 (app.ts). */
  controlIds: IdFactory;
  config: ProxyModeDeps['config'];
  contract: Contract;
  clock: Clock;
  ids: IdFactory;
  orgs: OrgStore;
  wsTokens: WsTokenStore;
  faults: FaultStore;
  metering: Metering;
  journal: Journal;
  log: RequestLog;
  redactor: Redactor;
  sockets: SocketRegistry;
  contractChecker: ContractChecker | undefined;
  /** The tables the areas fill as they register, read at each request. */
  handlers: V1RouterDeps['handlers'];
  wsHandlers: WsGatewayDeps['handlers'];
  stages: V1RouterDeps['stages'];
  preHandlerStages: V1RouterDeps['preHandlerStages'];
  uploadLimits: V1RouterDeps['uploadLimits'];
  upgradeStages: WsGatewayDeps['upgradeStages'];
  /** The admin API under /_emulator (admin/admin-wiring.ts). */
  adminRouter: HttpAppDeps['adminRouter'];
  /** `--fault-header` (null: off, the header is ignored). */
  faultHeader: FaultHeaderParser | null;
  /** `--latency-profile` (null for `instant`): realtime sessions' first audio and result cadence. */
  latency: LatencySampler | null;
  /** Holds requests while a state load runs. */
  gate: HttpAppDeps['gate'];
  /** With a shared store: the answers whose effects are not written yet. */
  answers: HttpAppDeps['answers'];
}

export interface Serving {
  /** Proxy mode (`--proxy-to`): /v1 goes to the upstream gateway; null when emulating. */
  proxy: ProxyMode | null;
  /** Replay mode (`--replay`): recorded exchanges answered before the handlers. */
  replay: ReplayMode | null;
  app: express.Express;
  handleUpgrade: UpgradeHandler;
}

export function createServing(deps: ServingDeps): Serving {
  const { config, contract, clock, faults, metering, journal, ids, orgs } = deps;
  const proxy = createProxyMode({
    config,
    contract,
    clock,
    faults,
    metering,
    journal,
    sockets: deps.sockets,
  });
  const replay = createReplayMode({ config, routes: contract.gateway });
  const app = buildHttpApp({
    contract,
    v1: {
      orgs,
      handlers: deps.handlers,
      stages: deps.stages,
      preHandlerStages: deps.preHandlerStages,
      uploadLimits: deps.uploadLimits,
      proxy: proxy?.http ?? null,
      replay: replay?.http ?? null,
      faultHeader: deps.faultHeader,
    },
    adminRouter: deps.adminRouter,
    ids,
    controlIds: deps.controlIds,
    clock,
    journal,
    log: deps.log,
    redactor: deps.redactor,
    metering,
    contractChecker: deps.contractChecker,
    gate: deps.gate,
    answers: deps.answers,
  });
  const handleUpgrade = createWsGateway({
    routes: contract.gateway,
    orgs,
    wsTokens: deps.wsTokens,
    ids,
    journal,
    log: deps.log,
    redactor: deps.redactor,
    sockets: deps.sockets,
    handlers: deps.wsHandlers,
    upgradeStages: deps.upgradeStages,
    maxPayloadBytes: 1024 * 1024,
    proxy: proxy?.ws ?? null,
    replay: replay?.ws ?? null,
    faultHeader: deps.faultHeader,
    onSession: (ws, ctx) => {
      ws.once('close', () => metering.releaseReservations(ctx.principal));
      armWsFaults(faults, ws, ctx);
      if (deps.latency) armSessionLatency(deps.latency, ws, ctx);
      // A replayed session sends the gateway's recorded frames: drift, not the emulator, judges them.
      if (deps.contractChecker && ctx.journal.replayed === undefined) {
        deps.contractChecker.sessionOpened(ctx.operation);
        checkFrames(deps.contractChecker, ws, ctx);
      }
    },
    now: () => clock.now(),
  });
  // Upgrades wait for a state load as requests do (decision ST-G1): one boolean test when none runs.
  const gate = deps.gate;
  const gatedUpgrade: UpgradeHandler = (req, socket, head) => {
    if (gate.closed) return gate.wait(() => handleUpgrade(req, socket, head));
    handleUpgrade(req, socket, head);
  };
  return { proxy, replay, app, handleUpgrade: gatedUpgrade };
}

export interface Listening {
  server: Server;
  port: number;
  baseUrl: string;
  adminUrl: string;
  /** With `--tls`: the generated CA's PEM file. */
  caFile: string | null;
}

/** Serves the app and the WebSocket gateway on one HTTP (or HTTPS) server, and says the URLs to reach it by. */
export async function listenOn(
  serving: Pick<Serving, 'app' | 'handleUpgrade'>,
  requestId: () => string,
  port: number,
  host: string,
  tls: TlsMaterial | null = null,
): Promise<Listening> {
  const server = createHttpServer(serving.app, serving.handleUpgrade, requestId, tls);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  const scheme = tls ? 'https' : 'http';
  return {
    server,
    port: actualPort,
    baseUrl: `${scheme}://${urlHost}:${actualPort}/v1`,
    adminUrl: `${scheme}://${urlHost}:${actualPort}/_emulator`,
    caFile: tls?.caFile ?? null,
  };
}
