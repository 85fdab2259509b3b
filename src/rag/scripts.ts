/**
 * Scripted search answers, registered through `POST /_emulator/rag/scripts`: the next matching
 * `POST /v1/rag/search` of the organization answers with these results (and answer), or with `error`.
 * A script matches when its `query` (if given) equals the request's query once both are trimmed and their
 * runs of white space collapsed, and its `mode` (if given) is the request's. Oldest matching script first.
 */
import type { RagScriptInput } from '../contract/admin-types.js';
import type { QueuedScript } from '../scripts/script-queue.js';
import type { RagSearchInput, RagSearchResultItem } from './service.js';

/** The admin body (schema `RagScriptInput` in openapi/admin.yaml), derived in contract/admin-types.ts. */
export type { RagScriptInput };

export type RagScript = QueuedScript<RagScriptInput>;

/** The documented normalisation of a query for matching: trimmed, white space runs as one space. */
export function normaliseQuery(query: string): string {
  return query.trim().replace(/\s+/gu, ' ');
}

/** Whether `script` answers this search. */
export function matchesSearch(script: RagScript, input: Pick<RagSearchInput, 'query' | 'mode'>): boolean {
  if (script.mode !== undefined && script.mode !== input.mode) return false;
  return script.query === undefined || normaliseQuery(script.query) === normaliseQuery(input.query);
}

/**
 * The scripted part of the answer: the results cut to the request's `top_k` (the first ones kept) and shaped
 * by its `detail`; the answer only for answer and analyze searches (null when the script gives none).
 */
export function scriptedResults(
  script: RagScript,
  input: Pick<RagSearchInput, 'mode' | 'top_k' | 'detail'>,
): { answer?: string | null; results: RagSearchResultItem[] } {
  const results = (script.results ?? []).slice(0, input.top_k).map((r) =>
    input.detail === 'minimal'
      ? { document_id: r.document_id, score: r.score }
      : {
          document_id: r.document_id,
          score: r.score,
          ...(r.chunk_id === undefined ? {} : { chunk_id: r.chunk_id }),
          ...(r.text === undefined ? {} : { text: r.text }),
        },
  );
  if (input.mode === 'retrieve') return { results };
  return { answer: script.answer ?? null, results };
}
