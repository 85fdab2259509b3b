import type { Area, BootState } from '../area/area.js';
import type { EmulatorConfig } from '../app/config.js';
import type { Clock } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';
import type { IdFactory } from '../core/random.js';
import type { FaultStore } from '../faults/store.js';
import type { Stage } from '../http/context.js';
import type { Metering } from '../metering/index.js';
import type { OrgStore } from '../orgs/store.js';
import { workQueueFor, type StateStore } from '../store/index.js';
import type { LoadedListener } from '../store/state-unit.js';
import type { WebhookEngine } from '../webhooks/index.js';
import type { WorkerPool } from '../workers/pool.js';
import type { Contract } from '../contract/emulator-contract.js';
import { ScriptQueue } from '../scripts/script-queue.js';
import { ragAdminHandlers } from './admin.js';
import { ragScriptAdminHandlers } from './script-admin.js';
import type { RagScriptInput } from './scripts.js';
import { loadCorpus } from './corpus.js';
import { ragGateStage, ragRoutes } from './routes.js';
import { documentLimits, INDEX_WORK, RagService } from './service.js';
import { createRagState } from './rag-state.js';
import type { RagDocumentRecord } from './store.js';
import { TenantManager } from './tenants.js';

export interface RagAreaDeps {
  config: Pick<EmulatorConfig, 'rag' | 'demoCorpus' | 'corpus'>;
  clock: Clock;
  /** Each organization's clock: tenants, indexing jobs and analyze follow it. */
  clocks: OrgClocks;
  ids: IdFactory;
  /** Organizations, and their events: the RAG entitlement provisions and suspends tenants. */
  orgs: OrgStore;
  metering: Metering;
  webhooks: WebhookEngine;
  workers: WorkerPool;
  faults: FaultStore;
  /** Where job completions wait (memory timers or the shared queue), and whose writes an answer waits for. */
  store: StateStore;
  /** The organization the demo corpus is indexed for (it exists by the time the area boots). */
  demoOrgId: string;
  /** The gateway's schemas and documented statuses, which scripted answers are checked against. */
  contract: Pick<Contract, 'schema' | 'gateway' | 'gatewayDocument'>;
}

