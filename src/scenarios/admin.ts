import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import { applyScenario, loadScenarios, registerScenario, type Scenario } from './scenarios.js';

export const scenarioAdminHandlers: Record<string, AdminHandler> = {
  'admin.listScenarios': (ctx) => sendJson(ctx, 200, { scenarios: [...loadScenarios(ctx.emulator).values()] }),
  'admin.createScenario': (ctx: AdminContext<Scenario>) => {
    const { created } = registerScenario(ctx.emulator, ctx.body);
    sendJson(ctx, created ? 201 : 200, ctx.body);
  },
  'admin.applyScenario': async (ctx) => sendJson(ctx, 200, await applyScenario(ctx.emulator, ctx.params.name)),
};
