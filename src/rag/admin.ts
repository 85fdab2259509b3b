/** Admin handlers of the RAG area (openapi/admin.yaml, tag `rag`): tenant state, faults, search log. */
import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import { ApiError } from '../core/errors.js';
import type { OrgStore } from '../orgs/store.js';
import type { RagState } from './rag-state.js';
import type { OrgRagState } from './store.js';
import type { TenantManager } from './tenants.js';
import type { RagTenantUpdate } from '../contract/admin-types.js';

export function ragAdminHandlers(deps: {
  orgs: Pick<OrgStore, 'getOrg'>;
  tenants: TenantManager;
  state: RagState;
}): Record<string, AdminHandler> {
  const requireOrg = (ctx: AdminContext) => {
    const org = deps.orgs.getOrg(ctx.params.id);
    if (!org) throw new ApiError('not_found', `no organization ${ctx.params.id}`);
    return org;
  };
  const view = (orgId: string, ragEntitled: boolean, state: OrgRagState) => {
    const stats = state.index.stats();
    return {
      org_id: orgId,
      rag_entitled: ragEntitled,
      tenant: deps.tenants.view(orgId) ?? null,
      documents: state.documents.size,
      chunks: stats.chunks,
      stored_bytes: { live: state.storedBytes('live'), test: state.storedBytes('test') },
      pending_jobs: [...state.jobs.values()].filter((j) => j.status === 'processing').length,
      fail_next_jobs: deps.state.local(orgId).failNextJobs,
    };
  };
  // With Redis the org's documents and jobs are brought up to date, and a load's index built, before they are counted.
  const send = async (ctx: AdminContext) => {
    const read = deps.state.searchable(requireOrg(ctx).id);
    const state = read instanceof Promise ? await read : read;
    const org = requireOrg(ctx);
    sendJson(ctx, 200, view(org.id, org.ragEntitled, state));
  };
  return {
    'admin.getRagTenant': (ctx) => send(ctx),
    'admin.updateRagTenant': async (ctx: AdminContext<RagTenantUpdate>) => {
      const org = requireOrg(ctx);
      const b = ctx.body;
      const durations = {
        notProvisionedSeconds: b.not_provisioned_seconds,
        provisioningSeconds: b.provisioning_seconds,
        idleAfterSeconds: b.idle_after_seconds,
        resumeSeconds: b.resume_seconds,
      };
      deps.tenants.update(org.id, { state: b.state, hold: b.hold, durations });
      if (b.fail_next_jobs !== undefined) deps.state.local(org.id).failNextJobs = b.fail_next_jobs;
      await send(ctx);
    },
    'admin.listRagSearches': (ctx) => {
      const org = requireOrg(ctx);
      sendJson(ctx, 200, { searches: [...deps.state.local(org.id).searches].reverse() });
    },
  };
}
