import type { Emulator } from '../emulator.js';
import { type HttpProxy } from './http-proxy.js';
import { Recorder } from './recorder.js';
import { type ReplayStage } from './replay.js';
import { type WsProxy } from './ws-proxy.js';
import { type WsReplay } from './ws-replay.js';
export interface ProxyMode {
    http: HttpProxy;
    ws: WsProxy;
    recorder: Recorder | null;
}
export declare function createProxyMode(emulator: Emulator): ProxyMode | null;
export interface ReplayMode {
    http: ReplayStage;
    ws: WsReplay;
}
export declare function createReplayMode(emulator: Emulator): ReplayMode | null;
