/** The RAG service's inputs, outputs and dependencies (src/rag/service.ts). */
import type { EmulatorConfig } from '../app/config.js';
import type { OrgClocks } from '../core/clocks.js';
import type { IdFactory } from '../core/random.js';
import type { ScriptQueue } from '../scripts/script-queue.js';
import type { Metering, RagMode } from '../metering/index.js';
import type { OrgStore } from '../orgs/store.js';
import type { WorkQueue } from '../store/work-queue.js';
import type { WebhookEngine } from '../webhooks/index.js';
import type { WorkerPool } from '../workers/pool.js';
import type { RagState } from './rag-state.js';
import type { RagScriptInput } from './scripts.js';
import type { TenantManager } from './tenants.js';

export interface RagSearchInput {
  query: string;
  mode: RagMode;
  top_k: number;
  min_score?: number;
  detail: 'minimal' | 'full';
  document_ids?: string[];
  language?: string;
  file_type?: string;
  metadata_filters?: Record<string, unknown>;
  enable_rewrite_search_query: boolean;
  rewrite_search_query_instructions?: string;
}

export interface RagUploadInput {
  title: string;
  metadata?: string;
}

export interface RagSearchResultItem {
  document_id: string;
  score: number;
  chunk_id?: string;
  text?: string;
}

export interface RagSearchOutput {
  mode: RagMode;
  answer?: string | null;
  results: RagSearchResultItem[];
  search_time_ms: number;
  request_id: string;
}

export interface RagServiceDeps {
  /** Every time rule of an organization (jobs, analyze, record times) follows its clock (core/clocks.ts). */
  clocks: Pick<OrgClocks, 'for'>;
  ids: IdFactory;
  orgs: OrgStore;
  metering: Metering;
  webhooks: WebhookEngine;
  tenants: TenantManager;
  state: RagState;
  /** Job completions: clock timers in memory; with Redis, run once by any instance, even if this one dies. */
  queue: WorkQueue;
  config: EmulatorConfig['rag'];
  /** Extraction runs here, off the event loop and inside the pool's ceilings. */
  workers: Pick<WorkerPool, 'run' | 'options'>;
  /** Scripted answers (POST /_emulator/rag/scripts). */
  scripts?: ScriptQueue<RagScriptInput>;
}
