/** The report area: what happened, as JSON or JUnit, through the admin API. */
import type { Area } from '../area/area.js';
import { reportAdminHandlers } from './admin.js';

export function createReportArea(deps: Parameters<typeof reportAdminHandlers>[0]): Area {
  return { name: 'report', adminHandlers: reportAdminHandlers(deps) };
}
