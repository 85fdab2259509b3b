export { latencyStage, noteAudioSeconds } from './stage.js';
export { LatencySampler } from './sampler.js';
export { REALISTIC_PROFILE, loadLatencyProfile, type LatencyProfile } from './profile.js';
export { latencyAdminHandler } from './admin.js';
