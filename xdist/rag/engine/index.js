/** Document search engine (pure, deterministic): normalisation, chunking, extraction, scanning, BM25 index, answers. */
export { normalizeArabic, stemArabic, tokenize, STOPWORDS } from './normalize.js';
export { detectLanguage } from './language.js';
export { chunkText, DEFAULT_CHUNK_OVERLAP, DEFAULT_CHUNK_SIZE } from './chunk.js';
export { detectDocumentType, DOCUMENT_TYPES } from './detect.js';
export { extractText } from './extract.js';
export { DocumentError } from './errors.js';
export { scanDocument, DEFAULT_SCAN_LIMITS } from './scan.js';
export { matchesMetadata } from './metadata-filter.js';
export { SearchIndex, } from './search-index.js';
export { composeAnswer } from './answer.js';
export { analyze, workSecondsFor, MAX_WORK_SECONDS, MIN_WORK_SECONDS } from './analyze.js';
export { NOT_FOUND, RELEVANCE_FLOOR } from './sentences.js';
