import type { Clock } from '../core/clock.js';
import type { Contract } from '../contract/emulator-contract.js';
import type { WsHandler } from '../http/context.js';
import type { TtsService } from './service.js';
/** Close codes used by this protocol (the shared table, D12). */
export declare const CLOSE: {
    readonly normal: 1000;
    readonly wrongFrameKind: 1008;
    readonly internal: 1011;
    readonly protocol: 4400;
    readonly idle: 4408;
    readonly quota: 4429;
};
/** Characters one utterance may hold: the TtsRequest limit. */
export declare const MAX_UTTERANCE_CHARACTERS = 500;
/** A session with no client frame and no work in progress for this long (clock time) is closed with 4408. */
export declare const IDLE_TIMEOUT_MS = 60000;
/** Raised inside the session to end it with an error frame and a close code. */
export interface RealtimeDeps {
    service: TtsService;
    contract: Pick<Contract, 'schema'>;
    clock: Clock;
    /** Wall time a client may read nothing before it is dropped (default: the /v1/tts/stream limit, 30 s). */
    stallTimeoutMs?: number;
}
export declare function ttsRealtimeHandler(deps: RealtimeDeps): WsHandler;
