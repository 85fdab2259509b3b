import { sendJson } from '../http/context.js';
import { storeSettled } from '../store/index.js';
import { applyScenario, loadScenarios, registerScenario } from './scenarios.js';
export const scenarioAdminHandlers = {
    'admin.listScenarios': (ctx) => sendJson(ctx, 200, { scenarios: [...loadScenarios(ctx.emulator).values()] }),
    'admin.createScenario': async (ctx) => {
        const { created } = registerScenario(ctx.emulator, ctx.body);
        // Written to a shared store before the answer, so the scenario can be applied through any instance.
        await storeSettled(ctx.emulator.store);
        sendJson(ctx, created ? 201 : 200, ctx.body);
    },
    'admin.applyScenario': async (ctx) => {
        const result = await applyScenario(ctx.emulator, ctx.params.name);
        await storeSettled(ctx.emulator.store);
        sendJson(ctx, 200, result);
    },
};
