import type { Clock } from '../core/clock.js';
import type { IdFactory } from '../core/random.js';
import type { Contract } from '../contract/emulator-contract.js';
import type { WsHandler } from '../http/context.js';
import { type Metering } from '../metering/index.js';
import { type SpeakerNamer } from './round-trip.js';
import { type ScriptStore } from './scripts.js';
/** Close codes of this protocol (the shared table, WebSocketCloseCodes / D12). */
export declare const CLOSE: {
    readonly normal: 1000;
    readonly wrongFrameKind: 1008;
    readonly internal: 1011;
    readonly protocol: 4400;
    readonly idle: 4408;
    readonly quota: 4429;
};
export interface SttRealtimeConfig {
    /** Seconds of audio between metering checkpoints (default 30). */
    checkpointSeconds: number;
    /** Clock seconds without any client frame before the stream is closed with 4408 (default 15). */
    idleSeconds: number;
}
export interface SttRealtimeDeps {
    contract: Pick<Contract, 'schema'>;
    clock: Clock;
    ids: IdFactory;
    metering: Metering;
    scripts: ScriptStore;
    speaker: SpeakerNamer;
    config: SttRealtimeConfig;
}
/** Ends the session with an error frame and a close code. */
export declare function sttRealtimeHandler(deps: SttRealtimeDeps): WsHandler;
