import type { Area } from '../area/area.js';
import { principalFor, type Principal } from '../auth/principal.js';
import type { EmulatorConfig } from '../app/config.js';
import type { Contract } from '../contract/emulator-contract.js';
import type { Clock } from '../core/clock.js';
import type { OrgClocks } from '../core/clocks.js';
import type { IdFactory } from '../core/random.js';
import type { FaultStore } from '../faults/store.js';
import type { Metering } from '../metering/index.js';
import type { OrgStore } from '../orgs/store.js';
import { workQueueFor, type StateStore } from '../store/index.js';
import type { LoadedListener } from '../store/state-unit.js';
import type { WebhookEngine } from '../webhooks/index.js';
import type { WorkerPool } from '../workers/pool.js';
import { VoiceCatalogue } from '../tts/voices.js';
import { JOB_KIND, payloadOf, type JobPrincipal } from './jobs.js';
import { createSttJobsState } from './jobs-state.js';
import { sttAdminHandlers } from './admin.js';
import { sttRealtimeHandler } from './realtime.js';
import type { SpeakerNamer } from './round-trip.js';
import { sttRoutes } from './routes.js';
import { SttService } from './service.js';

/** Speaker labels for the emulator's own voices: the voice id of fixtures/voices.json. */
function speakerNamer(): SpeakerNamer {
  const byIndex = new Map(VoiceCatalogue.load().voices.map((v) => [v.voiceIndex, v.id]));
  return (voiceIndex) => byIndex.get(voiceIndex) ?? `voice_${voiceIndex}`;
}

export interface SttAreaDeps {
  config: Pick<EmulatorConfig, 'stt' | 'taskTimeoutMs'>;
  clock: Clock;
  /** Each organization's clock: its jobs and realtime sessions follow it. */
  clocks: OrgClocks;
  ids: IdFactory;
  metering: Metering;
  webhooks: WebhookEngine;
  workers: WorkerPool;
  faults: FaultStore;
  /** The frame schemas of the realtime session. */
  contract: Pick<Contract, 'schema' | 'gateway'>;
  /** Where a job accepted on another instance finds its organization and key. */
  orgs: Pick<OrgStore, 'getOrg' | 'getKey'>;
  /** Where job completions wait (memory timers or the shared queue), and whose writes a 202 waits for. */
  store: StateStore;
}

/** The STT product area: /v1 handlers, admin handlers and boot state. */
export function createSttArea(deps: SttAreaDeps): Area {
  const speaker = speakerNamer();
  const { stt } = deps.config;
  const jobs = createSttJobsState(deps.store);
  const queue = workQueueFor(deps.store, deps.clocks);
  const service = new SttService({
    clock: deps.clock,
    clocks: deps.clocks,
    ids: deps.ids,
    metering: deps.metering,
    webhooks: deps.webhooks,
    speaker,
    workers: deps.workers,
    config: {
      syncMaxSeconds: stt.syncMaxSeconds,
      limits: { maxSeconds: stt.maxAudioSeconds, maxFrames: stt.maxFrames },
      baseTimeMs: deps.config.taskTimeoutMs,
      msPerAudioSecond: stt.msPerAudioSecond,
    },
    jobs,
    queue,
    store: deps.store,
    principalOf: (p: JobPrincipal): Principal => {
      const org = deps.orgs.getOrg(p.orgId);
      const key = deps.orgs.getKey(p.keyId);
      return org && key ? principalFor(org, key, p.via, p.scopes) : (p as Principal);
    },
  });
  // A load put organizations back: their jobs in flight complete at their due times (at once when past), from
  // what each job keeps (its payload and the decoding's outcome known at the export).
  const onLoaded: LoadedListener = async ({ orgIds }) => {
    for (const orgId of orgIds) {
      for (const job of await jobs.list(orgId)) {
        const payload = payloadOf(job);
        if (job.status !== 'processing' || job.due_at === null || !payload) continue;
        queue.schedule(JOB_KIND, job.job_id, payload, Date.parse(job.due_at), { org: orgId });
      }
    }
  };
  return {
    name: 'stt',
    state: [jobs],
    onLoaded,
    handlers: sttRoutes(service, deps.faults),
    wsHandlers: {
      'stt.realtime': sttRealtimeHandler({
        contract: deps.contract,
        clocks: deps.clocks,
        ids: deps.ids,
        metering: deps.metering,
        scripts: service.scripts,
        speaker,
        config: { checkpointSeconds: stt.realtimeCheckpointSeconds, idleSeconds: stt.realtimeIdleSeconds },
      }),
    },
    adminHandlers: sttAdminHandlers({
      service,
      orgs: deps.orgs,
      documents: (operationId, status) => deps.contract.gateway.documents(operationId, status),
    }),
    uploadLimits: { 'stt.transcribe': { maxFileBytes: stt.maxUploadBytes, tooLargeCode: 'file_too_large' } },
    reset() {
      service.reset();
    },
  };
}

export { SttService } from './service.js';
export { createSttJobsState, type SttJobsState } from './jobs-state.js';
