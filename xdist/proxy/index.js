/**
 * The contract proxy (docs/proxy.md): proxy mode (`--proxy-to`, with `--record`), replay (`--replay`) and
 * the drift report (`svc-emulator drift`, `POST /_emulator/drift`). The emulator plugs these into its
 * pipeline; nothing here reaches into the product areas.
 */
import { ConfigError } from '../config.js';
import { ProxyContract } from './contract.js';
import { createHttpProxy } from './http-proxy.js';
import { Recorder } from './recorder.js';
import { createReplay } from './replay.js';
import { parseUpstream } from './upstream.js';
import { createWsProxy } from './ws-proxy.js';
import { createWsReplay } from './ws-replay.js';
export function createProxyMode(emulator) {
    const { proxyTo, record, replay, proxyTimeoutMs } = emulator.config;
    if (!proxyTo) {
        if (record)
            throw new ConfigError('--record needs --proxy-to: it records the exchanges with the upstream gateway');
        return null;
    }
    if (replay)
        throw new ConfigError('--replay answers from recordings in place of emulation; it cannot be combined with --proxy-to');
    const upstream = parseUpstream(proxyTo);
    const contract = new ProxyContract(emulator.contract);
    const recorder = record ? new Recorder(record, upstream.base.href, () => emulator.clock.isoNow()) : null;
    const common = { upstream, contract, recorder, faults: emulator.faults, metering: emulator.metering, timeoutMs: proxyTimeoutMs };
    return {
        http: createHttpProxy(common),
        ws: createWsProxy({ ...common, routes: emulator.contract.gateway, journal: emulator.journal, sockets: emulator.sockets, now: () => emulator.clock.now() }),
        recorder,
    };
}
export function createReplayMode(emulator) {
    const dir = emulator.config.replay;
    if (!dir)
        return null;
    try {
        return { http: createReplay(dir, emulator.contract.gateway), ws: createWsReplay(dir) };
    }
    catch (err) {
        throw new ConfigError(`--replay ${dir}: ${err.message}`);
    }
}
