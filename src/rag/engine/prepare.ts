/**
 * The CPU-heavy half of indexing, done where the document is read (the worker task `rag.inspect`):
 * chunking, language detection, and tokenising every chunk into term counts. The result is compact (one
 * vocabulary for the document, typed arrays per chunk), so handing it back to the event loop and adding it
 * to the index (search-index.ts) costs a small fraction of tokenising there.
 */
import { chunkText, type ChunkOptions } from './chunk.js';
import { detectLanguage, scriptLanguage, type DetectedLanguage } from './language.js';
import { tokenize } from './normalize.js';

/** One chunk's index terms: `counts[i]` occurrences of `vocabulary[termIds[i]]`, `length` terms in all. */
export interface ChunkTerms {
  vocabulary: readonly string[];
  termIds: Uint32Array;
  counts: Uint16Array;
  length: number;
  /** The chunk's script language (labels chunks of mixed documents). */
  lang: DetectedLanguage;
}

export interface PreparedChunk {
  index: number;
  text: string;
  termIds: Uint32Array;
  counts: Uint16Array;
  length: number;
  lang: DetectedLanguage;
}

export interface PreparedText {
  language: DetectedLanguage;
  vocabulary: string[];
  chunks: PreparedChunk[];
}

/** Chunks, language and normalised term counts of a document's text (the index's `normalize: true` terms). */
export function prepareText(text: string, options: ChunkOptions = {}): PreparedText {
  return prepareChunks(chunkText(text, options), detectLanguage(text));
}

/**
 * The term counts of chunks already cut (a state snapshot holds a document's chunks, not its bytes): the same
 * result as `prepareText` gave for the text they were cut from, whose language was `language`.
 */
export function prepareChunks(
  chunks: readonly { index: number; text: string }[],
  language: DetectedLanguage,
): PreparedText {
  const ids = new Map<string, number>();
  const vocabulary: string[] = [];
  // Per-term counts of the current chunk, indexed by term id, and the ids in the order first met (the order
  // a Map keyed by id gave): plain arrays reused across chunks instead of a Map per chunk (a hot spot).
  const tf: number[] = [];
  const met: number[] = [];
  const prepared = chunks.map((chunk): PreparedChunk => {
    const terms = tokenize(chunk.text, { normalize: true });
    met.length = 0;
    for (const term of terms) {
      let id = ids.get(term);
      if (id === undefined) {
        id = vocabulary.length;
        vocabulary.push(term);
        ids.set(term, id);
        tf.push(0);
      }
      if (tf[id] === 0) met.push(id);
      tf[id]++;
    }
    const termIds = new Uint32Array(met.length);
    const counts = new Uint16Array(met.length);
    for (let i = 0; i < met.length; i++) {
      const id = met[i];
      termIds[i] = id;
      counts[i] = Math.min(tf[id], 0xffff);
      tf[id] = 0;
    }
    return {
      index: chunk.index,
      text: chunk.text,
      termIds,
      counts,
      length: terms.length,
      lang: scriptLanguage(chunk.text),
    };
  });
  return { language, vocabulary, chunks: prepared };
}

/** The terms of one prepared chunk, in the shape the index takes. */
export function chunkTerms(prepared: PreparedText, chunk: PreparedChunk): ChunkTerms {
  return {
    vocabulary: prepared.vocabulary,
    termIds: chunk.termIds,
    counts: chunk.counts,
    length: chunk.length,
    lang: chunk.lang,
  };
}
