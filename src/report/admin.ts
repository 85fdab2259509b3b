import type { AdminHandler } from '../admin/admin-context.js';
import type { Journal } from '../journal/journal.js';
import { sendJson } from '../http/context.js';
import type { WebhookEngine } from '../webhooks/engine.js';
import { sandboxScope } from '../admin/sandbox-filter.js';
import type { SandboxLookup } from '../sandboxes/lookup.js';
import { buildReport, reportToJUnit, type ReportSources } from './report.js';

export function reportAdminHandlers(
  deps: ReportSources & {
    journal: Pick<Journal, 'list'>;
    webhooks: Pick<WebhookEngine, 'deliveries'>;
    sandboxes: SandboxLookup;
  },
): Record<string, AdminHandler> {
  return {
    'admin.report': async (ctx) => {
      const sandbox = await sandboxScope(deps.sandboxes, ctx.query.sandbox);
      const deliveries = await deps.webhooks.deliveries({ limit: 1000 });
      const journal = await deps.journal.list({ org_id: ctx.query.org_id, sandbox });
      const report = buildReport(deps, journal, deliveries, {
        org_id: ctx.query.org_id,
        key_id: ctx.query.key_id,
        scope: ctx.query.scope,
        sandbox,
      });
      const wantsXml =
        ctx.query.format === 'junit' ||
        (ctx.query.format === undefined && /xml/.test(String(ctx.req.headers.accept ?? '')));
      if (!wantsXml) return sendJson(ctx, 200, report);
      const body = reportToJUnit(report);
      ctx.res.status(200);
      ctx.res.setHeader('Content-Type', 'application/xml; charset=utf-8');
      ctx.res.setHeader('Content-Length', Buffer.byteLength(body));
      ctx.res.end(body);
    },
  };
}
