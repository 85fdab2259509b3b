/**
 * Proxy mode for /v1 WebSockets: upgrade faults first, then the upstream handshake with the caller's
 * credentials (Authorization, or the ws-token offered as subprotocol); the caller's handshake completes
 * only once the upstream's did, selecting the same subprotocol. Frames are relayed in order both ways,
 * JSON frames checked against the documented client and server frames; a close on one side closes the
 * other with the same code. A refused upstream handshake is passed back to the caller as it came.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';
import type { RouteTable } from '../contract/compile.js';
import { armWsCloseFault, faultUpgradeStage } from '../faults/websocket.js';
import type { FaultStore } from '../faults/store.js';
import { ApiError } from '../core/errors.js';
import type { Journal, JournalEntry } from '../journal/journal.js';
import type { SocketRegistry } from '../http/socket-registry.js';
import type { Metering } from '../metering/index.js';
import type { ProxyContract, Violation } from './contract.js';
import type { Draft, Recorder } from './recorder.js';
import { redactQuery } from './recorder.js';
import { redactJson, redactText } from './redact.js';
import { RECORD_LIMIT_BYTES, sha256, type RecordedFrame } from './recording.js';
import { callerOf, forwardedHeaders, returnedHeaders, type Upstream } from './upstream.js';

const SELECTED = Symbol('upstreamProtocol');
const MAX_PAYLOAD_BYTES = 16 * 1024 * 1024;

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

export type WsProxy = (
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  journal: JournalEntry,
) => Promise<void>;

/** Codes a close frame may carry (RFC 6455 7.4); the others describe a close, they cannot be sent. */
const sendable = (code: number) =>
  (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);

function closeWith(ws: WebSocket, code: number, reason: string): void {
  if (ws.readyState !== WebSocket.OPEN && ws.readyState !== WebSocket.CONNECTING) return;
  if (code === 1006) ws.terminate();
  else if (sendable(code)) ws.close(code, reason.slice(0, 120));
  else ws.close();
}

