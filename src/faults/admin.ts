import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import type { FaultRuleInput } from './store.js';

export const faultAdminHandlers: Record<string, AdminHandler> = {
  'admin.addFault': (ctx: AdminContext<FaultRuleInput>) => sendJson(ctx, 201, ctx.emulator.faults.add(ctx.body)),
  'admin.listFaults': (ctx) => sendJson(ctx, 200, { faults: ctx.emulator.faults.list() }),
  'admin.clearFaults': (ctx) => {
    ctx.emulator.faults.clear();
    ctx.res.status(204).end();
  },
  'admin.getFault': (ctx) => {
    const rule = ctx.emulator.faults.get(ctx.params.faultId);
    if (!rule) throw new ApiError('not_found', `no fault rule ${ctx.params.faultId}`);
    sendJson(ctx, 200, rule);
  },
  'admin.removeFault': (ctx) => {
    if (!ctx.emulator.faults.remove(ctx.params.faultId)) throw new ApiError('not_found', `no fault rule ${ctx.params.faultId}`);
    ctx.res.status(204).end();
  },
};
