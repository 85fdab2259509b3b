import type { DocumentType } from './engine/detect.js';
import type { PreparedText } from './engine/prepare.js';
import type { DocumentLimits } from './engine/limits.js';
export declare const RAG_FIXTURES_DIR: string;
export interface CorpusDocument {
    id: string;
    title: string;
    fileName: string;
    fileType: DocumentType;
    sizeBytes: number;
    language: string;
    metadata: Record<string, unknown>;
    prepared: PreparedText;
}
/**
 * The parsed corpus; the promise is shared, so concurrent emulators read the files once. The package's demo
 * corpus comes from its index built at `npm run build` when that index matches (corpus-index.ts). Otherwise
 * (a user's `--corpus DIR`, other content limits, no build) extraction runs on a worker thread of its own
 * (closed when done), inside the same content limits as uploads, so boot never blocks the event loop and a
 * user's document cannot exhaust the process.
 */
export declare function loadCorpus(dir: string | undefined, limits: DocumentLimits): Promise<readonly CorpusDocument[]>;
/**
 * A corpus directory: with a `corpus.json` manifest (the shape of fixtures/rag), or without one, when every
 * regular file directly in it is a document (`--corpus DIR`): id `doc_<file name slug>`, title the file name
 * without its extension, language detected from the text. A file of an unsupported type stops start-up.
 */
export declare function readCorpus(dir: string, limits: DocumentLimits): Promise<CorpusDocument[]>;
