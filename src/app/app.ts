/**
 * The HTTP application, composed in the order a request passes through it:
 * request id + journal → admin API (/_emulator) | gateway (/v1) → unknown route → one error envelope.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import type { createAdminRouter } from '../admin/admin-router.js';
import type { CompiledOperation, RouteTable } from '../contract/compile.js';
import type { Contract } from '../contract/emulator-contract.js';
import { routeHint } from '../contract/near-miss.js';
import type { ContractChecker } from '../contract/response-check.js';
import type { Clock } from '../core/clock.js';
import type { IdFactory } from '../core/random.js';
import { HtmlErrorFault, htmlErrorPage } from '../faults/html-page.js';
import { FaultAbort } from '../faults/stage.js';
import { ApiError, CustomApiError } from '../core/errors.js';
import type { Journal } from '../journal/journal.js';
import { normalizeError, sendProblem } from '../http/problem.js';
import { PipelineRequestState, requestState } from '../http/request-state.js';
import { createV1Router, type V1RouterDeps } from './v1-router.js';
import type { Metering } from '../metering/index.js';
import { requestDetail, responseDetail, ResponseTap, tapKeepBytes } from '../observe/capture.js';
import { logHttpRequest } from '../observe/log-events.js';
import type { Redactor } from '../observe/redact.js';
import type { RequestLog } from '../observe/request-log.js';
import type { LoadGate } from '../snapshots/gate.js';
import type { AnswersInFlight } from '../store/answers.js';

export interface HttpAppDeps {
  contract: Pick<Contract, 'gateway' | 'admin'>;
  /** The /v1 pipeline's parts (the app adds the routes and the default upload limits). */
  v1: Omit<V1RouterDeps, 'routes' | 'defaultUploadLimits'>;
  /** The admin API under /_emulator, built by the composition root. */
  adminRouter: ReturnType<typeof createAdminRouter>;
  /** Mints the id of a /v1 request (its journal entry, ledger entries and job records name it: state). */
  ids: Pick<IdFactory, 'next'>;
  /**
   * Mints the id of any other request (admin, health, the dashboard): never journaled, so not state, and a
   * stream of its own, so saving or loading a state (or any admin call) does not move the /v1 ids (SN-P2).
   */
  controlIds: Pick<IdFactory, 'next'>;
  clock: Pick<Clock, 'now'>;
  journal: Journal;
  log: RequestLog;
  redactor: Redactor;
  /** A /v1 request's end: its 5xx refund and its reservations released. */
  metering: Pick<Metering, 'refundRequest' | 'releaseReservations'>;
  /** The contract self-check, when on. */
  contractChecker: ContractChecker | undefined;
  /** With a shared store: the answers whose effects are not written yet (store/answers.ts). */
  answers?: AnswersInFlight;
  /** Holds requests while a state load runs (snapshots/gate.ts). */
  gate: Pick<LoadGate, 'closed' | 'passes' | 'wait'>;
}

