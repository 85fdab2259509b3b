/** Admin handlers of the sandboxes (openapi/admin.yaml, tag `sandboxes`), keyed by operationId. */
import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import { clockView } from '../clock/admin.js';
import type { ClockUpdate } from '../contract/admin-types.js';
import { sendJson, sendNoContent } from '../http/context.js';
import { logDeprecated } from '../observe/log-events.js';
import type { RequestLog } from '../observe/request-log.js';
import { deprecatedRagNames, type SandboxInput } from './options.js';
import type { SandboxService } from './service.js';
import { sandboxView, type ViewDeps } from './views.js';

export function sandboxAdminHandlers(
  service: SandboxService,
  views: ViewDeps,
  log: RequestLog,
): Record<string, AdminHandler> {
  return {
    'admin.createSandbox': async (ctx: AdminContext<SandboxInput>) => {
      for (const name of deprecatedRagNames(ctx.body))
        logDeprecated(log, {
          request_id: ctx.requestId,
          field: `rag.${name}`,
          instead: name === 'entitled' ? 'rag_entitled' : 'rag.state',
        });
      const { record, secrets } = await service.create(ctx.body);
      sendJson(ctx, 201, sandboxView(views, record, secrets));
    },
    'admin.listSandboxes': (ctx) =>
      sendJson(ctx, 200, { sandboxes: service.list().map((r) => sandboxView(views, r)) }),
    'admin.getSandbox': async (ctx) =>
      sendJson(ctx, 200, sandboxView(views, await service.get(ctx.params.id))),
    'admin.deleteSandbox': async (ctx) => {
      await service.delete(ctx.params.id);
      sendNoContent(ctx);
    },
    'admin.resetSandbox': async (ctx) =>
      sendJson(ctx, 200, sandboxView(views, await service.reset(ctx.params.id))),
    'admin.getSandboxClock': async (ctx) =>
      sendJson(ctx, 200, clockView(await service.clockOf(ctx.params.id))),
    'admin.setSandboxClock': async (ctx: AdminContext<ClockUpdate>) =>
      sendJson(ctx, 200, clockView(await service.setClock(ctx.params.id, ctx.body))),
    'admin.advanceSandboxClock': async (ctx: AdminContext<{ seconds: number }>) =>
      sendJson(ctx, 200, clockView(await service.advanceClock(ctx.params.id, ctx.body.seconds))),
  };
}
