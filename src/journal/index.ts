/** The journal area: every /v1 request and its answer, read through the admin API. */
import type { Area } from '../area/area.js';
import { journalAdminHandlers } from './admin.js';

export function createJournalArea(...args: Parameters<typeof journalAdminHandlers>): Area {
  return { name: 'journal', adminHandlers: journalAdminHandlers(...args) };
}
