/** The sandboxes area's error catalog (merged into src/http/errors.ts). */
export const sandboxErrors = {
  sandbox_limit: { status: 409, title: 'Too many sandboxes' },
  sandbox_without_clock: { status: 409, title: 'Sandbox without a clock of its own' },
  invalid_clock_change: { status: 422, title: 'Invalid clock change' },
} as const;
