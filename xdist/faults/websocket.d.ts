/**
 * WebSocket faults: request faults at the upgrade (an error refuses the handshake; latency delays it; reset
 * and hang take the socket), and `ws_close`, which closes an open session with a chosen code after N
 * frames (both directions) or N seconds of PCM audio received (realtime STT, at the start frame's rate).
 */
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Principal } from '../auth/principal.js';
import type { WsContext } from '../http/context.js';
import type { Metering } from '../metering/index.js';
import type { FaultStore } from './store.js';
export interface UpgradeInfo {
    operationId: string;
    path: string;
    testScope: string | null;
    socket: Duplex;
    journal: WsContext['journal'];
}
export declare function faultUpgradeStage(faults: FaultStore, metering: Metering): (principal: Pick<Principal, "orgId" | "keyId" | "environment">, info: UpgradeInfo) => Promise<void>;
/** Arms a `ws_close` rule on a new session, if one matches. */
export declare function armWsCloseFault(faults: FaultStore, ws: WebSocket, ctx: Pick<WsContext, 'operation' | 'journal' | 'testScope'> & {
    principal: Pick<Principal, 'orgId' | 'keyId' | 'environment'>;
}): void;