export function buildHttpApp(deps: HttpAppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  const v1Router = createV1Router({
    ...deps.v1,
    routes: deps.contract.gateway,
    defaultUploadLimits: { maxFileBytes: 25 * 1024 * 1024, tooLargeCode: 'file_too_large' },
  });

  app.use(function entry(req: Request, res: Response, next: NextFunction): void {
    // While a state load runs, a request waits here, before it has an id or a journal entry.
    if (deps.gate.closed && !deps.gate.passes(req)) return deps.gate.wait(() => entry(req, res, next));
    const isV1 = req.path === '/v1' || req.path.startsWith('/v1/');
    const requestId = (isV1 ? deps.ids : deps.controlIds).next('req', 20);
    const scope =
      typeof req.headers['x-emulator-scope'] === 'string' ? req.headers['x-emulator-scope'] : null;
    const journal = deps.journal.open({
      request_id: requestId,
      kind: 'http',
      method: req.method,
      path: req.path,
      scope,
    });
    const state = new PipelineRequestState(requestId, journal, deps.clock.now());
    res.locals.svc = state;
    res.setHeader('X-Request-Id', requestId);
    // With a shared store, an answer counts as in flight from its end until its request's end has written
    // its effects: a read through any instance waits for them (store/answers.ts).
    let answered: (() => void) | undefined;
    const onEnd = isV1 && deps.answers ? () => (answered = deps.answers!.ended()) : undefined;
    const tap = new ResponseTap(res, tapKeepBytes(Boolean(deps.contractChecker)), onEnd);
    if (deps.contractChecker) watchResponse(deps, req, res, tap);
    const wallStart = performance.now();
    res.once('close', () => {
      if (!res.writableFinished) state.clientDisconnected();
      state.whenSettled(end);
    });
    // The request's end, once the response closed and the handler settled (PipelineRequestState.whenSettled).
    const end = (): void => {
      if (isV1 && state.principal) {
        // Decision M-R2: a 5xx answer is never billed, whatever the handler recorded before it failed.
        if (res.statusCode >= 500 && !res.locals.noResponse)
          deps.metering.refundRequest(state.principal, requestId);
        deps.metering.releaseReservations(state.principal);
      }
      journal.status = res.locals.noResponse ? null : res.statusCode;
      journal.duration_ms = Math.round(performance.now() - wallStart);
      if (isV1 || deps.log.debug) {
        journal.request = requestDetail(req, res, deps.redactor);
        journal.response = responseDetail(res, tap, deps.redactor);
      }
      logHttpRequest(deps.log, journal, isV1 ? 'v1' : 'admin');
      if (!isV1) {
        deps.journal.discard(journal);
        return;
      }
      const header = (name: string) => {
        const v = res.getHeader(name);
        return v === undefined ? null : Number(v);
      };
      journal.retry_after = header('Retry-After');
      journal.ratelimit_remaining = header('RateLimit-Remaining');
      journal.ratelimit_reset = header('RateLimit-Reset');
      deps.journal.record(journal, tap.endedAt);
      answered?.();
    };
    // What runs for this request (synchronously or later) can find it: webhook events link back to it.
    // A /v1 request goes straight to the gateway pipeline and, on failure, to the error envelope: Express's
    // router would only walk past the admin mount to the same two places (a path that differs from /v1 only
    // in case still takes that walk, and ends as it always did).
    if (isV1)
      deps.journal.context.run(
        requestId,
        () => void v1Router(req, res, (err) => envelopeOrNext(err, req, res, next)),
      );
    else {
      // Admin requests bill nothing and journal only in debug: their end need not wait for a handler.
      state.handlerSettled();
      deps.journal.context.run(requestId, next);
    }
  });

  app.use('/_emulator', deps.adminRouter);
  app.use('/v1', v1Router);

  app.use((req: Request, _res: Response, next: NextFunction) => {
    const hint =
      routeHint(req.path, deps.contract.gateway) ||
      routeHint(req.path.replace(/^\/_emulator/, ''), deps.contract.admin, '/_emulator');
    next(
      new ApiError(
        'route_not_found',
        `no route ${req.method} ${req.path}${hint}; the API is under /v1 and the admin API under /_emulator`,
      ),
    );
  });

  // The one error envelope: whatever threw, the client gets problem+json.
  app.use(errorEnvelope);
  return app;
}

function errorEnvelope(err: unknown, _req: Request, res: Response, _next: NextFunction): void {
  const state = requestState(res);
  if (err instanceof HtmlErrorFault) {
    // An html_error fault: the page a proxy would send, off contract, so the self-check lets it pass.
    res.locals.contractExempt = true;
    state.journal.code = 'html_error';
    const page = htmlErrorPage(err.status);
    res.status(err.status);
    res.setHeader('Content-Type', 'text/html');
    res.setHeader('Content-Length', Buffer.byteLength(page));
    res.end(page);
    return;
  }
  if (err instanceof FaultAbort) {
    // A reset or hang fault took the connection: nothing is sent.
    res.locals.noResponse = true;
    state.journal.code = state.journal.fault?.kind ?? 'fault';
    return;
  }
  state.journal.code = normalizeError(err).code;
  if (err instanceof CustomApiError && err.offContract) state.journal.off_contract = true;
  sendProblem(res, err, state.requestId);
}

/** The error envelope for a request that bypassed the router; should it throw, Express takes over as it would. */
function envelopeOrNext(err: unknown, req: Request, res: Response, next: NextFunction): void {
  try {
    errorEnvelope(err, req, res, next);
  } catch (failure) {
    next(failure);
  }
}

/** Feeds the contract self-check: checks the response (its body as tapped, up to a limit) once sent. */
function watchResponse(
  deps: Pick<HttpAppDeps, 'contract' | 'contractChecker'>,
  req: Request,
  res: Response,
  tap: ResponseTap,
): void {
  const path = req.originalUrl.split('?')[0];
  res.once('finish', () => {
    if (res.locals.contractExempt) return;
    const contentType = res.getHeader('content-type') as string | undefined;
    const isAdmin = path === '/_emulator' || path.startsWith('/_emulator/');
    const table = isAdmin ? deps.contract.admin : deps.contract.gateway;
    deps.contractChecker!.checkResponse(
      checkedOperation(table, req.method, isAdmin ? path.slice('/_emulator'.length) : path),
      req.method,
      path,
      {
        offContract: requestState(res).journal.off_contract,
        status: res.statusCode,
        contentType,
        headers: res.getHeaders(),
        body: /json/.test(contentType ?? '') ? tap.whole()?.toString('utf8') : undefined,
      },
    );
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
