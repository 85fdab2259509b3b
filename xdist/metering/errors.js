/**
 * The metering area's error catalog. All three are 429s; the `code` is what separates a rate limit from
 * a credit or test quota (the spec leaves that code "not shown").
 */
export const meteringErrors = {
    rate_limited: { status: 429, title: 'Rate limit exceeded' },
    insufficient_credits: { status: 429, title: 'Insufficient credits' },
    test_quota_exceeded: { status: 429, title: 'Test quota exceeded' },
};
export class MeteringError extends Error {
    code;
    detail;
    retryAfterSeconds;
    status;
    title;
    constructor(code, 
    /** Names the rule and the numbers, e.g. "this request costs 12.5 credits; the organization's balance is 3.2". */
    detail, 
    /** Integer seconds for the Retry-After header (at least 1). */
    retryAfterSeconds) {
        super(detail);
        this.code = code;
        this.detail = detail;
        this.retryAfterSeconds = retryAfterSeconds;
        this.name = 'MeteringError';
        this.status = meteringErrors[code].status;
        this.title = meteringErrors[code].title;
        this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
    }
}
