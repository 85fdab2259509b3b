/**
 * The product operations of the typed admin client: scripted TTS clips (`admin.tts.*`), scripted transcripts
 * and jobs (`admin.stt.*`), and the RAG tenant, its searches and scripted answers (`admin.rag.*`).
 */
import type { Client } from 'openapi-fetch';
import type { components, paths } from './admin-api.js';
import { unwrap } from './admin-unwrap.js';

type AdminSchemas = components['schemas'];
/** `org_id`: the scripts (or jobs) that can match that organization. */
export type SttOrgFilter = NonNullable<paths['/stt/scripts']['get']['parameters']['query']>;

export function ttsOperations(raw: Client<paths>) {
  return {
    scripts: {
      /** Sets the next clip(s): duration, format, or an error. */
      create: (input: AdminSchemas['TtsScriptInput']) => unwrap(raw.POST('/tts/scripts', { body: input })),
      list: (filter: SttOrgFilter = {}) => unwrap(raw.GET('/tts/scripts', { params: { query: filter } })),
      clear: (filter: SttOrgFilter = {}) => unwrap(raw.DELETE('/tts/scripts', { params: { query: filter } })),
      delete: (scriptId: string) =>
        unwrap(raw.DELETE('/tts/scripts/{scriptId}', { params: { path: { scriptId } } })),
    },
  };
}

export function sttOperations(raw: Client<paths>) {
  return {
    scripts: {
      /** Registers a scripted transcript (exactly one of `sha256`, `file_name`, `queue`). */
      create: (input: AdminSchemas['SttScriptInput']) => unwrap(raw.POST('/stt/scripts', { body: input })),
      list: (filter: SttOrgFilter = {}) => unwrap(raw.GET('/stt/scripts', { params: { query: filter } })),
      clear: (filter: SttOrgFilter = {}) => unwrap(raw.DELETE('/stt/scripts', { params: { query: filter } })),
      delete: (scriptId: string) =>
        unwrap(raw.DELETE('/stt/scripts/{scriptId}', { params: { path: { scriptId } } })),
    },
    jobs: (filter: SttOrgFilter = {}) => unwrap(raw.GET('/stt/jobs', { params: { query: filter } })),
  };
}

export function ragOperations(raw: Client<paths>) {
  return {
    /** The organization's RAG tenant: state, next transition, durations, contents. */
    tenant: (orgId: string) => unwrap(raw.GET('/orgs/{id}/rag', { params: { path: { id: orgId } } })),
    /** Forces a tenant state, sets durations, or makes the next N indexing jobs fail. */
    updateTenant: (orgId: string, body: AdminSchemas['RagTenantUpdate']) =>
      unwrap(raw.PUT('/orgs/{id}/rag', { params: { path: { id: orgId } }, body })),
    searches: (orgId: string) =>
      unwrap(raw.GET('/orgs/{id}/rag/searches', { params: { path: { id: orgId } } })),
    scripts: {
      /** Queues the next search answer(s) or error (matched by query and mode). */
      create: (input: AdminSchemas['RagScriptInput']) => unwrap(raw.POST('/rag/scripts', { body: input })),
      list: (filter: SttOrgFilter = {}) => unwrap(raw.GET('/rag/scripts', { params: { query: filter } })),
      clear: (filter: SttOrgFilter = {}) => unwrap(raw.DELETE('/rag/scripts', { params: { query: filter } })),
      delete: (scriptId: string) =>
        unwrap(raw.DELETE('/rag/scripts/{scriptId}', { params: { path: { scriptId } } })),
    },
  };
}
