/** The HTTP server of one emulator: its limits on slow clients, WebSocket upgrades, and a Problem for unparsable bytes. */
import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type express from 'express';
import { ApiError } from '../core/errors.js';
import type { TlsMaterial } from './tls.js';
import { writeProblemToSocket } from './problem.js';

/** The HTTP server's limits on slow clients, in wall time. */
export const SERVER_TIMEOUTS = {
  headersMs: 10_000,
  requestMs: 120_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 1_000,
} as const;

/**
 * Request and response classes whose instances are born with Express's prototypes (`app.request`,
 * `app.response`). Express gives every request and response those prototypes with `Object.setPrototypeOf`;
 * on an object already holding them that is a no-op. Changing the prototype of two fresh objects per request
 * made V8 keep every request's objects through young-generation collections (about 8 KB a request promoted
 * to the old generation, then collected by full mark-compacts): scavenges of 5–20 ms, the p99 of every
 * route, and half of a bare Express app's throughput (docs/benchmarks.md, "Issue 15, sixth session").
 */
export function expressMessageClasses(app: express.Express): {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
} {
  type Init = (this: object, ...args: unknown[]) => void;
  function ExpressRequest(this: object, ...args: unknown[]) {
    if (!CALLABLE_MESSAGES) return Reflect.construct(IncomingMessage, args, ExpressRequest) as object;
    (IncomingMessage as unknown as Init).apply(this, args);
  }
  function ExpressResponse(this: object, ...args: unknown[]) {
    if (!CALLABLE_MESSAGES) return Reflect.construct(ServerResponse, args, ExpressResponse) as object;
    (ServerResponse as unknown as Init).apply(this, args);
  }
  ExpressRequest.prototype = app.request;
  ExpressResponse.prototype = app.response;
  return {
    IncomingMessage: ExpressRequest as unknown as typeof IncomingMessage,
    ServerResponse: ExpressResponse as unknown as typeof ServerResponse,
  };
}

/**
 * Node's IncomingMessage and ServerResponse are plain constructor functions (not classes) in Node 20 to 24, so
 * they can initialise an object made with another prototype; Reflect.construct (slower) covers a future class.
 */
const CALLABLE_MESSAGES = [IncomingMessage, ServerResponse].every(
  (ctor) => !Function.prototype.toString.call(ctor).startsWith('class'),
);

export function createHttpServer(
  app: express.Express,
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void,
  requestId: () => string,
  tls: Pick<TlsMaterial, 'cert' | 'key'> | null = null,
): Server {
  // Node checks the header and request deadlines every `connectionsCheckingInterval` (default 30 s); 1 s keeps
  // a slowloris socket from lingering long past its deadline.
  const options = {
    connectionsCheckingInterval: SERVER_TIMEOUTS.checkIntervalMs,
    ...expressMessageClasses(app),
  };
  // https.Server is an http.Server over TLS sockets: the same upgrade, timeouts and clientError apply.
  const server: Server = tls
    ? createHttpsServer({ ...options, cert: tls.cert, key: tls.key }, app)
    : createServer(options, app);
  if (tls) answerPlainHttp(server, requestId);
  server.on('upgrade', handleUpgrade);
  // Bytes Node cannot parse as HTTP (garbage after a body shorter than its Content-Length, a broken
  // header) still get a Problem, not Node's bare 400.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (!err.code?.startsWith('HPE_') || !socket.writable) {
      socket.destroy();
      return;
    }
    writeProblemToSocket(
      socket,
      new ApiError('malformed_request', `not a valid HTTP request (${err.code})`),
      requestId(),
    );
  });
  // Slow or stuck clients must not hold the server (docs/benchmarks.md, "Slow clients"): 10 s for the
  // headers, 120 s for the whole request (a 25 MiB upload at about 2 Mbit/s).
  server.headersTimeout = SERVER_TIMEOUTS.headersMs;
  server.requestTimeout = SERVER_TIMEOUTS.requestMs;
  server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveMs;
  return server;
}

/** The first byte of a TLS handshake record; an HTTP request starts with a method's letter. */
const TLS_HANDSHAKE = 0x16;

/**
 * Plain HTTP sent to the `--tls` port gets a Problem saying to use https, as nginx answers it, instead of a
 * connection closed in silence by a failed handshake (decision TLS5). Each connection's first bytes are read
 * before the TLS server sees the socket: a handshake is put back (`unshift`; the TLS socket reads what its
 * socket holds buffered) and handed to the TLS server's own listener; anything else is answered and closed.
 */
function answerPlainHttp(server: Server, requestId: () => string): void {
  const tlsListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  const waiting = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    waiting.add(socket);
    const fail = () => socket.destroy();
    socket.on('error', fail);
    // A client that connects and sends nothing is held no longer than one that sends no headers.
    socket.setTimeout(SERVER_TIMEOUTS.headersMs, fail);
    socket.once('close', () => waiting.delete(socket));
    socket.once('data', (chunk: Buffer) => {
      waiting.delete(socket);
      socket.pause();
      if (chunk[0] === TLS_HANDSHAKE) {
        socket.setTimeout(0);
        socket.off('error', fail);
        socket.unshift(chunk);
        for (const listener of tlsListeners) listener.call(server, socket);
        return;
      }
      writeProblemToSocket(
        socket,
        new ApiError(
          'plain_http_to_tls_port',
          'The plain HTTP request was sent to HTTPS port: this emulator runs with --tls; use https:// (and wss://) with the same host and port',
        ),
        requestId(),
      );
      // Read and drop what else the client sends until it closes (closing with bytes unread would reset the
      // connection, and the client could lose the answer); one that never closes is dropped after 5 s.
      socket.setTimeout(SERVER_TIMEOUTS.keepAliveMs, fail);
      socket.resume();
    });
  });
  // Sockets still unread are not HTTP connections yet: closeAllConnections() does not know them.
  const closeAll = server.closeAllConnections.bind(server);
  server.closeAllConnections = () => {
    for (const socket of waiting) socket.destroy();
    waiting.clear();
    closeAll();
  };
}
