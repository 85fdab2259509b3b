/**
 * WebSocket upgrades for /v1. Credentials are checked before the upgrade; a refusal is an ordinary HTTP
 * problem+json response (401/403/404), so browsers and SDKs see a failed handshake with a reason.
 * Browsers offer the ws-token as a subprotocol; the handshake then selects it, as browsers require.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { FaultAbort } from '../faults/stage.js';
import type { UpgradeInfo } from '../faults/websocket.js';
import type { FaultHeaderParser } from '../faults/header.js';
import { assertScopes, authenticateApiKey, credentialInQuery } from '../auth/authenticate.js';
import type { Principal } from '../auth/principal.js';
import { WsTokenStore } from '../auth/ws-tokens.js';
import type { RouteTable } from '../contract/compile.js';
import type { IdFactory } from '../core/random.js';
import type { OrgStore } from '../orgs/store.js';
import type { WsProxy } from '../proxy/ws-proxy.js';
import type { WsReplay } from '../proxy/ws-replay.js';
import type { WsContext, WsHandler } from '../http/context.js';
import { ApiError } from '../core/errors.js';
import type { Journal } from '../journal/journal.js';
import { normalizeError, toProblem, writeProblemToSocket } from '../http/problem.js';
import type { SocketRegistry } from '../http/socket-registry.js';
import type { Redactor } from '../observe/redact.js';
import type { RequestLog } from '../observe/request-log.js';
import { logWsClose, logWsOpen } from '../observe/log-events.js';

const SELECTED = Symbol('selectedProtocol');
const REQUEST_ID = Symbol('requestId');

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
  /** `--fault-header`: the header or `_emulator_fault` query parameter of the upgrade (null: ignored). */
  faultHeader?: FaultHeaderParser | null;
}

