/** What the search index gets for a document: its chunks, with ids and the terms counted at extraction. */
import { type PreparedText } from './engine/prepare.js';
import type { IndexedDocumentInput } from './engine/search-index.js';
import type { RagDocumentRecord } from './store.js';
/** Chunk ids are `<document_id>:<n>`, n the 0-based chunk index within the document. */
export declare function chunkId(documentId: string, index: number): string;
/** What the search index gets for a document and its extracted text. */
export declare function indexInput(doc: RagDocumentRecord, prepared: PreparedText, language: string | null): IndexedDocumentInput;
