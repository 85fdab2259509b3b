/** Document tasks run by the worker pool (src/workers). Heavy modules load inside the task. */
import type { InspectedDocument } from './inspect.js';
import type { DocumentLimits } from './limits.js';
import { lazyModule } from '../../workers/lazy-module.js';

export interface InspectTaskInput {
  bytes: Uint8Array;
  fileName?: string;
  limits: DocumentLimits;
}

const loadInspect = lazyModule(import.meta.url, 'inspect', () => import('./inspect.js'));

export const documentTasks = {
  /** Type sniff, scan and extraction of an upload; a rejection throws DocumentError (code + details). */
  'rag.inspect': async (input: InspectTaskInput): Promise<InspectedDocument> => {
    const { inspectDocument } = await loadInspect();
    return inspectDocument(input.bytes, input.fileName, input.limits);
  },
};
