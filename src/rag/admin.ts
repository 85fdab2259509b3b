/** Admin handlers of the RAG area (openapi/admin.yaml, tag `rag`): tenant state, faults, search log. */
import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import type { RagStore } from './store.js';
import type { TenantManager, TenantState } from './tenants.js';

interface RagTenantUpdateBody {
  state?: TenantState;
  hold?: boolean;
  not_provisioned_seconds?: number;
  provisioning_seconds?: number;
  idle_after_seconds?: number;
  resume_seconds?: number;
  fail_next_jobs?: number;
}

export function ragAdminHandlers(deps: {
  tenants: TenantManager;
  store: RagStore;
  /** With a shared store: waits for this call's writes to reach it (src/rag/redis-rag.ts). */
  settled?: () => Promise<void>;
}): Record<string, AdminHandler> {
  const requireOrg = (ctx: AdminContext) => {
    const org = ctx.emulator.orgs.getOrg(ctx.params.id);
    if (!org) throw new ApiError('not_found', `no organization ${ctx.params.id}`);
    return org;
  };
  const view = (ctx: AdminContext) => {
    const org = requireOrg(ctx);
    const state = deps.store.peek(org.id);
    const stats = state?.index.stats();
    return {
      org_id: org.id,
      rag_entitled: org.ragEntitled,
      tenant: deps.tenants.view(org.id) ?? null,
      documents: state?.documents.size ?? 0,
      chunks: stats?.chunks ?? 0,
      stored_bytes: { live: state?.storedBytes('live') ?? 0, test: state?.storedBytes('test') ?? 0 },
      pending_jobs: [...(state?.jobs.values() ?? [])].filter((j) => j.status === 'processing').length,
      fail_next_jobs: state?.failNextJobs ?? 0,
    };
  };
  // With a shared store the org's documents and jobs are brought up to date before they are counted.
  const fresh = (ctx: AdminContext) => deps.store.replica?.sync(requireOrg(ctx).id);
  return {
    'admin.getRagTenant': async (ctx) => {
      const pending = fresh(ctx);
      if (pending) await pending;
      sendJson(ctx, 200, view(ctx));
    },
    'admin.updateRagTenant': async (ctx: AdminContext<RagTenantUpdateBody>) => {
      const org = requireOrg(ctx);
      // While the shared store is down: 502 before anything changes.
      deps.store.replica?.assertWritable();
      const b = ctx.body;
      const durations = {
        notProvisionedSeconds: b.not_provisioned_seconds,
        provisioningSeconds: b.provisioning_seconds,
        idleAfterSeconds: b.idle_after_seconds,
        resumeSeconds: b.resume_seconds,
      };
      deps.tenants.update(org.id, { state: b.state, hold: b.hold, durations });
      if (b.fail_next_jobs !== undefined) deps.store.org(org.id).failNextJobs = b.fail_next_jobs;
      if (deps.settled) await deps.settled();
      const pending = fresh(ctx);
      if (pending) await pending;
      sendJson(ctx, 200, view(ctx));
    },
    'admin.listRagSearches': (ctx) => {
      const org = requireOrg(ctx);
      sendJson(ctx, 200, { searches: [...(deps.store.peek(org.id)?.searches ?? [])].reverse() });
    },
  };
}
