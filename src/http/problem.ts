import type { Duplex } from 'node:stream';
import type { Response } from 'express';
import { redactApiKeys } from '../core/api-keys.js';
import { keepResponseJson } from '../observe/capture.js';
import { ApiError, convertsToApiError, isApiError, type AnyApiError } from '../core/errors.js';

/** The RFC 9457 body, with exactly the fields of the specification's Problem. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  code: string;
  request_id: string;
}

export function toProblem(err: AnyApiError, requestId: string, instance?: string): Problem {
  const problem: Problem = {
    type: 'about:blank',
    title: err instanceof ApiError ? err.title : err.title,
    status: err.status,
    code: err.code,
    request_id: requestId,
  };
  // Details and paths may repeat client input; a key sent in the wrong place is never echoed.
  if (err.detail) problem.detail = redactApiKeys(err.detail);
  if (instance) problem.instance = redactApiKeys(instance);
  return problem;
}

/** Turns anything thrown into an API error; unknown errors become 500 `internal_error`. */
export function normalizeError(err: unknown): AnyApiError {
  if (isApiError(err)) return err;
  if (convertsToApiError(err)) return err.toApiError();
  return new ApiError('internal_error', 'The emulator hit an unexpected error; see its log for the stack.');
}

/** The single exit for every error response of the emulator. */
export function sendProblem(res: Response, err: unknown, requestId: string): void {
  const apiError = normalizeError(err);
  if (apiError.status >= 500 && !isApiError(err) && !convertsToApiError(err)) {
    console.error('[svc-emulator] unexpected error:', err);
  }
  if (res.headersSent) {
    // A streamed response already started: the only honest signal left is to cut the connection.
    res.destroy();
    return;
  }
  for (const [name, value] of Object.entries(apiError.headers)) res.setHeader(name, String(value));
  const body = JSON.stringify(toProblem(apiError, requestId, res.req?.originalUrl?.split('?')[0]));
  res.status(apiError.status);
  res.setHeader('Content-Type', 'application/problem+json');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  keepResponseJson(res, body);
  res.end(body);
}

/** Writes a whole HTTP problem response on a raw socket and closes it (refused upgrades, unparseable requests). */
export function writeProblemToSocket(
  socket: Duplex,
  err: ReturnType<typeof normalizeError>,
  requestId: string,
  path?: string,
): void {
  const body = JSON.stringify(toProblem(err, requestId, path));
  const extra = Object.entries(err.headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const reason = err.title.replace(/[^\x20-\x7e]/g, '');
  socket.end(
    `HTTP/1.1 ${err.status} ${reason}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${requestId}\r\n${extra}Connection: close\r\n\r\n${body}`,
  );
}
