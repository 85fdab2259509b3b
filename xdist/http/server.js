/** The HTTP server of one emulator: its limits on slow clients, WebSocket upgrades, and a Problem for unparsable bytes. */
import { createServer } from 'node:http';
import { ApiError } from './errors.js';
import { writeProblemToSocket } from './ws-gateway.js';
/** The HTTP server's limits on slow clients, in wall time. */
export const SERVER_TIMEOUTS = {
    headersMs: 10_000,
    requestMs: 120_000,
    keepAliveMs: 5_000,
    checkIntervalMs: 1_000,
};
export function createHttpServer(app, handleUpgrade, requestId) {
    // Node checks the header and request deadlines every `connectionsCheckingInterval` (default 30 s); 1 s keeps
    // a slowloris socket from lingering long past its deadline.
    const server = createServer({ connectionsCheckingInterval: SERVER_TIMEOUTS.checkIntervalMs }, app);
    server.on('upgrade', handleUpgrade);
    // Bytes Node cannot parse as HTTP (garbage after a body shorter than its Content-Length, a broken
    // header) still get a Problem, not Node's bare 400.
    server.on('clientError', (err, socket) => {
        if (!err.code?.startsWith('HPE_') || !socket.writable) {
            socket.destroy();
            return;
        }
        writeProblemToSocket(socket, new ApiError('malformed_request', `not a valid HTTP request (${err.code})`), requestId());
    });
    // Slow or stuck clients must not hold the server (docs/benchmarks.md, "Slow clients"): 10 s for the
    // headers, 120 s for the whole request (a 25 MiB upload at about 2 Mbit/s).
    server.headersTimeout = SERVER_TIMEOUTS.headersMs;
    server.requestTimeout = SERVER_TIMEOUTS.requestMs;
    server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveMs;
    return server;
}
