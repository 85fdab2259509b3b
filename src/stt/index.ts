import type { ProductArea } from '../areas.js';
import type { Emulator } from '../emulator.js';
import { principalFor, type Principal } from '../auth/principal.js';
import { workQueueFor } from '../store/index.js';
import { VoiceCatalogue } from '../tts/voices.js';
import type { JobPrincipal } from './jobs.js';
import type { SttJobsState } from './jobs-state.js';
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

/** The STT product area: /v1 handlers, admin handlers and boot state; `jobs` from createSttJobsState. */
export function createSttArea(emulator: Emulator, jobs: SttJobsState): ProductArea {
  const speaker = speakerNamer();
  const { stt } = emulator.config;
  const service = new SttService({
    clock: emulator.clock,
    ids: emulator.ids,
    metering: emulator.metering,
    webhooks: emulator.webhooks,
    speaker,
    workers: emulator.workers,
    config: {
      syncMaxSeconds: stt.syncMaxSeconds,
      limits: { maxSeconds: stt.maxAudioSeconds, maxFrames: stt.maxFrames },
      baseTimeMs: emulator.config.taskTimeoutMs,
      msPerAudioSecond: stt.msPerAudioSecond,
    },
    jobs,
    queue: workQueueFor(emulator.store, emulator.clock),
    store: emulator.store,
    principalOf: (p: JobPrincipal): Principal => {
      const org = emulator.orgs.getOrg(p.orgId);
      const key = emulator.orgs.getKey(p.keyId);
      return org && key ? principalFor(org, key, p.via, p.scopes) : (p as Principal);
    },
  });
  return {
    name: 'stt',
    handlers: sttRoutes(service, emulator.faults),
    wsHandlers: {
      'stt.realtime': sttRealtimeHandler({
        contract: emulator.contract,
        clock: emulator.clock,
        ids: emulator.ids,
        metering: emulator.metering,
        scripts: service.scripts,
        speaker,
        config: { checkpointSeconds: stt.realtimeCheckpointSeconds, idleSeconds: stt.realtimeIdleSeconds },
      }),
    },
    adminHandlers: sttAdminHandlers({
      service,
      orgs: emulator.orgs,
      documents: (operationId, status) => emulator.contract.gateway.documents(operationId, status),
    }),
    uploadLimits: { 'stt.transcribe': { maxFileBytes: stt.maxUploadBytes, tooLargeCode: 'file_too_large' } },
    reset() {
      service.reset();
    },
  };
}

export { SttService } from './service.js';
export { createSttJobsState, type SttJobsState } from './jobs-state.js';
