/**
 * The metering area's error catalog. All three are 429s; the `code` is what separates a rate limit from
 * a credit or test quota (the spec leaves that code "not shown").
 */
import { ApiError, type CodesOf, type ConvertsToApiError, type ErrorDefinition } from '../core/errors.js';
export const meteringErrors = {
  rate_limited: { status: 429, title: 'Rate limit exceeded' },
  insufficient_credits: { status: 429, title: 'Insufficient credits' },
  test_quota_exceeded: { status: 429, title: 'Test quota exceeded' },
} as const satisfies Record<string, ErrorDefinition>;

declare module '../core/errors.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaErrorCodes extends CodesOf<typeof meteringErrors> {}
}

export type MeteringErrorCode = keyof typeof meteringErrors;

export class MeteringError extends Error implements ConvertsToApiError {
  readonly status: number;
  readonly title: string;

  constructor(
    readonly code: MeteringErrorCode,
    /** Names the rule and the numbers, e.g. "this request costs 12.5 credits; the organization's balance is 3.2". */
    readonly detail: string,
    /** Integer seconds for the Retry-After header (at least 1). */
    readonly retryAfterSeconds: number,
  ) {
    super(detail);
    this.name = 'MeteringError';
    this.status = meteringErrors[code].status;
    this.title = meteringErrors[code].title;
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }

  toApiError(): ApiError {
    return new ApiError(this.code, this.detail, { 'Retry-After': this.retryAfterSeconds });
  }
}
