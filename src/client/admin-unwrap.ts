/**
 * How the typed admin client reads an answer: the success body, or `AdminApiError` with the problem the
 * emulator sent, naming the request that got it.
 */
import type { components } from './admin-api.js';

type AdminProblem = components['schemas']['Problem'];

/** A non-2xx answer of the admin API, with the problem+json body it carried. */
export class AdminApiError extends Error {
  override readonly name = 'AdminApiError';
  readonly status: number;
  /** The problem's `code` (`not_found`, `admin_unauthorized`, `validation_failed`...). */
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly requestId: string | undefined;
  /** The parsed problem, or undefined when the body was not one. */
  readonly problem: AdminProblem | undefined;
  /** The raw body when it was not a problem. */
  readonly body: unknown;

  constructor(method: string, url: string, status: number, body: unknown) {
    const problem = isProblem(body) ? body : undefined;
    const what = problem ? `${problem.code}${problem.detail ? `: ${problem.detail}` : ''}` : truncate(body);
    super(`${method} ${url} answered ${status} ${what}`);
    this.status = status;
    this.problem = problem;
    this.code = problem?.code;
    this.detail = problem?.detail;
    this.requestId = problem?.request_id;
    this.body = body;
  }
}

/** A `waitFor` that saw no match in time. */
export class AdminWaitTimeoutError extends Error {
  override readonly name = 'AdminWaitTimeoutError';
}

function isProblem(body: unknown): body is AdminProblem {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { code?: unknown }).code === 'string' &&
    typeof (body as { status?: unknown }).status === 'number'
  );
}

function truncate(body: unknown): string {
  const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? '');
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

export type Result<D> = { data?: D; error?: unknown; response: Response };

export async function unwrap<D>(pending: Promise<Result<D>>): Promise<D> {
  const { data, error, response } = await pending;
  if (!response.ok) {
    const sent = sentRequests.get(response);
    const url = new URL(sent?.url ?? (response.url || 'http://unknown/'));
    throw new AdminApiError(sent?.method ?? 'request to', url.pathname + url.search, response.status, error);
  }
  return data as D;
}

// openapi-fetch shows the Request it sent only to middleware; errors name it, so it is kept from there.
export const sentRequests = new WeakMap<Response, Request>();
