/** Small pure helpers of the RAG service (src/rag/service.ts). */
import type { EmulatorConfig } from '../app/config.js';
import { ApiError } from '../core/errors.js';
import type { DocumentLimits } from './engine/limits.js';
import type { SearchHit } from './engine/search-types.js';
import type { RagSearchResultItem } from './service-types.js';
import type { OrgRagState, RagDocumentRecord } from './store.js';

export function documentIn(org: OrgRagState, documentId: string): RagDocumentRecord {
  const doc = org.documents.get(documentId);
  if (doc === undefined)
    throw new ApiError('document_not_found', `no document ${documentId} in this organization`);
  return doc;
}

export function resultItem(hit: SearchHit, detail: 'minimal' | 'full'): RagSearchResultItem {
  if (detail === 'minimal') return { document_id: hit.documentId, score: hit.score };
  return { document_id: hit.documentId, score: hit.score, chunk_id: hit.chunkId, text: hit.text };
}

export function langOrNull(lang: string): string | null {
  return lang === 'und' ? null : lang;
}

/** The content limits of extraction, from the `rag` config. */
export function documentLimits(config: EmulatorConfig['rag']): DocumentLimits {
  const {
    maxTextBytes,
    maxPdfPages,
    maxPdfDecodedBytes,
    maxArchiveBytes,
    maxArchiveRatio,
    maxArchiveEntries,
  } = config;
  return {
    maxTextBytes,
    maxPdfPages,
    maxPdfDecodedBytes,
    maxArchiveBytes,
    maxArchiveRatio,
    maxArchiveEntries,
  };
}
