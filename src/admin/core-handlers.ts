import { readFileSync } from 'node:fs';
import { packagePath } from '../core/paths.js';
import { sendJson, sendNoContent } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { publicKeyView, type Scope } from '../orgs/store.js';
import type { AdminContext, AdminHandler } from './admin-context.js';
import { clockView } from './clock-handlers.js';
import { orgView } from './views.js';
import { demoKeys } from '../readiness.js';
import { MemoryStore as MemoryStoreView } from '../store/memory-store.js';

/** The package's own version. */
const VERSION = (JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string })
  .version;

function requireOrg(ctx: AdminContext) {
  const org = ctx.emulator.orgs.getOrg(ctx.params.id);
  if (!org) throw new ApiError('not_found', `no organization ${ctx.params.id}`);
  return org;
}

/** Admin operations of the gateway core, keyed by operationId in openapi/admin.yaml. */
export const coreAdminHandlers: Record<string, AdminHandler> = {
  'admin.health': async (ctx) => {
    const e = ctx.emulator;
    // `?ready=1` turns health into a readiness probe: 503 until every area's boot work is done.
    const ready = e.isReady();
    const boot = e.bootState();
    if ((ctx.query.ready === '1' || ctx.query.ready === 'true') && !ready) {
      const pending = Object.entries(boot).filter(([, state]) => state !== 'ready' && state !== 'disabled');
      throw new ApiError(
        'emulator_not_ready',
        `boot work not done: ${pending.map(([name, state]) => `${name} is ${state}`).join(', ')}; GET /_emulator/health shows the state`,
      );
    }
    const store = e.store;
    const baseUrl = e.urls?.baseUrl ?? null;
    let instances = store.instances({ baseUrl });
    // While a shared store is down, health still answers (status `unreachable`) and lists this instance only.
    if (instances instanceof Promise)
      instances = await instances.catch(() => new MemoryStoreView(store.instanceId).instances({ baseUrl }));
    // While a shared store is down the active scenario is not known: health shows none rather than fail.
    let active = e.scenarios.active();
    if (active instanceof Promise) active = await active.catch(() => null);
    sendJson(ctx, 200, {
      status: 'ok',
      ready,
      boot,
      version: VERSION,
      uptime_seconds: Math.round((Date.now() - e.startedAt) / 1000),
      clock: clockView(e.clock),
      organizations: e.orgs.listOrgs().length,
      open_websockets: e.sockets.count(),
      active_scenario: active && { name: active.name, applied_at: active.appliedAt },
      store: { kind: store.kind, location: store.description, status: store.status() },
      instance_id: store.instanceId,
      instances,
    });
  },

  'admin.demo': (ctx) => sendJson(ctx, 200, demoKeys(ctx.emulator)),

  'admin.reset': async (ctx: AdminContext<{ keep_clock?: boolean }>) => {
    await ctx.emulator.reset({ keepClock: ctx.body.keep_clock === true });
    const demo = ctx.emulator.demo;
    sendJson(ctx, 200, {
      status: 'reset',
      demo: {
        org_id: demo.orgId,
        keys: demo.keys,
        key_ids: demo.keyIds,
        webhook_endpoint: demo.webhookEndpoint ?? null,
      },
      clock: clockView(ctx.emulator.clock),
    });
  },

  'admin.openapi': (ctx) => sendJson(ctx, 200, ctx.emulator.contract.gatewayDocument),
  'admin.adminOpenapi': (ctx) => sendJson(ctx, 200, ctx.emulator.contract.adminDocument),

  'admin.createOrg': async (
    ctx: AdminContext<{ name?: string; rag_entitled?: boolean; credits?: number }>,
  ) => {
    const org = ctx.emulator.orgs.createOrg({ name: ctx.body.name, ragEntitled: ctx.body.rag_entitled });
    if (ctx.body.credits !== undefined) {
      ctx.emulator.metering.setGrant(org.id, ctx.body.credits);
      ctx.emulator.metering.setBalance(org.id, ctx.body.credits);
    }
    sendJson(ctx, 201, await orgView(ctx.emulator, org));
  },
  'admin.listOrgs': async (ctx) => {
    const organizations = [];
    for (const org of ctx.emulator.orgs.listOrgs()) organizations.push(await orgView(ctx.emulator, org));
    sendJson(ctx, 200, { organizations });
  },
  'admin.getOrg': async (ctx) => sendJson(ctx, 200, await orgView(ctx.emulator, requireOrg(ctx))),
  'admin.updateOrg': async (
    ctx: AdminContext<{ name?: string; rag_entitled?: boolean; credits?: number }>,
  ) => {
    requireOrg(ctx);
    if (ctx.body.credits !== undefined) ctx.emulator.metering.setBalance(ctx.params.id, ctx.body.credits);
    const org = ctx.emulator.orgs.updateOrg(ctx.params.id, {
      name: ctx.body.name,
      ragEntitled: ctx.body.rag_entitled,
    })!;
    sendJson(ctx, 200, await orgView(ctx.emulator, org));
  },

  'admin.createKey': async (
    ctx: AdminContext<{ environment: 'live' | 'test'; scopes: Scope[]; name?: string }>,
  ) => {
    const org = requireOrg(ctx);
    const { record, secret } = ctx.emulator.orgs.createKey(org.id, ctx.body);
    sendJson(ctx, 201, { ...publicKeyView(record), key: secret });
  },
  'admin.listKeys': (ctx) => {
    const org = requireOrg(ctx);
    sendJson(ctx, 200, { keys: ctx.emulator.orgs.listKeys(org.id).map(publicKeyView) });
  },
  'admin.revokeKey': async (ctx) => {
    const key = ctx.emulator.orgs.revokeKey(ctx.params.keyId);
    if (!key) throw new ApiError('not_found', `no key ${ctx.params.keyId}`);
    sendJson(ctx, 200, publicKeyView(key));
  },

  'admin.listRequests': async (ctx) => {
    const q = ctx.query;
    const filter = {
      org_id: q.org_id,
      key_id: q.key_id,
      path: q.path,
      operation_id: q.operation_id,
      status: q.status,
      code: q.code,
      fault_rule: q.fault_rule,
      scope: q.scope,
      since: q.since,
      limit: q.limit,
      after: q.after,
    };
    if (q.wait !== undefined) {
      // Long-poll: answer at once if something already matches, else wait for the next match.
      const existing = await ctx.emulator.journal.list(filter);
      if (existing.length === 0) {
        await ctx.emulator.journal.waitFor(filter, q.wait * 1000, ctx.signal);
      }
    }
    sendJson(ctx, 200, { requests: await ctx.emulator.journal.list(filter) });
  },
  'admin.getRequest': async (ctx) => {
    const entry = await ctx.emulator.journal.find(ctx.params.id);
    if (!entry)
      throw new ApiError(
        'not_found',
        `no request ${ctx.params.id} in the journal (it holds the newest ${ctx.emulator.journal.capacity} entries)`,
      );
    sendJson(ctx, 200, entry);
  },
  'admin.clearRequests': async (ctx) => {
    await ctx.emulator.journal.clear();
    sendNoContent(ctx);
  },
};
