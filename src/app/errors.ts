/**
 * The catalog merged: the core codes and every area's table, registered once when the root is loaded. The
 * order is the order a reader meets the areas in the catalog (and in `errorCatalog`, the library's export).
 */
import { coreErrors, registerErrors, type ErrorDefinition } from '../core/errors.js';
import { meteringErrors } from '../metering/errors.js';
import { ragErrors } from '../rag/errors.js';
import { sandboxErrors } from '../sandboxes/errors.js';
import { snapshotErrors } from '../snapshots/errors.js';
import { sttErrors } from '../stt/errors.js';
import { ttsErrors } from '../tts/errors.js';

export const errorCatalog = {
  ...coreErrors,
  ...meteringErrors,
  ...ttsErrors,
  ...sttErrors,
  ...ragErrors,
  ...sandboxErrors,
  ...snapshotErrors,
} as const satisfies Record<string, ErrorDefinition>;

registerErrors(errorCatalog);
