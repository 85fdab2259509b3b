import { sendJson } from '../http/context.js';
import { ApiError } from '../http/errors.js';
/** An `org_id` given to the admin API must name an existing organization. */
function orgFilter(ctx, orgId) {
    if (orgId === undefined)
        return undefined;
    const id = orgId; // the schema says string
    if (!ctx.emulator.orgs.getOrg(id))
        throw new ApiError('not_found', `no organization '${id}'`);
    return id;
}
function scriptView(s) {
    const { org_id, ...rest } = s;
    return { ...rest, org_id: org_id ?? null };
}
export function sttAdminHandlers(service) {
    return {
        'admin.createSttScript': (ctx) => {
            orgFilter(ctx, ctx.body.org_id);
            const status = ctx.body.error?.status;
            const offContract = status !== undefined && !ctx.emulator.contract.gateway.documents('stt.transcribe', status);
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
            sendJson(ctx, 200, { jobs: await service.listJobs(orgId) });
        },
    };
}
