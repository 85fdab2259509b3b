/**
 * Admin handlers of the RAG scripts (openapi/admin.yaml, `/rag/scripts`). A script is refused at creation
 * (422 naming the field) when its answer could not be one the gateway gives: checked against the gateway's
 * own `RagSearchResult` schema and `top_k` maximum, and against the organization's documents when `org_id`
 * is given.
 */
import type { AdminHandler } from '../admin/admin-context.js';
import type { Contract } from '../contract/emulator-contract.js';
import { assertValid } from '../contract/compile.js';
import { ApiError } from '../core/errors.js';
import type { OrgStore } from '../orgs/store.js';
import { scriptAdminHandlers } from '../scripts/script-admin.js';
import type { ScriptQueue } from '../scripts/script-queue.js';
import type { RagState } from './rag-state.js';
import type { RagScriptInput } from './scripts.js';

export function ragScriptAdminHandlers(deps: {
  scripts: ScriptQueue<RagScriptInput>;
  orgs: Pick<OrgStore, 'getOrg'>;
  state: Pick<RagState, 'read'>;
  contract: Pick<Contract, 'schema' | 'gateway' | 'gatewayDocument'>;
}): Record<string, AdminHandler> {
  // The spec's largest top_k, read from the gateway document rather than stated again.
  const doc = deps.contract.gatewayDocument as any;
  const maxTopK = Number(doc.components.schemas.RagSearchRequest.properties.top_k.maximum);

  async function check(body: RagScriptInput): Promise<void> {
    const invalid = (detail: string): ApiError => new ApiError('validation_failed', detail);
    if (body.answer !== undefined && body.mode === 'retrieve')
      throw invalid("body.answer: a 'retrieve' search has no answer; leave answer out or match another mode");
    if (body.error && (body.results !== undefined || body.answer !== undefined))
      throw invalid('body.error: an error script answers with the error only; leave out results and answer');
    const results = body.results ?? [];
    if (results.length > maxTopK)
      throw invalid(
        `body.results: ${results.length} results; a search returns at most ${maxTopK} (the largest top_k)`,
      );
    // The would-be answer, checked by the gateway's schema (the ids and timing are the real ones later).
    const mode = body.mode ?? (body.answer === undefined ? 'retrieve' : 'answer');
    const answer = { mode, ...(mode === 'retrieve' ? {} : { answer: body.answer ?? null }), results };
    assertValid(
      deps.contract.schema('RagSearchResult'),
      { ...answer, search_time_ms: 0, request_id: 'x' },
      'body',
    );
    if (body.org_id === undefined) return;
    const read = deps.state.read(body.org_id);
    const state = read instanceof Promise ? await read : read;
    results.forEach((r, i) => {
      if (!state.documents.has(r.document_id))
        throw invalid(
          `body.results[${i}].document_id: organization ${body.org_id} has no document '${r.document_id}'`,
        );
    });
  }

  return scriptAdminHandlers({
    area: 'rag',
    operationId: 'rag.search',
    scripts: deps.scripts,
    orgs: deps.orgs,
    documents: (operationId, status) => deps.contract.gateway.documents(operationId, status),
    check,
  });
}
