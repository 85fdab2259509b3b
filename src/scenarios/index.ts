/** The scenarios area: named sets of admin calls, registered and applied through the admin API. */
import type { Area } from '../area/area.js';
import type { StateStore } from '../store/index.js';
import { scenarioAdminHandlers } from './admin.js';
import { Scenarios, type ScenariosDeps } from './scenarios.js';
import { createScenariosState } from './state.js';

declare module '../area/area.js' {
  interface AreaParts {
    /** The built-in, file and registered scenarios, and the one applied last. */
    scenarios: Scenarios;
  }
}

export function createScenariosArea(deps: ScenariosDeps & { store: StateStore }): Area {
  const { store, ...rest } = deps;
  const state = createScenariosState(store);
  const scenarios = new Scenarios(state, rest);
  return {
    name: 'scenarios',
    parts: { scenarios },
    state: [state],
    adminHandlers: scenarioAdminHandlers({ scenarios, store }),
  };
}