export function createWsGateway(deps: WsGatewayDeps) {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: deps.maxPayloadBytes,
    // ws would close a text frame of invalid UTF-8 with 1007, a code outside the documented table and with
    // no error frame; the handlers decode strictly and answer it as invalid JSON (4400) instead.
    skipUTF8Validation: true,
    handleProtocols: (_protocols, req) => (req as any)[SELECTED] ?? false,
  });
  // The 101 carries the session's request id like every other answer (decision D14; gateway.yaml).
  wss.on('headers', (headers, req) => {
    const id = (req as any)[REQUEST_ID] as string | undefined;
    if (id) headers.push(`X-Request-Id: ${id}`);
  });

  function authenticate(req: IncomingMessage): Principal | Promise<Principal> {
    if (req.headers.authorization) return authenticateApiKey(req, deps.orgs);
    const offered = (req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const token = offered.find((p) => WsTokenStore.looksLikeToken(p));
    if (!token) {
      const inQuery = credentialInQuery(req.url);
      throw new ApiError(
        'missing_api_key',
        inQuery
          ? `credentials are never accepted in the query string (found '${inQuery}'); offer a ws-token as the WebSocket subprotocol`
          : 'send Authorization: Bearer <API_KEY>, or offer a ws-token from POST /v1/auth/ws-token as the WebSocket subprotocol',
      );
    }
    (req as any)[SELECTED] = token;
    return deps.wsTokens.consume(token);
  }

  return function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    void upgrade(req, socket, head);
  };

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const requestId = deps.ids.next('req', 20);
    (req as any)[REQUEST_ID] = requestId;
    const started = deps.now();
    // Before anything reads the query: the `_emulator_fault` parameter is removed from req.url here.
    let headerError: Error | null = null;
    if (deps.faultHeader) {
      try {
        const target = deps.proxy ? null : deps.routes.match('GET', (req.url ?? '/').split('?')[0]);
        deps.faultHeader.attach(
          req,
          true,
          target?.kind === 'match' ? target.operation.operationId : undefined,
        );
      } catch (err) {
        headerError = err instanceof Error ? err : new Error(String(err));
      }
    }
    const path = (req.url ?? '/').split('?')[0];
    const scope =
      typeof req.headers['x-emulator-scope'] === 'string' ? req.headers['x-emulator-scope'] : null;
    const journal = deps.journal.open({
      request_id: requestId,
      kind: 'websocket',
      method: 'GET',
      path,
      scope,
    });
    // The subprotocol header may carry a ws-token: the redactor keeps its display form only.
    journal.request = {
      ...journal.request,
      headers: deps.redactor.headers(req.headers),
      query: queryOf(req.url, deps.redactor),
    };
    const finish = () => {
      journal.duration_ms = deps.now() - started;
      deps.journal.record(journal);
      logWsClose(deps.log, journal);
    };
    socket.on('error', () => socket.destroy());
    try {
      if (headerError) throw headerError;
      if (deps.proxy) return await deps.proxy(req, socket, head, journal);
      const match = deps.routes.match('GET', path);
      if (match.kind !== 'match' || !match.operation.websocket) {
        throw new ApiError(
          'route_not_found',
          `no WebSocket endpoint at ${path}; WebSocket endpoints: ${deps.routes.operations
            .filter((o) => o.websocket)
            .map((o) => o.path)
            .join(', ')}`,
        );
      }
      const op = match.operation;
      journal.operation_id = op.operationId;
      const authenticated = authenticate(req);
      const principal = authenticated instanceof Promise ? await authenticated : authenticated;
      Object.assign(journal, {
        org_id: principal.orgId,
        key_id: principal.keyId,
        key: principal.keyDisplay,
        environment: principal.environment,
      });
      if (op.scopes) assertScopes(principal, op.scopes, `WebSocket ${op.path}`);
      for (const stage of deps.upgradeStages) {
        await stage(principal, { operationId: op.operationId, path, testScope: scope, socket, journal, req });
      }
      const replayed = deps.replay?.(path) ?? null;
      if (replayed) journal.replayed = replayed.first;
      const handler = replayed?.serve ?? deps.handlers.get(op.operationId);
      if (!handler) throw new ApiError('not_implemented', `${op.path} is not emulated yet`);

      wss.handleUpgrade(req, socket, head, (ws) => {
        journal.status = 101;
        journal.websocket!.opened_at = Date.now();
        logWsOpen(deps.log, journal);
        deps.sockets.add(principal.keyId, ws);
        ws.on('message', (data: Buffer, isBinary: boolean) => {
          journal.websocket!.frames_in++;
          // For the client report: did the client finish the stream properly?
          if (!isBinary && data.length < 200 && data.includes('close_stream'))
            journal.websocket!.close_stream_sent = true;
        });
        const send = ws.send.bind(ws);
        ws.send = ((data: any, ...rest: any[]) => {
          journal.websocket!.frames_out++;
          return (send as any)(data, ...rest);
        }) as typeof ws.send;
        ws.once('close', (code, reason) => {
          Object.assign(journal.websocket!, {
            close_code: code,
            close_reason: deps.redactor.text(reason.toString()),
            closed_at: Date.now(),
          });
          finish();
        });
        const ctx: WsContext = { requestId, operation: op, req, principal, journal, testScope: scope };
        deps.onSession?.(ws, ctx);
        try {
          handler(ws, ctx);
        } catch (err) {
          console.error('[svc-emulator] WebSocket handler failed:', err);
          ws.close(1011, 'internal error');
        }
      });
    } catch (err) {
      if (err instanceof FaultAbort) {
        journal.code = journal.fault?.kind ?? 'fault';
        finish();
        return;
      }
      const apiError = normalizeError(err);
      journal.status = apiError.status;
      journal.retry_after =
        apiError.headers['Retry-After'] !== undefined ? Number(apiError.headers['Retry-After']) : null;
      journal.code = apiError.code;
      journal.response = { ...journal.response, body: toProblem(apiError, requestId, path) };
      finish();
      writeProblemToSocket(socket, apiError, requestId, path);
    }
  }
}

function queryOf(url: string | undefined, redactor: Redactor): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const search = new URL(url ?? '/', 'http://x').searchParams;
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name).map((v) => redactor.text(v));
    out[redactor.text(name)] = values.length === 1 ? values[0] : values;
  }
  return out;
}
