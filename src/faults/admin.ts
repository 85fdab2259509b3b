import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { storeSettled } from '../store/index.js';
import type { FaultRuleInput } from './store.js';

/**
 * With a shared store a change is refused 502 `upstream_error` while the store is unreachable (before
 * anything changes), and the answer waits until the store has it, so every instance applies the rule next.
 */
export const faultAdminHandlers: Record<string, AdminHandler> = {
  'admin.addFault': async (ctx: AdminContext<FaultRuleInput>) => {
    ctx.emulator.faults.assertWritable();
    const rule = ctx.emulator.faults.add(ctx.body);
    await storeSettled(ctx.emulator.store);
    sendJson(ctx, 201, rule);
  },
  'admin.listFaults': (ctx) => sendJson(ctx, 200, { faults: ctx.emulator.faults.list() }),
  'admin.clearFaults': async (ctx) => {
    ctx.emulator.faults.assertWritable();
    ctx.emulator.faults.clear();
    await storeSettled(ctx.emulator.store);
    ctx.res.status(204).end();
  },
  'admin.getFault': (ctx) => {
    const rule = ctx.emulator.faults.get(ctx.params.faultId);
    if (!rule) throw new ApiError('not_found', `no fault rule ${ctx.params.faultId}`);
    sendJson(ctx, 200, rule);
  },
  'admin.removeFault': async (ctx) => {
    ctx.emulator.faults.assertWritable();
    if (!(await ctx.emulator.faults.remove(ctx.params.faultId)))
      throw new ApiError('not_found', `no fault rule ${ctx.params.faultId}`);
    await storeSettled(ctx.emulator.store);
    ctx.res.status(204).end();
  },
};
