/**
 * Proxy mode for /v1 WebSockets: upgrade faults first, then the upstream handshake with the caller's
 * credentials (Authorization, or the ws-token offered as subprotocol); the caller's handshake completes
 * only once the upstream's did, selecting the same subprotocol. Frames are relayed in order both ways,
 * JSON frames checked against the documented client and server frames; a close on one side closes the
 * other with the same code. A refused upstream handshake is passed back to the caller as it came.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RouteTable } from '../contract/compile.js';
import type { FaultStore } from '../faults/store.js';
import type { Journal, JournalEntry } from '../http/journal.js';
import type { SocketRegistry } from '../http/socket-registry.js';
import type { Metering } from '../metering/index.js';
import type { ProxyContract } from './contract.js';
import type { Recorder } from './recorder.js';
import { type Upstream } from './upstream.js';
export interface WsProxyDeps {
    upstream: Upstream;
    contract: ProxyContract;
    recorder: Recorder | null;
    faults: FaultStore;
    metering: Metering;
    routes: RouteTable;
    journal: Journal;
    sockets: SocketRegistry;
    timeoutMs: number;
    now: () => number;
}
export type WsProxy = (req: IncomingMessage, socket: Duplex, head: Buffer, journal: JournalEntry) => Promise<void>;
export declare function createWsProxy(deps: WsProxyDeps): WsProxy;
