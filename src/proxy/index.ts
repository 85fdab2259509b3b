/**
 * The contract proxy (docs/proxy.md): proxy mode (`--proxy-to`, with `--record`), replay (`--replay`) and
 * the drift report (`svc-emulator drift`, `POST /_emulator/drift`). The emulator plugs these into its
 * pipeline; nothing here reaches into the product areas.
 */
import type { EmulatorConfig } from '../app/config.js';
import { ConfigError } from '../core/config-error.js';
import type { RouteTable } from '../contract/compile.js';
import type { Contract } from '../contract/emulator-contract.js';
import type { Clock } from '../core/clock.js';
import type { FaultStore } from '../faults/store.js';
import type { Journal } from '../journal/journal.js';
import type { SocketRegistry } from '../http/socket-registry.js';
import type { Metering } from '../metering/index.js';
import { ProxyContract } from './contract.js';
import { createHttpProxy, type HttpProxy } from './http-proxy.js';
import { Recorder } from './recorder.js';
import { createReplay, type ReplayStage } from './replay.js';
import { parseUpstream } from './upstream.js';
import { createWsProxy, type WsProxy } from './ws-proxy.js';
import { createWsReplay, type WsReplay } from './ws-replay.js';
import type { Area } from '../area/area.js';
import { driftAdminHandlers, type DriftAdminDeps } from './admin.js';

export interface ProxyMode {
  http: HttpProxy;
  ws: WsProxy;
  recorder: Recorder | null;
}

export interface ProxyModeDeps {
  config: Pick<EmulatorConfig, 'proxyTo' | 'record' | 'replay' | 'proxyTimeoutMs'>;
  contract: Contract;
  clock: Clock;
  faults: FaultStore;
  metering: Metering;
  journal: Journal;
  sockets: SocketRegistry;
}

export function createProxyMode(deps: ProxyModeDeps): ProxyMode | null {
  const { proxyTo, record, replay, proxyTimeoutMs } = deps.config;
  if (!proxyTo) {
    if (record)
      throw new ConfigError('--record needs --proxy-to: it records the exchanges with the upstream gateway');
    return null;
  }
  if (replay)
    throw new ConfigError(
      '--replay answers from recordings in place of emulation; it cannot be combined with --proxy-to',
    );
  const upstream = parseUpstream(proxyTo);
  const contract = new ProxyContract(deps.contract);
  const recorder = record ? new Recorder(record, upstream.base.href, () => deps.clock.isoNow()) : null;
  const common = {
    upstream,
    contract,
    recorder,
    faults: deps.faults,
    metering: deps.metering,
    timeoutMs: proxyTimeoutMs,
  };
  return {
    http: createHttpProxy(common),
    ws: createWsProxy({
      ...common,
      routes: deps.contract.gateway,
      journal: deps.journal,
      sockets: deps.sockets,
      now: () => deps.clock.now(),
    }),
    recorder,
  };
}

export interface ReplayMode {
  http: ReplayStage;
  ws: WsReplay;
}

export function createReplayMode(deps: {
  config: Pick<EmulatorConfig, 'replay'>;
  /** The gateway's routes, to match a recorded request to its operation. */
  routes: RouteTable;
}): ReplayMode | null {
  const dir = deps.config.replay;
  if (!dir) return null;
  try {
    return { http: createReplay(dir, deps.routes), ws: createWsReplay(dir) };
  } catch (err) {
    throw new ConfigError(`--replay ${dir}: ${(err as Error).message}`);
  }
}

/** The drift report through the admin API (proxy and replay modes are the root's serving choices). */
export function createDriftArea(deps: DriftAdminDeps): Area {
  return { name: 'proxy', adminHandlers: driftAdminHandlers(deps) };
}
