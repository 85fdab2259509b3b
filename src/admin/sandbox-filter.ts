/**
 * `?sandbox=ID` on the admin reads (issue 24): the sandbox resolved to its organization once per call, through
 * the SandboxLookup (an unknown id is 404 `not_found`, "no sandbox ID").
 */
import { ApiError } from '../core/errors.js';
import type { SandboxLookup } from '../sandboxes/lookup.js';

/** What a sandbox filter keeps: its organization's entries (and, where entries have one, its test scope). */
export interface SandboxScope {
  id: string;
  org_id: string;
}

export async function sandboxScope(
  lookup: SandboxLookup,
  id: string | undefined,
): Promise<SandboxScope | undefined> {
  if (id === undefined) return undefined;
  return { id, org_id: await lookup.orgOf(id) };
}

/**
 * The organization a read is about when it names one by `org_id` or by `sandbox`: the two name the same
 * thing, so giving both is refused (422), and so is neither when `required`.
 */
export async function orgOrSandbox(
  lookup: SandboxLookup,
  query: { org_id?: string; sandbox?: string },
  required: boolean,
): Promise<string | undefined> {
  if (query.org_id !== undefined && query.sandbox !== undefined)
    throw new ApiError(
      'validation_failed',
      'give either org_id or sandbox, not both: a sandbox already names its organization',
    );
  if (query.sandbox !== undefined) return lookup.orgOf(query.sandbox);
  if (query.org_id === undefined && required)
    throw new ApiError(
      'validation_failed',
      'org_id or sandbox is required: the organization whose ledger to read',
    );
  return query.org_id;
}
