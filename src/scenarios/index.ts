/** The scenarios area: named sets of admin calls, registered and applied through the admin API. */
import type { Area } from '../area/area.js';
import { scenarioAdminHandlers } from './admin.js';

export function createScenariosArea(deps: Parameters<typeof scenarioAdminHandlers>[0]): Area {
  return { name: 'scenarios', adminHandlers: scenarioAdminHandlers(deps) };
}
