import type { AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import { applyScenario, loadScenarios } from './scenarios.js';

export const scenarioAdminHandlers: Record<string, AdminHandler> = {
  'admin.listScenarios': (ctx) => sendJson(ctx, 200, { scenarios: [...loadScenarios(ctx.emulator).values()] }),
  'admin.applyScenario': async (ctx) => sendJson(ctx, 200, await applyScenario(ctx.emulator, ctx.params.name)),
};
