/** Document tasks run by the worker pool (src/workers). Heavy modules load inside the task. */
import type { InspectedDocument } from './inspect.js';
import type { DocumentLimits } from './limits.js';
export interface InspectTaskInput {
    bytes: Uint8Array;
    fileName?: string;
    limits: DocumentLimits;
}
export declare const documentTasks: {
    /** Type sniff, scan and extraction of an upload; a rejection throws DocumentError (code + details). */
    'rag.inspect': (input: InspectTaskInput) => Promise<InspectedDocument>;
};
