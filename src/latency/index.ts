import type { Area } from '../area/area.js';
import { latencyAdminHandler } from './admin.js';
import type { LatencySampler } from './sampler.js';
import { latencyStage } from './stage.js';
export { latencyStage, noteAudioSeconds } from './stage.js';
export { LatencySampler } from './sampler.js';
export { REALISTIC_PROFILE, loadLatencyProfile, type LatencyProfile } from './profile.js';
export { latencyAdminHandler } from './admin.js';

/** `--latency-profile`: null for `instant` (no stage at all; the admin operation says so). */
export function createLatencyArea(latency: LatencySampler | null): Area {
  return {
    name: 'latency',
    adminHandlers: { 'admin.getLatency': latencyAdminHandler(latency) },
    beforeHandler: latency ? [latencyStage(latency)] : [],
    reset: () => latency?.reset(),
  };
}
