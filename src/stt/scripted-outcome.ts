/**
 * What a script registered for an upload (scripts.ts) answers: its transcript, or its error exactly as
 * registered. Used by SttService (service.ts), the realtime session and the TTS and RAG areas.
 */
import { CustomApiError, errorDefinition, isErrorCode } from '../core/errors.js';
import { scriptedTranscript, type Script } from './scripts.js';
import type { Outcome } from './service.js';

export function scriptOutcome(script: Script, seconds: number): Outcome {
  if (script.error) return { kind: 'error', error: scriptedError(script) };
  return { kind: 'transcript', transcript: scriptedTranscript(script, seconds), seconds };
}

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  422: 'Unprocessable request',
  429: 'Too many requests',
  500: 'Internal gateway error',
  502: 'Upstream service error',
  503: 'Service unavailable',
  504: 'Upstream timeout',
};

/** A scripted error exactly as registered; a 429 carries the RateLimit headers the spec requires. */
export function scriptedError(script: Pick<Script, 'error' | 'id' | 'off_contract'>): CustomApiError {
  const e = script.error!;
  const title =
    e.title ??
    (isErrorCode(e.code) ? errorDefinition(e.code).title : (STATUS_TITLES[e.status] ?? 'Scripted error'));
  const headers: Record<string, number> =
    e.status === 429
      ? { 'RateLimit-Limit': 1, 'RateLimit-Remaining': 0, 'RateLimit-Reset': 1, 'Retry-After': 1 }
      : {};
  const error = new CustomApiError(
    e.status,
    e.code,
    title,
    e.detail ?? `scripted error (script ${script.id})`,
    headers,
  );
  error.offContract = script.off_contract;
  return error;
}
