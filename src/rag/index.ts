import type { BootState, ProductArea } from '../areas.js';
import type { Emulator } from '../emulator.js';
import type { Stage } from '../http/context.js';
import { workQueueFor } from '../store/index.js';
import { ragAdminHandlers } from './admin.js';
import { loadCorpus } from './corpus.js';
import { ragGateStage, ragRoutes } from './routes.js';
import { documentLimits, INDEX_WORK, RagService } from './service.js';
import type { RagState } from './rag-state.js';
import type { RagDocumentRecord } from './store.js';
import { TenantManager } from './tenants.js';

/**
 * The RAG product area: /v1 handlers, the tenant gate, admin handlers and the demo corpus at boot, over the
 * area's state (rag-state.ts), which the composition root builds and resets.
 */
export function createRagArea(emulator: Emulator, state: RagState): ProductArea {
  const config = emulator.config.rag;
  const tenants = new TenantManager(
    emulator.clock,
    {
      notProvisionedSeconds: config.notProvisionedSeconds,
      provisioningSeconds: config.provisioningSeconds,
      idleAfterSeconds: config.idleAfterSeconds,
      resumeSeconds: config.resumeSeconds,
    },
    state.tenants,
  );
  const queue = workQueueFor(emulator.store, emulator.clock);
  const service = new RagService({
    clock: emulator.clock,
    ids: emulator.ids,
    orgs: emulator.orgs,
    metering: emulator.metering,
    webhooks: emulator.webhooks,
    tenants,
    state,
    queue,
    config,
    workers: emulator.workers,
  });

  // Granting the entitlement provisions a tenant; revoking it suspends the tenant (its data stays).
  emulator.orgs.onEvent((event) => {
    if (event.type === 'org.created' && event.org.ragEntitled) tenants.provision(event.org.id);
    if (event.type !== 'org.updated') return;
    if (event.org.ragEntitled && !event.previous.ragEntitled) tenants.provision(event.org.id);
    if (!event.org.ragEntitled && event.previous.ragEntitled) tenants.suspend(event.org.id);
  });
  // The demo corpus is indexed in the background so start-up stays fast; RAG calls wait for it.
  let corpusReady: Promise<void> = Promise.resolve();
  // Reported by GET /_emulator/health as `boot.demo_corpus`.
  let corpusState: BootState = emulator.config.demoCorpus ? 'indexing' : 'disabled';
  // RAG calls wait for the demo corpus, then pass the tenant gate (declared below, added by the emulator).
  const corpusStage: Stage = async (ctx) => {
    if (ctx.operation.operationId.startsWith('rag.')) await corpusReady;
  };

  async function loadDemoCorpus(): Promise<void> {
    const orgId = emulator.demo.orgId;
    const now = emulator.clock.isoNow();
    for (const c of await loadCorpus(
      emulator.config.corpus ?? undefined,
      documentLimits(emulator.config.rag),
    )) {
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
        updatedAt: emulator.clock.isoNow(),
        environment: 'live',
        builtin: true,
      };
      state.addBuiltin(orgId, doc, c.prepared);
    }
    emulator.metering.observeStorage(orgId, state.local(orgId).storedBytes('live'), 'live');
  }

  function bootRag(): void {
    // Ready at once; the corpus follows within a few hundred milliseconds (see corpusReady).
    tenants.provisionReady(emulator.demo.orgId);
    if (!emulator.config.demoCorpus) return;
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
  state.onOrgReset((_orgId, jobIds) => {
    try {
      for (const id of jobIds) queue.cancel(INDEX_WORK, id);
    } catch {
      // The shared store went away since the reset's own write: the completions find nothing to do.
    }
  });
  const settled = () => emulator.store.settled();

  return {
    name: 'rag',
    stages: [corpusStage, ragGateStage(service)],
    handlers: ragRoutes(service, emulator.faults, settled),
    adminHandlers: ragAdminHandlers({ orgs: emulator.orgs, tenants, state }),
    uploadLimits: {
      'rag.uploadDocument': { maxFileBytes: config.maxUploadBytes, tooLargeCode: 'document_too_large' },
    },
    boot: bootRag,
    /** Resolves once the demo corpus is searchable. */
    ready: () => corpusReady,
    bootState: () => ({ demo_corpus: corpusState }),
  };
}
