import type { AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import { buildReport, reportToJUnit } from './report.js';

export const reportAdminHandlers: Record<string, AdminHandler> = {
  'admin.report': async (ctx) => {
    const deliveries = await ctx.emulator.webhooks.deliveries({ limit: 1000 });
    const report = buildReport(
      ctx.emulator,
      await ctx.emulator.journal.list({ org_id: ctx.query.org_id }),
      deliveries,
      {
        org_id: ctx.query.org_id,
        key_id: ctx.query.key_id,
        scope: ctx.query.scope,
      },
    );
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
