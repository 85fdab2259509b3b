import type { DocumentLimits } from './engine/limits.js';
import type { CorpusDocument } from './corpus.js';
export declare const DEMO_CORPUS_INDEX: string;
/** SHA-256 over the limits, the manifest of `dir` and every document it lists (a few milliseconds). */
export declare function corpusFingerprint(dir: string, limits: DocumentLimits): Promise<string>;
/** The prebuilt documents of `dir`, or undefined when there is no index file or it was built from other input. */
export declare function readCorpusIndex(dir: string, limits: DocumentLimits, file?: string): Promise<CorpusDocument[] | undefined>;
/** Writes the index of prepared `documents` (typed arrays as plain arrays). */
export declare function writeCorpusIndex(dir: string, limits: DocumentLimits, documents: readonly CorpusDocument[], file?: string): Promise<void>;
