import { lazyModule } from '../../workers/lazy-module.js';
const loadInspect = lazyModule(import.meta.url, 'inspect', () => import('./inspect.js'));
export const documentTasks = {
    /** Type sniff, scan and extraction of an upload; a rejection throws DocumentError (code + details). */
    'rag.inspect': async (input) => {
        const { inspectDocument } = await loadInspect();
        return inspectDocument(input.bytes, input.fileName, input.limits);
    },
};
