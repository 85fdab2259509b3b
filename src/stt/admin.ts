/** Admin handlers of the STT area (openapi/admin.yaml, tag `stt`): scripted transcripts and job inspection. */
import type { AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import { ApiError } from '../core/errors.js';
import type { OrgStore } from '../orgs/store.js';
import { sttScriptAdminHandlers } from './script-admin.js';
import type { SttService } from './service.js';

export function sttAdminHandlers(deps: {
  service: SttService;
  orgs: Pick<OrgStore, 'getOrg'>;
  /** Whether the gateway's contract documents `status` for an operation (a script's error may be off it). */
  documents: (operationId: string, status: number) => boolean;
}): Record<string, AdminHandler> {
  const { service } = deps;
  /** An `org_id` given to the admin API must name an existing organization. */
  const orgFilter = (orgId: unknown): string | undefined => {
    if (orgId === undefined) return undefined;
    const id = orgId as string; // the schema says string
    if (!deps.orgs.getOrg(id)) throw new ApiError('not_found', `no organization '${id}'`);
    return id;
  };
  return {
    ...sttScriptAdminHandlers({ scripts: service.scripts, orgs: deps.orgs, documents: deps.documents }),
    'admin.listSttJobs': async (ctx) => {
      const orgId = orgFilter(ctx.query.org_id);
      const jobs = service.listJobs(orgId);
      sendJson(ctx, 200, { jobs: jobs instanceof Promise ? await jobs : jobs });
    },
  };
}
