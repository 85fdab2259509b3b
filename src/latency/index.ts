import type { Area } from '../area/area.js';
import { latencyAdminHandler } from './admin.js';
import type { Random } from '../core/random.js';
import type { LatencyProfile } from './profile.js';
import { LatencySampler } from './sampler.js';
import { latencyStage } from './stage.js';
export { latencyStage, noteAudioSeconds } from './stage.js';
export { LatencySampler } from './sampler.js';
export { REALISTIC_PROFILE, loadLatencyProfile, type LatencyProfile } from './profile.js';
export { latencyAdminHandler } from './admin.js';

declare module '../area/area.js' {
  interface AreaParts {
    /** `--latency-profile`: null for `instant` (no latency stage at all). */
    latency: LatencySampler | null;
  }
}

/** `--latency-profile`: null for `instant` (no stage at all; the admin operation says so). */
export function createLatencyArea(deps: { profile: LatencyProfile | null; random: Random }): Area {
  const latency = deps.profile && new LatencySampler(deps.profile, deps.random);
  return {
    name: 'latency',
    parts: { latency },
    adminHandlers: { 'admin.getLatency': latencyAdminHandler(latency) },
    beforeHandler: latency ? [latencyStage(latency)] : [],
    reset: () => latency?.reset(),
  };
}
