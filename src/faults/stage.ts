/**
 * The fault stage of the /v1 pipeline. It runs after validation (so rules can match the RAG `mode`) and
 * before the handler, so an injected error never reaches the handler and is never billed.
 */
import type { IncomingMessage } from 'node:http';
import type { Principal } from '../auth/principal.js';
import type { OperationContext, Stage } from '../http/context.js';
import {
  ApiError,
  CustomApiError,
  errorDefinition,
  isErrorCode,
  type AnyApiError,
  type ErrorCode,
} from '../core/errors.js';
import type { Metering } from '../metering/index.js';
import type { OptionalFieldsSource } from '../contract/optional-fields.js';
import { armResponseFaults } from './response.js';
import { HtmlErrorFault, htmlErrorStatus } from './html-page.js';
import { requestFaultRule } from './header.js';
import { defaultCode } from './kinds.js';
import type { FaultHit, FaultRule, FaultStore, FaultTarget } from './store.js';

/** The longest a `hang` holds a request when the client never gives up (wall time). */
export const HANG_LIMIT_MS = 10 * 60 * 1000;

export function targetOf(ctx: OperationContext): FaultTarget {
  return {
    operation: ctx.operation.operationId,
    method: ctx.req.method,
    path: ctx.req.baseUrl + ctx.req.path,
    orgId: ctx.principal.orgId,
    keyId: ctx.principal.keyId,
    environment: ctx.principal.environment,
    mode: typeof ctx.body?.mode === 'string' ? ctx.body.mode : undefined,
    scope: ctx.testScope,
    requestRule: requestFaultRule(ctx.req),
  };
}

function wallSleep(ms: number, signal?: AbortSignal): Promise<void> {
  // Latency and hangs are about real client timeouts, so they run in wall time, not clock time.
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, ms));
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The error an `error` rule answers with: its status and code, with the spec's headers for 429 and 409. */
export function injectedError(
  hit: FaultHit,
  metering: Metering,
  principal?: Pick<Principal, 'keyId' | 'environment'>,
): CustomApiError {
  const rule = hit.rule;
  const status = rule.status ?? 500;
  const code = rule.code ?? defaultCode(status);
  const title = isErrorCode(code) ? errorDefinition(code).title : 'Injected fault';
  const headers: Record<string, number> = {};
  if (status === 429) {
    const retry = rule.retry_after ?? 1;
    const limit = principal ? metering.rateLimiter.ruleFor(principal.keyId, principal.environment).limit : 0;
    Object.assign(headers, {
      'RateLimit-Limit': limit,
      'RateLimit-Remaining': 0,
      'RateLimit-Reset': retry,
      'Retry-After': retry,
    });
  } else if (status === 409 || rule.retry_after !== undefined) {
    headers['Retry-After'] = rule.retry_after ?? 5;
  }
  return new CustomApiError(status, code, title, rule.detail ?? `injected by fault rule ${rule.id}`, headers);
}

/**
 * The error a `job_fail` rule fails a job with: the rule's code and detail; without a code, the area's own
 * failure code (`transcription_failed`, `indexing_failed`). The status is the rule's, else the code's.
 */
export function jobFailError(
  rule: Pick<FaultRule, 'id' | 'code' | 'detail' | 'status'>,
  areaCode: ErrorCode,
  what: string,
): AnyApiError {
  const code = rule.code ?? areaCode;
  const detail = rule.detail ?? `${what} failed (fault rule ${rule.id})`;
  if (isErrorCode(code) && (rule.status === undefined || rule.status === errorDefinition(code).status))
    return new ApiError(code, detail);
  const status = rule.status ?? (isErrorCode(code) ? errorDefinition(code).status : 502);
  return new CustomApiError(
    status,
    code,
    isErrorCode(code) ? errorDefinition(code).title : 'Injected fault',
    detail,
  );
}

export function faultStage(faults: FaultStore, metering: Metering, contract?: OptionalFieldsSource): Stage {
  return async (ctx) => {
    const target = targetOf(ctx);
    if (contract) armResponseFaults(faults, contract, ctx, target);
    const taken = faults.take('request', target);
    // A promise only for a counted rule under a shared store (claimed in Redis): the memory path stays synchronous.
    const hit = taken instanceof Promise ? await taken : taken;
    if (!hit) return;
    ctx.journal.fault = hit.journal;
    ctx.journal.off_contract = hit.offContract;
    await applyRequestFault(hit, faults, metering, ctx.req, ctx.signal, ctx.principal);
  };
}

/** Carries out a request fault that matched: waits, throws the injected error, or takes the connection. */
export async function applyRequestFault(
  hit: FaultHit,
  faults: FaultStore,
  metering: Metering,
  req: IncomingMessage,
  signal: AbortSignal,
  principal?: Pick<Principal, 'keyId' | 'environment'>,
): Promise<void> {
  const rule = hit.rule;
  switch (rule.kind) {
    case 'latency':
      await wallSleep((rule.latency_ms ?? 0) + (rule.jitter_ms ? faults.jitter(rule.jitter_ms) : 0), signal);
      return;
    case 'error':
      throw injectedError(hit, metering, principal);
    case 'html_error':
      throw new HtmlErrorFault(htmlErrorStatus(rule));
    case 'reset':
      resetConnection(req);
      throw new FaultAbort();
    case 'hang':
      await wallSleep(HANG_LIMIT_MS, signal);
      req.socket.destroy();
      throw new FaultAbort();
  }
}

export function resetConnection(req: IncomingMessage): void {
  const socket = req.socket as IncomingMessage['socket'] & { resetAndDestroy?: () => void };
  if (socket.resetAndDestroy) socket.resetAndDestroy();
  else socket.destroy();
}

/** Thrown after a fault took the connection away: there is no one left to answer. */
export class FaultAbort extends Error {
  constructor() {
    super('connection taken by a fault');
    this.name = 'FaultAbort';
  }
}
