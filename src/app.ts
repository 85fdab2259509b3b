/**
 * The HTTP application, composed in the order a request passes through it:
 * request id + journal → admin API (/_emulator) | gateway (/v1) → unknown route → one error envelope.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import type { CompiledOperation, RouteTable } from './contract/compile.js';
import type { Emulator } from './emulator.js';
import { createAdminRouter } from './admin/admin-router.js';
import { FaultAbort } from './faults/stage.js';
import { ApiError } from './http/errors.js';
import { normalizeError, sendProblem } from './http/problem.js';
import { requestState, type RequestState } from './http/request-state.js';
import { createV1Router } from './http/v1-router.js';

export function buildHttpApp(emulator: Emulator): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use((req: Request, res: Response, next: NextFunction) => {
    const requestId = emulator.ids.next('req', 20);
    const controller = new AbortController();
    const isV1 = req.path === '/v1' || req.path.startsWith('/v1/');
    const scope = typeof req.headers['x-emulator-scope'] === 'string' ? req.headers['x-emulator-scope'] : null;
    const journal = emulator.journal.open({ request_id: requestId, kind: 'http', method: req.method, path: req.path, scope });
    const state: RequestState = {
      requestId,
      journal,
      startedAt: emulator.clock.now(),
      signal: controller.signal,
      principal: null,
      setPrincipal(principal) {
        state.principal = principal;
        Object.assign(journal, {
          org_id: principal.orgId,
          key_id: principal.keyId,
          key: principal.keyDisplay,
          environment: principal.environment,
        });
      },
    };
    res.locals.svc = state;
    res.setHeader('X-Request-Id', requestId);
    if (emulator.contractChecker) watchResponse(emulator, req, res);
    const wallStart = performance.now();
    res.once('close', () => {
      if (!res.writableFinished) controller.abort(new Error('client disconnected'));
      if (!isV1) return;
      journal.status = res.locals.noResponse ? null : res.statusCode;
      const header = (name: string) => {
        const v = res.getHeader(name);
        return v === undefined ? null : Number(v);
      };
      journal.retry_after = header('Retry-After');
      journal.ratelimit_remaining = header('RateLimit-Remaining');
      journal.ratelimit_reset = header('RateLimit-Reset');
      journal.duration_ms = Math.round(performance.now() - wallStart);
      emulator.journal.record(journal);
    });
    next();
  });

  app.use('/_emulator', createAdminRouter({ routes: emulator.contract.admin, handlers: emulator.adminHandlers, emulator }));
  app.use(
    '/v1',
    createV1Router({
      routes: emulator.contract.gateway,
      orgs: emulator.orgs,
      handlers: emulator.handlers,
      stages: emulator.stages,
      preHandlerStages: emulator.preHandlerStages,
      uploadLimits: emulator.uploadLimits,
      defaultUploadLimits: { maxFileBytes: 25 * 1024 * 1024, tooLargeCode: 'file_too_large' },
      proxy: emulator.proxy?.http ?? null,
      replay: emulator.replay?.http ?? null,
    }),
  );

  app.use((req: Request, _res: Response, next: NextFunction) => {
    next(new ApiError('route_not_found', `no route ${req.method} ${req.path}; the API is under /v1 and the admin API under /_emulator`));
  });

  // The one error envelope: whatever threw, the client gets problem+json.
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const state = requestState(res);
    if (err instanceof FaultAbort) {
      // A reset or hang fault took the connection: nothing is sent.
      res.locals.noResponse = true;
      state.journal.code = state.journal.fault?.kind ?? 'fault';
      return;
    }
    state.journal.code = normalizeError(err).code;
    sendProblem(res, err, state.requestId);
  });
  return app;
}

const CAPTURE_LIMIT_BYTES = 2 * 1024 * 1024;

/** Feeds the contract self-check: captures the body (up to a limit) and checks the response once sent. */
function watchResponse(emulator: Emulator, req: Request, res: Response): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const capture = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > CAPTURE_LIMIT_BYTES) return;
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    size += buf.length;
    chunks.push(buf);
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((...args: unknown[]) => {
    capture(args[0], args[1]);
    return write(...args);
  }) as typeof res.write;
  res.end = ((...args: unknown[]) => {
    capture(args[0], args[1]);
    return end(...args);
  }) as typeof res.end;
  const path = req.originalUrl.split('?')[0];
  res.once('finish', () => {
    if (res.locals.contractExempt) return;
    const contentType = res.getHeader('content-type') as string | undefined;
    const isAdmin = path === '/_emulator' || path.startsWith('/_emulator/');
    const table = isAdmin ? emulator.contract.admin : emulator.contract.gateway;
    emulator.contractChecker!.checkResponse(checkedOperation(table, req.method, isAdmin ? path.slice('/_emulator'.length) : path), req.method, path, {
      injected: Boolean(requestState(res).journal.fault),
      status: res.statusCode,
      contentType,
      headers: res.getHeaders(),
      body: /json/.test(contentType ?? '') && size <= CAPTURE_LIMIT_BYTES ? Buffer.concat(chunks).toString('utf8') : undefined,
    });
  });
}

/**
 * The operation a response answered, for the self-check. Matching decodes path parameters, and a segment
 * that is not valid percent-encoding throws (the router already answered it with a 422): that must not
 * escape a `finish` listener, where it would be an uncaught exception.
 */
function checkedOperation(table: RouteTable, method: string, path: string): CompiledOperation | undefined {
  try {
    const match = table.match(method, path);
    return match.kind === 'match' ? match.operation : undefined;
  } catch {
    return undefined;
  }
}
