/**
 * How other areas name a sandbox (issue 24): `?sandbox=ID` filters, the fault match field `sandbox`, a scenario
 * applied to a sandbox. They resolve it to its organization through this, and never read the sandboxes' state.
 */
import type { MaybePromise } from '../core/maybe.js';

export interface SandboxLookup {
  /** The organization of sandbox `id`; throws 404 `not_found` ("no sandbox ID") when there is none. */
  orgOf(id: string): MaybePromise<string>;
  /** The sandbox that owns `orgId`, if one does. */
  sandboxOf(orgId: string): string | undefined;
}

/**
 * A lookup that asks `get()` at each call: the admin tables that filter by sandbox are built before the
 * sandboxes' service exists (the service builds organizations through them).
 */
export function deferredLookup(get: () => SandboxLookup): SandboxLookup {
  return {
    orgOf: (id) => get().orgOf(id),
    sandboxOf: (orgId) => get().sandboxOf(orgId),
  };
}
