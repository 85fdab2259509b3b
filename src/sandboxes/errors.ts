/** The sandboxes area's error catalog (merged into the catalog by the root, src/app/errors.ts). */
import type { CodesOf, ErrorDefinition } from '../core/errors.js';
export const sandboxErrors = {
  sandbox_limit: { status: 409, title: 'Too many sandboxes' },
  sandbox_without_clock: { status: 409, title: 'Sandbox without a clock of its own' },
  invalid_clock_change: { status: 422, title: 'Invalid clock change' },
} as const satisfies Record<string, ErrorDefinition>;

declare module '../core/errors.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaErrorCodes extends CodesOf<typeof sandboxErrors> {}
}
