/** The snapshots area's error catalog (merged into src/http/errors.ts). */
export const snapshotErrors = {
  invalid_state: { status: 422, title: 'Invalid state document' },
  unsupported_state_version: { status: 422, title: 'Unsupported state document version' },
  state_too_large: { status: 413, title: 'State document too large' },
  load_in_progress: { status: 409, title: 'A state load is in progress' },
} as const;
