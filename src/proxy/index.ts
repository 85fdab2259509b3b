/**
 * The contract proxy (docs/proxy.md): proxy mode (`--proxy-to`, with `--record`), replay (`--replay`) and
 * the drift report (`svc-emulator drift`, `POST /_emulator/drift`). The emulator plugs these into its
 * pipeline; nothing here reaches into the product areas.
 */
import { ConfigError } from '../config.js';
import type { Emulator } from '../emulator.js';
import { ProxyContract } from './contract.js';
import { createHttpProxy, type HttpProxy } from './http-proxy.js';
import { Recorder } from './recorder.js';
import { createReplay, type ReplayStage } from './replay.js';
import { parseUpstream } from './upstream.js';
import { createWsProxy, type WsProxy } from './ws-proxy.js';
import { createWsReplay, type WsReplay } from './ws-replay.js';

export interface ProxyMode {
  http: HttpProxy;
  ws: WsProxy;
  recorder: Recorder | null;
}

export function createProxyMode(emulator: Emulator): ProxyMode | null {
  const { proxyTo, record, replay, proxyTimeoutMs } = emulator.config;
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
  const contract = new ProxyContract(emulator.contract);
  const recorder = record ? new Recorder(record, upstream.base.href, () => emulator.clock.isoNow()) : null;
  const common = {
    upstream,
    contract,
    recorder,
    faults: emulator.faults,
    metering: emulator.metering,
    timeoutMs: proxyTimeoutMs,
  };
  return {
    http: createHttpProxy(common),
    ws: createWsProxy({
      ...common,
      routes: emulator.contract.gateway,
      journal: emulator.journal,
      sockets: emulator.sockets,
      now: () => emulator.clock.now(),
    }),
    recorder,
  };
}

export interface ReplayMode {
  http: ReplayStage;
  ws: WsReplay;
}

export function createReplayMode(emulator: Emulator): ReplayMode | null {
  const dir = emulator.config.replay;
  if (!dir) return null;
  try {
    return { http: createReplay(dir, emulator.contract.gateway), ws: createWsReplay(dir) };
  } catch (err) {
    throw new ConfigError(`--replay ${dir}: ${(err as Error).message}`);
  }
}