/** The RAG product area: /v1 handlers, the tenant gate, admin handlers and the demo corpus at boot. */
export function createRagArea(deps: RagAreaDeps): Area {
  const { demoOrgId } = deps;
  const state = createRagState(deps.store);
  const config = deps.config.rag;
  const tenants = new TenantManager(
    deps.clocks,
    {
      notProvisionedSeconds: config.notProvisionedSeconds,
      provisioningSeconds: config.provisioningSeconds,
      idleAfterSeconds: config.idleAfterSeconds,
      resumeSeconds: config.resumeSeconds,
    },
    state.tenants,
  );
  const queue = workQueueFor(deps.store, deps.clocks);
  // Per instance, in memory, like the STT scripts (docs/scaling.md).
  const scripts = new ScriptQueue<RagScriptInput>({ clock: deps.clock, ids: deps.ids, prefix: 'rscr' });
  const service = new RagService({
    clocks: deps.clocks,
    ids: deps.ids,
    orgs: deps.orgs,
    metering: deps.metering,
    webhooks: deps.webhooks,
    tenants,
    state,
    queue,
    config,
    workers: deps.workers,
    scripts,
  });

  // Granting the entitlement provisions a tenant; revoking it suspends the tenant (its data stays).
  deps.orgs.onEvent((event) => {
    if (event.type === 'org.created' && event.org.ragEntitled) tenants.provision(event.org.id);
    if (event.type !== 'org.updated') return;
    if (event.org.ragEntitled && !event.previous.ragEntitled) tenants.provision(event.org.id);
    if (!event.org.ragEntitled && event.previous.ragEntitled) tenants.suspend(event.org.id);
  });
  // The demo corpus is indexed in the background so start-up stays fast; RAG calls wait for it.
  let corpusReady: Promise<void> = Promise.resolve();
  // Reported by GET /_emulator/health as `boot.demo_corpus`.
  let corpusState: BootState = deps.config.demoCorpus ? 'indexing' : 'disabled';
  // RAG calls wait for the demo corpus, then pass the tenant gate (declared below, added by the emulator).
  const corpusStage: Stage = async (ctx) => {
    if (ctx.operation.operationId.startsWith('rag.')) await corpusReady;
  };

  async function loadDemoCorpus(): Promise<void> {
    const now = deps.clock.isoNow();
    for (const c of await loadCorpus(deps.config.corpus ?? undefined, documentLimits(config))) {
      const doc: RagDocumentRecord = {
        documentId: c.id,
        title: c.title,
        fileName: c.fileName,
        fileType: c.fileType,
        sizeBytes: c.sizeBytes,
        language: c.language,
        status: 'ready',
        chunkCount: c.prepared.chunks.length,
        metadata: c.metadata,
        createdAt: now,
        updatedAt: deps.clock.isoNow(),
        environment: 'live',
        builtin: true,
      };
      state.addBuiltin(demoOrgId, doc, c.prepared);
    }
    deps.metering.observeStorage(demoOrgId, state.local(demoOrgId).storedBytes('live'), 'live');
  }

  function bootRag(): void {
    // Ready at once; the corpus follows within a few hundred milliseconds (see corpusReady).
    tenants.provisionReady(demoOrgId);
    if (!deps.config.demoCorpus) return;
    corpusState = 'indexing';
    corpusReady = loadDemoCorpus().then(
      () => {
        corpusState = 'ready';
      },
      (err: unknown) => {
        corpusState = 'failed';
        console.error(`[svc-emulator] demo corpus failed to load: ${(err as Error).message}`);
      },
    );
  }

  // With Redis every instance builds the demo corpus itself, and does again when another instance resets.
  state.onRemoteReset(bootRag);
  // One organization reset: its jobs' due completions go too (they would find no job, and do nothing).
  state.onOrgReset((orgId, jobIds) => {
    try {
      for (const id of jobIds) queue.cancel(INDEX_WORK, id, orgId);
    } catch {
      // The shared store went away since the reset's own write: the completions find nothing to do.
    }
  });
  // A load put organizations back: their jobs in flight complete at their due times (at once when past).
  const onLoaded: LoadedListener = async ({ orgIds }) => {
    for (const orgId of orgIds) {
      const org = await state.read(orgId);
      // The storage meter starts from what the load stored (decision SN-A9).
      for (const environment of ['live', 'test'] as const) {
        const bytes = org.storedBytes(environment);
        if (bytes > 0) deps.metering.observeStorage(orgId, bytes, environment);
      }
      for (const job of org.jobs.values()) {
        if (job.status !== 'processing' || job.dueAt === null) continue;
        queue.schedule(INDEX_WORK, job.jobId, { orgId }, Date.parse(job.dueAt), { org: orgId });
      }
    }
    // The loaded documents' index, in the background from the next turn on (the load answers first).
    state.buildIndexes();
  };
  const settled = () => deps.store.settled();

  return {
    name: 'rag',
    state: [state],
    onLoaded,
    stages: [corpusStage, ragGateStage(service)],
    handlers: ragRoutes(service, deps.faults, settled),
    adminHandlers: {
      ...ragAdminHandlers({ orgs: deps.orgs, tenants, state }),
      ...ragScriptAdminHandlers({ scripts, orgs: deps.orgs, state, contract: deps.contract }),
    },
    uploadLimits: {
      'rag.uploadDocument': { maxFileBytes: config.maxUploadBytes, tooLargeCode: 'document_too_large' },
    },
    boot: bootRag,
    reset() {
      scripts.reset();
    },
    /** Resolves once the demo corpus is searchable. */
    ready: () => corpusReady,
    bootState: () => ({ demo_corpus: corpusState }),
  };
}
