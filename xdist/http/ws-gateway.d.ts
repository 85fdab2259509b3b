/**
 * WebSocket upgrades for /v1. Credentials are checked before the upgrade; a refusal is an ordinary HTTP
 * problem+json response (401/403/404), so browsers and SDKs see a failed handshake with a reason.
 * Browsers offer the ws-token as a subprotocol; the handshake then selects it, as browsers require.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket } from 'ws';
import type { UpgradeInfo } from '../faults/websocket.js';
import type { Principal } from '../auth/principal.js';
import { WsTokenStore } from '../auth/ws-tokens.js';
import type { RouteTable } from '../contract/compile.js';
import type { IdFactory } from '../core/random.js';
import type { OrgStore } from '../orgs/store.js';
import type { WsProxy } from '../proxy/ws-proxy.js';
import type { WsReplay } from '../proxy/ws-replay.js';
import type { WsContext, WsHandler } from './context.js';
import type { Journal } from './journal.js';
import { normalizeError } from './problem.js';
import type { SocketRegistry } from './socket-registry.js';
import type { Redactor } from '../observe/redact.js';
import type { RequestLog } from '../observe/request-log.js';
export interface WsGatewayDeps {
    routes: RouteTable;
    orgs: OrgStore;
    wsTokens: WsTokenStore;
    ids: IdFactory;
    journal: Journal;
    log: RequestLog;
    redactor: Redactor;
    sockets: SocketRegistry;
    handlers: Map<string, WsHandler>;
    /** Stages that may refuse or delay the upgrade (rate limit, faults). */
    upgradeStages: ((principal: Principal, info: UpgradeInfo) => void | Promise<void>)[];
    /** Called on every new session (arms `ws_close` faults). */
    onSession?: (ws: WebSocket, ctx: WsContext) => void;
    maxPayloadBytes: number;
    now: () => number;
    /** Proxy mode: every session goes to the upstream gateway (upgrade faults still apply first). */
    proxy?: WsProxy | null;
    /** Replay mode: a session on a path with recorded sessions is served from them, after the handshake. */
    replay?: WsReplay | null;
}
export declare function createWsGateway(deps: WsGatewayDeps): (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
/** Writes a whole HTTP problem response on a raw socket and closes it (refused upgrades, unparseable requests). */
export declare function writeProblemToSocket(socket: Duplex, err: ReturnType<typeof normalizeError>, requestId: string, path?: string): void;
