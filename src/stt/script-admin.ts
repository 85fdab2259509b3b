/** Admin handlers of the STT scripts (openapi/admin.yaml, `/stt/scripts`); the body is checked by its schema. */
import type { AdminHandler } from '../admin/admin-context.js';
import type { OrgStore } from '../orgs/store.js';
import { scriptAdminHandlers } from '../scripts/script-admin.js';
import type { SttScripts } from './scripts.js';

export function sttScriptAdminHandlers(deps: {
  scripts: SttScripts;
  orgs: Pick<OrgStore, 'getOrg'>;
  /** Whether the gateway's contract documents `status` for an operation (a script's error may be off it). */
  documents: (operationId: string, status: number) => boolean;
}): Record<string, AdminHandler> {
  return scriptAdminHandlers({ area: 'stt', operationId: 'stt.transcribe', ...deps });
}
