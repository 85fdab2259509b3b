/**
 * The SandboxLookup over the sandboxes' records (lookup.ts): ready as soon as the state exists, before the
 * parts that filter or match by sandbox (faults, journal, ledger) are built, and before the service.
 */
import { andThen, type MaybePromise } from '../core/maybe.js';
import { ApiError } from '../core/errors.js';
import type { SandboxLookup } from './lookup.js';
import type { SandboxState } from './sandbox-state.js';

export class SandboxDirectory implements SandboxLookup {
  constructor(private readonly state: Pick<SandboxState, 'get' | 'find' | 'ofOrg'>) {}

  /** At once from what this instance keeps at hand; with Redis, one read of Redis on a miss. */
  orgOf(id: string): MaybePromise<string> {
    const known = this.state.get(id);
    if (known) return known.org_id;
    return andThen(this.state.find(id), (record) => {
      if (!record) throw new ApiError('not_found', `no sandbox ${id}`);
      return record.org_id;
    });
  }

  sandboxOf(orgId: string): string | undefined {
    return this.state.ofOrg(orgId)?.id;
  }
}
