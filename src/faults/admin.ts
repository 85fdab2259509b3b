import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import { ApiError } from '../core/errors.js';
import type { SandboxLookup } from '../sandboxes/lookup.js';
import { storeSettled, type StateStore } from '../store/index.js';
import { whyNeverFires, type OperationShape } from './applicability.js';
import { ruleOrg } from './rule-life.js';
import type { FaultRuleInput, FaultStore } from './store.js';

/** The organization of `match.sandbox` (404 for an unknown sandbox); `match.org_id` beside it is refused. */
async function sandboxOrg(sandboxes: SandboxLookup, input: FaultRuleInput): Promise<string | undefined> {
  const id = input.match?.sandbox;
  if (id === undefined) return undefined;
  if (input.match?.org_id !== undefined)
    throw new ApiError(
      'validation_failed',
      'match.org_id and match.sandbox cannot both be given: a sandbox already names its organization',
    );
  return sandboxes.orgOf(id);
}

/**
 * With a shared store a change is refused 502 `upstream_error` while the store is unreachable (before
 * anything changes), and the answer waits until the store has it, so every instance applies the rule next.
 */
export function faultAdminHandlers(deps: {
  faults: Pick<FaultStore, 'assertWritable' | 'add' | 'list' | 'clear' | 'get' | 'remove'>;
  store: Pick<StateStore, 'settled'>;
  sandboxes: SandboxLookup;
  /** The /v1 operations, by what they document (a rule that can never fire is refused). */
  operations: readonly OperationShape[];
}): Record<string, AdminHandler> {
  const { faults, store, sandboxes } = deps;
  return {
    'admin.addFault': async (ctx: AdminContext<FaultRuleInput>) => {
      const never = whyNeverFires(ctx.body.kind, ctx.body.match, deps.operations);
      if (never) throw new ApiError('validation_failed', `kind ${ctx.body.kind}: ${never}`);
      const orgId = await sandboxOrg(sandboxes, ctx.body);
      faults.assertWritable();
      const rule = faults.add(ctx.body, orgId);
      await storeSettled(store);
      sendJson(ctx, 201, rule);
    },
    'admin.listFaults': async (ctx) => {
      // A sandbox's rules: those its reset removes (match.sandbox, or match.org_id of its organization).
      const orgId = ctx.query.sandbox === undefined ? undefined : await sandboxes.orgOf(ctx.query.sandbox);
      const rules = faults.list();
      sendJson(ctx, 200, { faults: orgId === undefined ? rules : rules.filter((r) => ruleOrg(r) === orgId) });
    },
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
