import { sendJson } from '../http/context.js';
import { ApiError } from '../core/errors.js';
import type { OrgSection } from '../area/area.js';
import type { KeyCreate, OrgCreate, OrgUpdate } from '../contract/admin-types.js';
import { publicKeyView, type OrgStore } from './store.js';
import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import { orgView } from './views.js';

/** Organizations and their API keys, keyed by operationId in openapi/admin.yaml. */
export function orgAdminHandlers(deps: {
  orgs: Pick<
    OrgStore,
    'getOrg' | 'createOrg' | 'listOrgs' | 'updateOrg' | 'createKey' | 'listKeys' | 'revokeKey'
  >;
  /** The sections the areas add to an organization's view and write (Area.orgSections), read at each call. */
  sections: readonly OrgSection[];
}): Record<string, AdminHandler> {
  const { orgs, sections } = deps;
  const write = (orgId: string, body: object, on: 'create' | 'update') => {
    for (const section of sections) section.write?.(orgId, body as Record<string, unknown>, on);
  };
  const requireOrg = (ctx: AdminContext) => {
    const org = orgs.getOrg(ctx.params.id);
    if (!org) throw new ApiError('not_found', `no organization ${ctx.params.id}`);
    return org;
  };
  return {
    'admin.createOrg': async (ctx: AdminContext<OrgCreate>) => {
      const org = orgs.createOrg({ name: ctx.body.name, ragEntitled: ctx.body.rag_entitled });
      write(org.id, ctx.body, 'create');
      sendJson(ctx, 201, await orgView(deps, org));
    },
    'admin.listOrgs': async (ctx) => {
      const organizations = [];
      for (const org of orgs.listOrgs()) organizations.push(await orgView(deps, org));
      sendJson(ctx, 200, { organizations });
    },
    'admin.getOrg': async (ctx) => sendJson(ctx, 200, await orgView(deps, requireOrg(ctx))),
    'admin.updateOrg': async (ctx: AdminContext<OrgUpdate>) => {
      requireOrg(ctx);
      write(ctx.params.id, ctx.body, 'update');
      const org = orgs.updateOrg(ctx.params.id, {
        name: ctx.body.name,
        ragEntitled: ctx.body.rag_entitled,
      })!;
      sendJson(ctx, 200, await orgView(deps, org));
    },

    'admin.createKey': async (ctx: AdminContext<KeyCreate>) => {
      const org = requireOrg(ctx);
      const { record, secret } = orgs.createKey(org.id, ctx.body);
      sendJson(ctx, 201, { ...publicKeyView(record), key: secret });
    },
    'admin.listKeys': (ctx) => {
      const org = requireOrg(ctx);
      sendJson(ctx, 200, { keys: orgs.listKeys(org.id).map(publicKeyView) });
    },
    'admin.revokeKey': async (ctx) => {
      const key = orgs.revokeKey(ctx.params.keyId);
      if (!key) throw new ApiError('not_found', `no key ${ctx.params.keyId}`);
      sendJson(ctx, 200, publicKeyView(key));
    },
  };
}
