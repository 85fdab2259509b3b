/** Admin handlers of the STT area (openapi/admin.yaml, tag `stt`): scripted transcripts and job inspection. */
import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import type { Script, ScriptInput } from './scripts.js';
import type { SttService } from './service.js';

/** An `org_id` given to the admin API must name an existing organization. */
function orgFilter(ctx: AdminContext, orgId: unknown): string | undefined {
  if (orgId === undefined) return undefined;
  const id = orgId as string; // the schema says string
  if (!ctx.emulator.orgs.getOrg(id)) throw new ApiError('not_found', `no organization '${id}'`);
  return id;
}

function scriptView(s: Script): Record<string, unknown> {
  const { org_id, ...rest } = s;
  return { ...rest, org_id: org_id ?? null };
}

export function sttAdminHandlers(service: SttService): Record<string, AdminHandler> {
  return {
    'admin.createSttScript': (ctx: AdminContext<ScriptInput>) => {
      orgFilter(ctx, ctx.body.org_id);
      const status = ctx.body.error?.status;
      const offContract =
        status !== undefined && !ctx.emulator.contract.gateway.documents('stt.transcribe', status);
      sendJson(ctx, 201, scriptView(service.scripts.add(ctx.body, offContract)));
    },
    'admin.listSttScripts': (ctx) => {
      const orgId = orgFilter(ctx, ctx.query.org_id);
      sendJson(ctx, 200, { scripts: service.scripts.list(orgId).map(scriptView) });
    },
    'admin.clearSttScripts': (ctx) => {
      const orgId = orgFilter(ctx, ctx.query.org_id);
      sendJson(ctx, 200, { deleted: service.scripts.clear(orgId) });
    },
    'admin.deleteSttScript': (ctx) => {
      if (!service.scripts.delete(ctx.params.scriptId))
        throw new ApiError('not_found', `no STT script '${ctx.params.scriptId}'`);
      ctx.res.status(204).end();
    },
    'admin.listSttJobs': async (ctx) => {
      const orgId = orgFilter(ctx, ctx.query.org_id);
      const jobs = service.listJobs(orgId);
      sendJson(ctx, 200, { jobs: jobs instanceof Promise ? await jobs : jobs });
    },
  };
}