export function createWsProxy(deps: WsProxyDeps): WsProxy {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_PAYLOAD_BYTES,
    skipUTF8Validation: true,
    handleProtocols: (_protocols, req) => (req as any)[SELECTED] ?? false,
  });
  const upgradeFault = faultUpgradeStage(deps.faults, deps.metering);

  return async (req, socket, head, journal) => {
    const started = deps.now();
    journal.proxied = true;
    const url = new URL(req.url ?? '/', 'http://x');
    const match = deps.routes.match('GET', url.pathname);
    const op = match.kind === 'match' && match.operation.websocket ? match.operation : undefined;
    journal.operation_id = op?.operationId ?? null;
    const caller = callerOf(req.headers.authorization);
    if (caller)
      Object.assign(journal, {
        key_id: caller.keyId,
        key: caller.keyDisplay,
        environment: caller.environment,
      });
    const who = caller ?? { orgId: '', keyId: '', environment: 'live' as const };
    if (op)
      await upgradeFault(who, {
        operationId: op.operationId,
        path: url.pathname,
        testScope: journal.scope,
        socket,
        journal,
        req,
      });

    const draft = deps.recorder?.open('GET', url.pathname) ?? null;
    const violations: Violation[] = [];
    journal.contract_violations = violations;
    const offered = (req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const upstreamWs = new WebSocket(deps.upstream.url(req.url ?? '/', true), offered, {
      headers: forwardedHeaders(req.headers) as Record<string, string>,
      handshakeTimeout: deps.timeoutMs,
      maxPayload: MAX_PAYLOAD_BYTES,
      skipUTF8Validation: true,
    });
    let upgradeHeaders: IncomingMessage['headers'] = {};
    upstreamWs.once('upgrade', (res) => (upgradeHeaders = res.headers));
    const outcome = await new Promise<'open' | IncomingMessage>((resolve, reject) => {
      upstreamWs.once('open', () => resolve('open'));
      upstreamWs.once('unexpected-response', (_r, res) => resolve(res));
      upstreamWs.once('error', (err) => {
        const timedOut = /timed out/i.test(err.message);
        reject(
          new ApiError(
            timedOut ? 'upstream_timeout' : 'upstream_error',
            timedOut
              ? `the upstream gateway ${deps.upstream.base.origin} did not complete the WebSocket handshake within ${deps.timeoutMs} ms`
              : `the upstream gateway ${deps.upstream.base.origin} could not be reached: ${(err as NodeJS.ErrnoException).code ?? err.message}`,
          ),
        );
      });
    });
    // From here on, errors show up as closes.
    upstreamWs.on('error', () => {});
    const recordExchange = (
      status: number | null,
      headers: IncomingMessage['headers'],
      extra: {
        frames: RecordedFrame[];
        binary: Buffer[];
        close: { code: number | null; reason: string; by: 'client' | 'server' | null };
        body?: string;
        contentType?: string;
      },
    ) => {
      if (!draft) return;
      draft.save({
        kind: 'websocket',
        operation_id: op?.operationId ?? null,
        request: {
          method: 'GET',
          path: url.pathname,
          query: redactQuery(url.searchParams),
          headers: draft.headers(req.headers),
          body: { kind: 'none' },
        },
        response: {
          status,
          headers: draft.headers(headers),
          body: draft.body('response', extra.contentType, extra.body ? Buffer.from(extra.body) : null),
        },
        protocol: upstreamWs.protocol ? redactText(upstreamWs.protocol) : null,
        frames: extra.frames,
        binary_file: extra.binary.length ? draft.writeBinary(Buffer.concat(extra.binary)) : null,
        close: extra.close,
        contract_violations: violations,
      } as Parameters<Draft['save']>[0]);
    };

    if (outcome !== 'open') {
      await refuse(outcome);
      return;
    }
    (req as any)[SELECTED] = upstreamWs.protocol || undefined;
    relay();

    async function refuse(res: IncomingMessage): Promise<void> {
      const chunks: Buffer[] = [];
      for await (const chunk of res as AsyncIterable<Buffer>) chunks.push(chunk);
      upstreamWs.terminate();
      const body = Buffer.concat(chunks);
      const status = res.statusCode ?? 502;
      const contentType = res.headers['content-type'];
      const text = /json/.test(contentType ?? '') ? body.toString('utf8') : undefined;
      violations.push(
        ...deps.contract.checkResponse(op, 'GET', url.pathname, {
          status,
          contentType,
          headers: res.headers,
          body: text,
        }),
      );
      const headers = Object.entries(returnedHeaders(res.headers))
        .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}\r\n`)
        .join('');
      socket.write(
        `HTTP/1.1 ${status} ${(res.statusMessage ?? '').replace(/[^\x20-\x7e]/g, '')}\r\n${headers}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      socket.end(body);
      journal.status = status;
      journal.retry_after =
        res.headers['retry-after'] !== undefined ? Number(res.headers['retry-after']) : null;
      if (text) journal.code = problemCode(text);
      journal.duration_ms = deps.now() - started;
      recordExchange(status, res.headers, {
        frames: [],
        binary: [],
        close: { code: null, reason: '', by: null },
        body: text,
        contentType,
      });
      deps.journal.record(journal);
    }

    function relay(): void {
      const frames: RecordedFrame[] = [];
      const binary: Buffer[] = [];
      let binaryBytes = 0;
      let index = 0;
      let closedBy: 'client' | 'server' | null = null;
      const pending: [Buffer, boolean][] = [];
      let client: WebSocket | null = null;
      const seen = (from: 'client' | 'server', data: Buffer, isBinary: boolean) => {
        index++;
        if (from === 'client') journal.websocket!.frames_in++;
        else journal.websocket!.frames_out++;
        if (isBinary) {
          const kept = binaryBytes + data.length <= RECORD_LIMIT_BYTES;
          if (draft)
            frames.push({
              from,
              binary: { size: data.length, offset: kept ? binaryBytes : -1, sha256: sha256(data) },
            });
          if (kept && draft) {
            binary.push(Buffer.from(data));
            binaryBytes += data.length;
          }
          return;
        }
        const text = data.toString('utf8');
        if (from === 'client' && text.length < 200 && text.includes('close_stream'))
          journal.websocket!.close_stream_sent = true;
        violations.push(...deps.contract.checkFrame(op, text, from, index));
        if (!draft) return;
        try {
          frames.push({ from, json: redactJson(JSON.parse(text)) });
        } catch {
          frames.push({ from, text: redactText(text) });
        }
      };
      upstreamWs.on('message', (data: Buffer, isBinary: boolean) => {
        seen('server', data, isBinary);
        if (client) client.send(data, { binary: isBinary });
        else pending.push([data, isBinary]);
      });
      upstreamWs.once('close', (code, reason) => {
        closedBy ??= 'server';
        if (client) closeWith(client, code, reason.toString());
      });
      socket.once('close', () => {
        if (!client) upstreamWs.terminate();
      });
      wss.handleUpgrade(req, socket, head, (ws) => {
        client = ws;
        journal.status = 101;
        deps.sockets.add(caller?.keyId ?? 'proxy', ws);
        for (const [data, isBinary] of pending.splice(0)) ws.send(data, { binary: isBinary });
        if (op)
          armWsCloseFault(deps.faults, ws, {
            operation: op,
            journal,
            testScope: journal.scope,
            principal: who,
            req,
          });
        ws.on('message', (data: Buffer, isBinary: boolean) => {
          seen('client', data, isBinary);
          if (upstreamWs.readyState === WebSocket.OPEN) upstreamWs.send(data, { binary: isBinary });
        });
        ws.once('close', (code, reason) => {
          closedBy ??= 'client';
          closeWith(upstreamWs, code, reason.toString());
          journal.websocket!.close_code = code;
          journal.duration_ms = deps.now() - started;
          recordExchange(101, upgradeHeaders, {
            frames,
            binary,
            close: { code, reason: redactText(reason.toString()), by: closedBy },
          });
          deps.journal.record(journal);
        });
      });
    }
  };
}

function problemCode(text: string): string | null {
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}
