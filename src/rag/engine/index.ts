/** Document search engine (pure, deterministic): normalisation, chunking, extraction, scanning, BM25 index, answers. */
export { normalizeArabic, stemArabic, tokenize, STOPWORDS, type TokenizeOptions } from './normalize.js';
export { detectLanguage, type DetectedLanguage } from './language.js';
export {
  chunkText,
  DEFAULT_CHUNK_OVERLAP,
  DEFAULT_CHUNK_SIZE,
  type Chunk,
  type ChunkOptions,
} from './chunk.js';
export { detectDocumentType, DOCUMENT_TYPES, type DocumentType } from './detect.js';
export { extractText, type ExtractedText } from './extract.js';
export { DocumentError, type DocumentErrorCode } from './errors.js';
export { scanDocument, DEFAULT_SCAN_LIMITS, type ScanLimits, type ScanReport } from './scan.js';
export { matchesMetadata, type Metadata } from './metadata-filter.js';
export { SearchIndex } from './search-index.js';
export type {
  IndexedChunkInput,
  IndexedDocumentInput,
  IndexStats,
  SearchHit,
  SearchIndexOptions,
  SearchOptions,
} from './search-types.js';
export { composeAnswer, type AnswerOptions, type ComposedAnswer } from './answer.js';
export {
  analyze,
  workSecondsFor,
  MAX_WORK_SECONDS,
  MIN_WORK_SECONDS,
  type AnalysisResult,
  type AnalyzeOptions,
} from './analyze.js';
export { NOT_FOUND, RELEVANCE_FLOOR, type AnswerLanguage, type HitLike } from './sentences.js';
