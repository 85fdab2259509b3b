/** Admin handlers of the TTS scripts (openapi/admin.yaml, `/tts/scripts`); the body is checked by its schema. */
import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import type { Contract } from '../contract/emulator-contract.js';
import { sendJson } from '../http/context.js';
import { ApiError } from '../core/errors.js';
import type { OrgStore } from '../orgs/store.js';
import type { TtsScript, TtsScriptInput, TtsScripts } from './scripts.js';

function scriptView(s: TtsScript): Record<string, unknown> {
  const { org_id, ...rest } = s;
  return { ...rest, org_id: org_id ?? null };
}

export function ttsScriptAdminHandlers(deps: {
  scripts: TtsScripts;
  orgs: Pick<OrgStore, 'getOrg'>;
  contract: Pick<Contract, 'gateway'>;
}): Record<string, AdminHandler> {
  const { scripts } = deps;
  const orgFilter = (orgId: unknown): string | undefined => {
    if (orgId === undefined) return undefined;
    const id = orgId as string; // the schema says string
    if (!deps.orgs.getOrg(id)) throw new ApiError('not_found', `no organization '${id}'`);
    return id;
  };
  return {
    'admin.createTtsScript': (ctx: AdminContext<TtsScriptInput>) => {
      orgFilter(ctx.body.org_id);
      if (ctx.body.error && (ctx.body.duration_seconds !== undefined || ctx.body.format !== undefined))
        throw new ApiError(
          'validation_failed',
          'body.error: an error script answers with the error only; leave out duration_seconds and format',
        );
      const status = ctx.body.error?.status;
      const offContract = status !== undefined && !deps.contract.gateway.documents('tts.speak', status);
      sendJson(ctx, 201, scriptView(scripts.add(ctx.body, offContract)));
    },
    'admin.listTtsScripts': (ctx) => {
      sendJson(ctx, 200, { scripts: scripts.list(orgFilter(ctx.query.org_id)).map(scriptView) });
    },
    'admin.clearTtsScripts': (ctx) => {
      sendJson(ctx, 200, { deleted: scripts.clear(orgFilter(ctx.query.org_id)) });
    },
    'admin.deleteTtsScript': (ctx) => {
      if (!scripts.delete(ctx.params.scriptId))
        throw new ApiError('not_found', `no TTS script '${ctx.params.scriptId}'`);
      ctx.res.status(204).end();
    },
  };
}
