/**
 * The RAG search (RagService.search, src/rag/service.ts): a scripted answer or the BM25 index, the query
 * rewrite, the answer or analysis the mode asks for, billing and the org's search log.
 */
import type { Principal } from '../auth/principal.js';
import { ClockResetError } from '../core/clock.js';
import { ApiError } from '../core/errors.js';
import { scriptedError } from '../scripts/scripted-error.js';
// The engine's modules by name, not its index (service.ts says why).
import { analyze } from './engine/analyze.js';
import { composeAnswer } from './engine/answer.js';
import { answerLanguage } from './engine/sentences.js';
import { rewriteQuery } from './rewrite.js';
import { matchesSearch, scriptedResults } from './scripts.js';
import { resultItem } from './service-helpers.js';
import type { RagSearchInput, RagSearchOutput, RagServiceDeps } from './service-types.js';

export async function searchRag(
  deps: RagServiceDeps,
  principal: Principal,
  input: RagSearchInput,
  requestId: string,
  signal: () => AbortSignal,
): Promise<RagSearchOutput> {
  const mode = input.mode;
  // Taken before any await, so queued scripts answer searches in arrival order; an error is not billed.
  const scripts = deps.scripts;
  const script =
    scripts?.empty === false ? scripts.take(principal.orgId, (s) => matchesSearch(s, input)) : undefined;
  if (script?.error) throw scriptedError(script);
  const held = deps.metering.precheck(principal, 'rag_search', 1, mode);
  if (held) await held;
  // With Redis: one round trip for the org's version, a reload if it moved. A value at once in memory, unless
  // a load's index build for the org is still running (it goes first, and the search waits for it).
  const read = deps.state.searchable(principal.orgId);
  const state = read instanceof Promise ? await read : read;
  const clock = deps.clocks.for(principal.orgId);
  const started = clock.now();
  const scripted = script && scriptedResults(script, input);
  const rewrite = input.enable_rewrite_search_query
    ? rewriteQuery(input.query, input.rewrite_search_query_instructions)
    : undefined;
  const query = rewrite?.query ?? input.query;
  const hits = scripted
    ? []
    : state.index.search({
        query,
        topK: input.top_k,
        minScore: input.min_score,
        documentIds: input.document_ids,
        language: input.language,
        fileType: input.file_type,
        metadataFilters: input.metadata_filters,
      });
  // The answer speaks the language of the question as asked, not of the expanded query.
  const language = answerLanguage(input.query, input.language);
  let answer = scripted ? scripted.answer : undefined;
  // A scripted answer comes at once, analyze included (docs/decisions.md, RAG scripts).
  if (!scripted && mode === 'answer') {
    answer = composeAnswer(query, hits, { language }).answer;
  } else if (!scripted && mode === 'analyze') {
    const analysis = analyze(query, hits, { language });
    // Spec, Limits: analyze takes 5-30 s; waited on the injectable clock (--time-scale, clock/advance).
    await clock
      .sleep(analysis.workSeconds * 1000, signal(), `rag analyze ${requestId}`)
      .catch((err: unknown) => {
        // The organization (its sandbox, or the emulator) was reset while the analysis ran: nothing is billed.
        if (err instanceof ClockResetError)
          throw new ApiError(
            'upstream_error',
            'the organization was reset while the analysis ran; nothing was billed',
          );
        throw err;
      });
    answer = analysis.answer;
  }
  deps.metering.record(principal, { product: 'rag_search', quantity: 1, mode, requestId });
  state.logSearch({
    request_id: requestId,
    time: clock.isoNow(),
    mode,
    query: input.query,
    rewritten_query: rewrite?.query ?? null,
    instructions: input.rewrite_search_query_instructions ?? null,
    results: scripted ? scripted.results.length : hits.length,
  });
  return {
    mode,
    ...(answer === undefined ? {} : { answer }),
    results: scripted ? scripted.results : hits.map((h) => resultItem(h, input.detail)),
    search_time_ms: Math.max(0, clock.now() - started),
    request_id: requestId,
  };
}
