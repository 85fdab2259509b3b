/** The HTTP server of one emulator: its limits on slow clients, WebSocket upgrades, and a Problem for unparsable bytes. */
import { type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type express from 'express';
/** The HTTP server's limits on slow clients, in wall time. */
export declare const SERVER_TIMEOUTS: {
    readonly headersMs: 10000;
    readonly requestMs: 120000;
    readonly keepAliveMs: 5000;
    readonly checkIntervalMs: 1000;
};
export declare function createHttpServer(app: express.Express, handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void, requestId: () => string): Server;
