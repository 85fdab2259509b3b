/** Admin handlers of the TTS scripts (openapi/admin.yaml, `/tts/scripts`); the body is checked by its schema. */
import type { AdminHandler } from '../admin/admin-context.js';
import type { Contract } from '../contract/emulator-contract.js';
import { ApiError } from '../core/errors.js';
import type { OrgStore } from '../orgs/store.js';
import { scriptAdminHandlers } from '../scripts/script-admin.js';
import type { TtsScriptInput, TtsScripts } from './scripts.js';

export function ttsScriptAdminHandlers(deps: {
  scripts: TtsScripts;
  orgs: Pick<OrgStore, 'getOrg'>;
  contract: Pick<Contract, 'gateway'>;
}): Record<string, AdminHandler> {
  return scriptAdminHandlers({
    area: 'tts',
    operationId: 'tts.speak',
    scripts: deps.scripts,
    orgs: deps.orgs,
    documents: (operationId, status) => deps.contract.gateway.documents(operationId, status),
    check(input: TtsScriptInput) {
      if (input.error && (input.duration_seconds !== undefined || input.format !== undefined))
        throw new ApiError(
          'validation_failed',
          'body.error: an error script answers with the error only; leave out duration_seconds and format',
        );
    },
  });
}
