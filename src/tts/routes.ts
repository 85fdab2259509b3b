/** HTTP handlers of POST /v1/tts and POST /v1/tts/stream. The rules live in service.ts. */
import { once } from 'node:events';
import type { Response } from 'express';
import type { OperationContext, OperationHandler } from '../http/context.js';
import { CONTENT_TYPES, negotiateClipFormat } from './format.js';
import { targetOf } from '../faults/stage.js';
import type { FaultStore } from '../faults/store.js';
import { streamShaper } from '../faults/stream.js';
import { scriptedError } from '../scripts/scripted-error.js';
import { scriptedUtterance, type TtsScripts } from './scripts.js';
import type { TtsInput, TtsService, Utterance } from './service.js';

/** Resolves true once the whole response was handed to the socket, false when the client left first. */
function delivered(res: Response): Promise<boolean> {
  if (res.writableFinished) return Promise.resolve(true);
  if (res.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onFinish = (): void => {
      res.off('close', onClose);
      resolve(true);
    };
    const onClose = (): void => {
      res.off('finish', onFinish);
      resolve(res.writableFinished);
    };
    res.once('finish', onFinish);
    res.once('close', onClose);
  });
}

/** A stream whose client has read nothing for this long (wall time) is abandoned: its socket is destroyed. */
export const STREAM_STALL_TIMEOUT_MS = 30_000;

/**
 * Waits for the socket to take more bytes. A client that stops reading must not hold its socket and encoder
 * forever; the wait is about the client's I/O, so it is in wall time, not the emulator clock.
 */
async function drainOrGiveUp(res: Response, signal: AbortSignal): Promise<void> {
  const stall = AbortSignal.timeout(STREAM_STALL_TIMEOUT_MS);
  try {
    await once(res, 'drain', { signal: AbortSignal.any([signal, stall]) });
  } catch (err) {
    // Destroying the socket aborts `signal` (the request's close handler), so the caller ends quietly.
    if (stall.aborted && !signal.aborted) res.socket?.destroy();
    throw err;
  }
}

/**
 * The request's utterance, shaped by the next TTS script of its organization if one is queued; a scripted
 * error is thrown here, before the precheck, so it is not billed.
 */
function scriptedOrNot(
  service: TtsService,
  scripts: TtsScripts | undefined,
  ctx: OperationContext<TtsInput>,
): { u: Utterance; format?: 'mp3' | 'wav' } {
  const u = service.utterance(ctx.body);
  const script = scripts?.take(ctx.principal.orgId);
  if (!script) return { u };
  if (script.error) throw scriptedError(script);
  return { u: scriptedUtterance(u, script), format: script.format };
}

export function ttsRoutes(
  service: TtsService,
  faults?: FaultStore,
  scripts?: TtsScripts,
): Record<string, OperationHandler> {
  return {
    'tts.speak': async (ctx: OperationContext<TtsInput>) => {
      const { u, format: scriptedFormat } = scriptedOrNot(service, scripts, ctx);
      const held = service.precheck(ctx.principal, u);
      if (held) await held;
      const format = scriptedFormat ?? negotiateClipFormat(ctx.req.headers.accept);
      let audio: Buffer;
      try {
        const signal = () => ctx.signal;
        audio = format === 'wav' ? await service.wavClip(u, signal) : await service.mp3Clip(u, signal);
      } catch (err) {
        // The client went away: nothing to answer and nothing to bill.
        if (ctx.signal.aborted) return;
        throw err;
      }
      const { res } = ctx;
      res.status(200);
      res.setHeader('Content-Type', CONTENT_TYPES[format]);
      res.setHeader('Content-Length', audio.length);
      res.setHeader('Vary', 'Accept');
      res.end(audio);
      if (await delivered(res)) service.record(ctx.principal, u, { requestId: ctx.requestId });
    },

    'tts.stream': async (ctx: OperationContext<TtsInput>) => {
      // The stream is MP3 by contract: a script's `format` does not apply here.
      const { u } = scriptedOrNot(service, scripts, ctx);
      const held = service.precheck(ctx.principal, u);
      if (held) await held;
      const { res, signal } = ctx;
      const fault = (await faults?.take('stream', targetOf(ctx))) ?? null;
      if (fault) ctx.journal.fault = fault.journal;
      const shaper = streamShaper(fault);
      res.status(200);
      res.setHeader('Content-Type', CONTENT_TYPES.mp3);
      // No Content-Length: Node sends the body with chunked transfer encoding as frames are encoded.
      try {
        // Without a stream fault nothing depends on the pieces: a cached clip goes out in one write.
        for await (const chunk of service.mp3Stream(u, signal, fault !== null)) {
          const { send, cut } = await shaper.next(chunk, signal);
          if (cut) {
            // A truncated stream: the bytes so far reach the client, then the connection ends without the
            // final chunk. Nothing is billed.
            await new Promise<void>((resolve) => res.write(send, () => resolve()));
            res.socket?.destroy();
            return;
          }
          if (send.length > 0 && !res.write(send)) await drainOrGiveUp(res, signal);
        }
      } catch (err) {
        // An abandoned stream stops the encoder at its next slice and is not billed.
        if (signal.aborted) return;
        throw err;
      }
      res.end();
      if (await delivered(res)) service.record(ctx.principal, u, { requestId: ctx.requestId });
    },
  };
}
