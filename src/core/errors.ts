/**
 * The error type and the one error catalog: every `code` the emulator can answer with, its HTTP status and
 * title. This file is a leaf: the core codes are here, each product area declares its own table in
 * `<area>/errors.ts` (and its codes into `AreaErrorCodes` below), and the root merges the tables into the
 * catalog at start (`registerErrors`), so a code is defined exactly once and every problem body is built
 * from it.
 */
export interface ErrorDefinition {
  readonly status: number;
  readonly title: string;
}

export const coreErrors = {
  invalid_json: { status: 400, title: 'Malformed JSON body' },
  invalid_multipart: { status: 400, title: 'Malformed multipart body' },
  malformed_request: { status: 400, title: 'Malformed HTTP request' },
  plain_http_to_tls_port: { status: 400, title: 'Plain HTTP request sent to an HTTPS port' },
  unsupported_content_type: { status: 400, title: 'Unsupported content type' },
  body_too_large: { status: 400, title: 'Request body too large' },
  missing_api_key: { status: 401, title: 'Missing API key' },
  malformed_api_key: { status: 401, title: 'Malformed API key' },
  invalid_api_key: { status: 401, title: 'Invalid API key' },
  api_key_revoked: { status: 401, title: 'API key revoked' },
  invalid_ws_token: { status: 401, title: 'Invalid WebSocket token' },
  insufficient_scope: { status: 403, title: 'Insufficient scope' },
  route_not_found: { status: 404, title: 'Route not found' },
  not_found: { status: 404, title: 'Resource not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  validation_failed: { status: 422, title: 'Validation failed' },
  json_too_deep: { status: 422, title: 'JSON nested too deeply' },
  invalid_fault_header: { status: 422, title: 'Invalid X-Emulator-Fault header' },
  scenario_not_scopable: { status: 422, title: 'Scenario cannot be applied to a sandbox' },
  internal_error: { status: 500, title: 'Internal gateway error' },
  not_implemented: { status: 501, title: 'Not implemented by the emulator yet' },
  upstream_error: { status: 502, title: 'Upstream service error' },
  upstream_timeout: { status: 504, title: 'Upstream timeout' },
  admin_unauthorized: { status: 401, title: 'Admin token required' },
  upgrade_required: { status: 400, title: 'WebSocket upgrade required' },
  emulator_not_ready: { status: 503, title: 'Emulator not ready' },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * The codes the product areas add, declared by each area's `errors.ts` through module augmentation
 * (`declare module '../core/errors.js' { interface AreaErrorCodes extends CodesOf<typeof table> {} }`), so the
 * type of every code is known here without this file importing an area.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AreaErrorCodes {}

/** What an area's table contributes to `AreaErrorCodes`. */
export type CodesOf<T> = { readonly [K in keyof T]: ErrorDefinition };

export type ErrorCode = keyof typeof coreErrors | keyof AreaErrorCodes;

const catalog = new Map<string, ErrorDefinition>(Object.entries(coreErrors));

/** Merges an area's table into the catalog; a code defined twice with another status or title is a bug. */
export function registerErrors(table: Readonly<Record<string, ErrorDefinition>>): void {
  for (const [code, definition] of Object.entries(table)) {
    const known = catalog.get(code);
    if (known && (known.status !== definition.status || known.title !== definition.title))
      throw new Error(`error code ${code} is defined twice`);
    catalog.set(code, definition);
  }
}

export function isErrorCode(code: string): code is ErrorCode {
  return catalog.has(code);
}

/** The status and title of a code in the catalog. */
export function errorDefinition(code: ErrorCode): ErrorDefinition {
  const definition = catalog.get(code);
  if (!definition)
    throw new Error(`error code ${code} is not in the catalog (its area's table is not registered)`);
  return definition;
}

/** An error of an area that knows its own problem (metering's 429s carry their Retry-After). */
export interface ConvertsToApiError {
  toApiError(): ApiError;
}

export function convertsToApiError(err: unknown): err is ConvertsToApiError {
  return typeof (err as Partial<ConvertsToApiError> | null)?.toApiError === 'function';
}

/** An error that leaves the emulator as a problem+json response. */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string;

  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
    readonly headers: Record<string, string | number> = {},
  ) {
    const definition = errorDefinition(code);
    super(detail ?? definition.title);
    this.name = 'ApiError';
    this.status = definition.status;
    this.title = definition.title;
  }
}

/**
 * An error with a status and code chosen at run time (fault injection, scripted STT errors). The code
 * need not be in the catalog; the status must be a valid HTTP error status.
 */
export class CustomApiError extends Error {
  /** The status is not one the operation documents (decision F9); the journal entry says so. */
  offContract = false;

  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail?: string,
    readonly headers: Record<string, string | number> = {},
  ) {
    super(detail ?? title);
    this.name = 'CustomApiError';
  }
}

export type AnyApiError = ApiError | CustomApiError;

export function isApiError(err: unknown): err is AnyApiError {
  return err instanceof ApiError || err instanceof CustomApiError;
}
