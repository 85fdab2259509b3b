/** The snapshots area's error catalog (merged into the catalog by the root, src/app/errors.ts). */
import type { CodesOf, ErrorDefinition } from '../core/errors.js';
export const snapshotErrors = {
  invalid_state: { status: 422, title: 'Invalid state document' },
  unsupported_state_version: { status: 422, title: 'Unsupported state document version' },
  state_too_large: { status: 413, title: 'State document too large' },
  load_in_progress: { status: 409, title: 'A state load is in progress' },
} as const satisfies Record<string, ErrorDefinition>;

declare module '../core/errors.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaErrorCodes extends CodesOf<typeof snapshotErrors> {}
}
