import { sendJson, sendNoContent } from '../http/context.js';
import { ApiError } from '../core/errors.js';
import type { Journal } from './journal.js';
import type { SandboxLookup } from '../sandboxes/lookup.js';
import type { AdminHandler } from '../admin/admin-context.js';
import { sandboxScope } from '../admin/sandbox-filter.js';

/** The request journal (`/requests`), keyed by operationId in openapi/admin.yaml. */
export function journalAdminHandlers(
  journal: Pick<Journal, 'list' | 'waitFor' | 'find' | 'clear' | 'capacity'>,
  sandboxes: SandboxLookup,
): Record<string, AdminHandler> {
  return {
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
        sandbox: await sandboxScope(sandboxes, q.sandbox),
        since: q.since,
        limit: q.limit,
        after: q.after,
      };
      if (q.wait !== undefined) {
        // Long-poll: answer at once if something already matches, else wait for the next match.
        const existing = await journal.list(filter);
        if (existing.length === 0) {
          await journal.waitFor(filter, q.wait * 1000, ctx.signal);
        }
      }
      sendJson(ctx, 200, { requests: await journal.list(filter) });
    },
    'admin.getRequest': async (ctx) => {
      const entry = await journal.find(ctx.params.id);
      if (!entry)
        throw new ApiError(
          'not_found',
          `no request ${ctx.params.id} in the journal (it holds the newest ${journal.capacity} entries)`,
        );
      sendJson(ctx, 200, entry);
    },
    'admin.clearRequests': async (ctx) => {
      await journal.clear();
      sendNoContent(ctx);
    },
  };
}
