import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { storeSettled, type StateStore } from '../store/index.js';
import type { FaultRuleInput, FaultStore } from './store.js';

/**
 * With a shared store a change is refused 502 `upstream_error` while the store is unreachable (before
 * anything changes), and the answer waits until the store has it, so every instance applies the rule next.
 */
export function faultAdminHandlers(deps: {
  faults: Pick<FaultStore, 'assertWritable' | 'add' | 'list' | 'clear' | 'get' | 'remove'>;
  store: Pick<StateStore, 'settled'>;
}): Record<string, AdminHandler> {
  const { faults, store } = deps;
  return {
    'admin.addFault': async (ctx: AdminContext<FaultRuleInput>) => {
      faults.assertWritable();
      const rule = faults.add(ctx.body);
      await storeSettled(store);
      sendJson(ctx, 201, rule);
    },
    'admin.listFaults': (ctx) => sendJson(ctx, 200, { faults: faults.list() }),
    'admin.clearFaults': async (ctx) => {
      faults.assertWritable();
      faults.clear();
      await storeSettled(store);
      ctx.res.status(204).end();
    },
    'admin.getFault': (ctx) => {
      const rule = faults.get(ctx.params.faultId);
      if (!rule) throw new ApiError('not_found', `no fault rule ${ctx.params.faultId}`);
      sendJson(ctx, 200, rule);
    },
    'admin.removeFault': async (ctx) => {
      faults.assertWritable();
      if (!(await faults.remove(ctx.params.faultId)))
        throw new ApiError('not_found', `no fault rule ${ctx.params.faultId}`);
      await storeSettled(store);
      ctx.res.status(204).end();
    },
  };
}
