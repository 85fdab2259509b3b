/**
 * The latency stage of the /v1 pipeline (after faults, before the handler): draws the request's delay from the
 * profile, holds the answer that long and records it in the journal. Only installed when the profile is not
 * `instant`, so the default request path does no latency work at all.
 */
import type { Response } from 'express';
import type { Stage } from '../http/context.js';
import { holdResponse } from './hold.js';
import { total, type LatencySampler } from './sampler.js';

interface AudioSeconds {
  latencyAudioSeconds?: number;
}

export function latencyStage(sampler: LatencySampler): Stage {
  return (ctx) => {
    const body = ctx.body as { mode?: unknown; text?: unknown } | undefined;
    const drawn = sampler.draw(
      ctx.operation.operationId,
      typeof body?.mode === 'string' ? body.mode : undefined,
    );
    if (!drawn) return;
    const text = typeof body?.text === 'string' ? body.text.length : 0;
    const locals = ctx.res.locals as AudioSeconds;
    if (drawn.dist.per_audio_second_ms) locals.latencyAudioSeconds = 0;
    holdResponse(
      ctx.res,
      () => {
        const ms = total(drawn.dist, drawn.base, text, locals.latencyAudioSeconds ?? 0);
        ctx.journal.latency_ms = ms;
        return ms;
      },
      ctx.signal,
    );
  };
}

/** The handler's word on how much audio it decoded, for `per_audio_second_ms` (a no-op without it). */
export function noteAudioSeconds(res: Response, seconds: number): void {
  const locals = res.locals as AudioSeconds;
  if (locals.latencyAudioSeconds !== undefined) locals.latencyAudioSeconds = seconds;
}
