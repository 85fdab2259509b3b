/** The organizations area: organizations and their API keys through the admin API. */
import type { Area } from '../area/area.js';
import { orgAdminHandlers } from './admin.js';

/** `orgViewParts` is the root's list of every area's sections (Area.orgView), read at each call. */
export function createOrgsArea(deps: Parameters<typeof orgAdminHandlers>[0]): Area {
  return { name: 'orgs', adminHandlers: orgAdminHandlers(deps) };
}
