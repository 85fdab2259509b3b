/** Admin handlers of the STT area (openapi/admin.yaml, tag `stt`): scripted transcripts and job inspection. */
import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import { ApiError } from '../core/errors.js';
import type { OrgStore } from '../orgs/store.js';
import type { Script, ScriptInput } from './scripts.js';
import type { SttService } from './service.js';

function scriptView(s: Script): Record<string, unknown> {
  const { org_id, ...rest } = s;
  return { ...rest, org_id: org_id ?? null };
}

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
    'admin.createSttScript': (ctx: AdminContext<ScriptInput>) => {
      orgFilter(ctx.body.org_id);
      const status = ctx.body.error?.status;
      const offContract = status !== undefined && !deps.documents('stt.transcribe', status);
      sendJson(ctx, 201, scriptView(service.scripts.add(ctx.body, offContract)));
    },
    'admin.listSttScripts': (ctx) => {
      const orgId = orgFilter(ctx.query.org_id);
      sendJson(ctx, 200, { scripts: service.scripts.list(orgId).map(scriptView) });
    },
    'admin.clearSttScripts': (ctx) => {
      const orgId = orgFilter(ctx.query.org_id);
      sendJson(ctx, 200, { deleted: service.scripts.clear(orgId) });
    },
    'admin.deleteSttScript': (ctx) => {
      if (!service.scripts.delete(ctx.params.scriptId))
        throw new ApiError('not_found', `no STT script '${ctx.params.scriptId}'`);
      ctx.res.status(204).end();
    },
    'admin.listSttJobs': async (ctx) => {
      const orgId = orgFilter(ctx.query.org_id);
      const jobs = service.listJobs(orgId);
      sendJson(ctx, 200, { jobs: jobs instanceof Promise ? await jobs : jobs });
    },
  };
}
