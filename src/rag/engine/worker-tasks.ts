/** Document tasks run by the worker pool (src/workers). Heavy modules load inside the task. */
import type { InspectedDocument } from './inspect.js';
import type { DocumentLimits } from './limits.js';

export interface InspectTaskInput {
  bytes: Uint8Array;
  fileName?: string;
  limits: DocumentLimits;
}

/**
 * Loads a sibling module on first use. From the TypeScript sources (the test suite), a worker thread does
 * not resolve dynamic imports through tsx's hooks, so they go through tsx's own API there.
 */
async function load<T>(name: string): Promise<T> {
  if (!import.meta.url.endsWith('.ts')) return (await import(`./${name}.js`)) as T;
  const { tsImport } = await import('tsx/esm/api');
  return (await tsImport(`./${name}.ts`, import.meta.url)) as T;
}

export const documentTasks = {
  /** Type sniff, scan and extraction of an upload; a rejection throws DocumentError (code + details). */
  'rag.inspect': async (input: InspectTaskInput): Promise<InspectedDocument> => {
    const { inspectDocument } = await load<typeof import('./inspect.js')>('inspect');
    return inspectDocument(input.bytes, input.fileName, input.limits);
  },
};
