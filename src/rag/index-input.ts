/** What the search index gets for a document: its chunks, with ids and the terms counted at extraction. */
import { chunkTerms, type PreparedText } from './engine/prepare.js';
import type { IndexedDocumentInput } from './engine/search-types.js';
import type { RagDocumentRecord } from './store.js';

/** Chunk ids are `<document_id>:<n>`, n the 0-based chunk index within the document. */
export function chunkId(documentId: string, index: number): string {
  return `${documentId}:${index}`;
}

/** What the search index gets for a document and its extracted text. */
export function indexInput(
  doc: RagDocumentRecord,
  prepared: PreparedText,
  language: string | null,
): IndexedDocumentInput {
  return {
    documentId: doc.documentId,
    title: doc.title,
    fileType: doc.fileType,
    language: language ?? undefined,
    metadata: doc.metadata,
    chunks: prepared.chunks.map((c) => ({
      chunkId: chunkId(doc.documentId, c.index),
      text: c.text,
      terms: chunkTerms(prepared, c),
    })),
  };
}
