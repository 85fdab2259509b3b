import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import { storeSettled } from '../store/index.js';
import type { Scenario } from './scenarios.js';

export const scenarioAdminHandlers: Record<string, AdminHandler> = {
  'admin.listScenarios': async (ctx) =>
    sendJson(ctx, 200, { scenarios: [...(await ctx.emulator.scenarios.list()).values()] }),
  'admin.createScenario': async (ctx: AdminContext<Scenario>) => {
    // Written to a shared store before the answer, so the scenario can be applied through any instance.
    const { created } = await ctx.emulator.scenarios.register(ctx.body);
    sendJson(ctx, created ? 201 : 200, ctx.body);
  },
  'admin.applyScenario': async (ctx) => {
    const result = await ctx.emulator.scenarios.apply(ctx.params.name);
    // The steps' own writes (fault rules...) reach a shared store before the answer.
    await storeSettled(ctx.emulator.store);
    sendJson(ctx, 200, result);
  },
};
