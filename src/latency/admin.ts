import type { AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import { INSTANT } from './profile.js';
import type { LatencySampler } from './sampler.js';

/** GET /_emulator/latency: the profile chosen at start. */
export function latencyAdminHandler(sampler: LatencySampler | null): AdminHandler {
  const view = sampler ? sampler.profile : { name: INSTANT, operations: {} };
  return (ctx) => sendJson(ctx, 200, view);
}
