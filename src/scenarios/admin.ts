import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import { storeSettled, type StateStore } from '../store/index.js';
import type { Scenario, Scenarios } from './scenarios.js';

export function scenarioAdminHandlers(deps: {
  scenarios: Pick<Scenarios, 'list' | 'register' | 'apply'>;
  store: Pick<StateStore, 'settled'>;
}): Record<string, AdminHandler> {
  const { scenarios, store } = deps;
  return {
    'admin.listScenarios': async (ctx) =>
      sendJson(ctx, 200, { scenarios: [...(await scenarios.list()).values()] }),
    'admin.createScenario': async (ctx: AdminContext<Scenario>) => {
      // Written to a shared store before the answer, so the scenario can be applied through any instance.
      const { created } = await scenarios.register(ctx.body);
      sendJson(ctx, created ? 201 : 200, ctx.body);
    },
    'admin.applyScenario': async (ctx) => {
      const result = await scenarios.apply(ctx.params.name, ctx.query.sandbox);
      // The steps' own writes (fault rules...) reach a shared store before the answer.
      await storeSettled(store);
      sendJson(ctx, 200, result);
    },
  };
}
