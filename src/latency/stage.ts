/**
 * The latency stage of the /v1 pipeline (after faults, before the handler): draws the request's delay from the
 * profile, records it in the journal and holds the answer that long. Only installed when the profile is not
 * `instant`, so the default request path does no latency work at all.
 */
import type { Stage } from '../http/context.js';
import { holdResponse } from './hold.js';
import type { LatencySampler } from './sampler.js';

export function latencyStage(sampler: LatencySampler): Stage {
  return (ctx) => {
    const body = ctx.body as { mode?: unknown; text?: unknown } | undefined;
    const mode = typeof body?.mode === 'string' ? body.mode : undefined;
    const text = typeof body?.text === 'string' ? body.text.length : 0;
    const ms = sampler.delayFor(ctx.operation.operationId, mode, text);
    if (ms <= 0) return;
    ctx.journal.latency_ms = ms;
    holdResponse(ctx.res, ms, ctx.signal);
  };
}
