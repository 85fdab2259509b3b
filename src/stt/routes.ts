/** HTTP handlers of POST /v1/stt/transcriptions and GET /v1/stt/jobs/{id}. The rules live in service.ts. */
import { targetOf } from '../faults/stage.js';
import type { FaultStore } from '../faults/store.js';
import { sendJson, type OperationContext, type OperationHandler } from '../http/context.js';
import { noteAudioSeconds } from '../latency/stage.js';
import type { SttParams, SttService } from './service.js';

export function sttRoutes(service: SttService, faults?: FaultStore): Record<string, OperationHandler> {
  return {
    'stt.transcribe': async (ctx: OperationContext<SttParams>) => {
      // `file` is required by the schema, so the router has already checked it is present.
      // Cheap first: the headers (format, duration estimate, content limits), then credits and quota;
      // only then the decoding, on the worker pool.
      const intake = service.intake(ctx.files.file);
      const held = service.precheck(ctx.principal, intake);
      if (held) await held;
      if (!service.isSync(intake)) {
        const fault = (await faults?.take('job', targetOf(ctx))) ?? null;
        if (fault) ctx.journal.fault = fault.journal;
        const job = service.submitJob(ctx.principal, intake, ctx.body, ctx.requestId, fault?.rule);
        // With a shared store the job is in Redis before the 202 (nothing to wait for in memory).
        const written = service.settled();
        if (written) await written;
        sendJson(ctx, 202, { job_id: job.job_id, status: job.status, request_id: ctx.requestId });
        return;
      }
      let outcome;
      try {
        outcome = await service.transcribe(ctx.principal, intake, ctx.signal);
      } catch (err) {
        if (ctx.signal.aborted) return; // the client is gone: its decoding was stopped, nothing to answer
        throw err;
      }
      const transcript = service.settleSync(ctx.principal, intake, outcome, ctx.requestId);
      const seconds = outcome.kind === 'transcript' ? outcome.seconds : intake.estimatedSeconds;
      noteAudioSeconds(ctx.res, seconds);
      sendJson(ctx, 200, { ...service.result(transcript, seconds, ctx.body), request_id: ctx.requestId });
    },

    'stt.getJob': async (ctx: OperationContext) => {
      const view = service.getJobView(ctx.principal.orgId, ctx.params.id);
      sendJson(ctx, 200, view instanceof Promise ? await view : view);
    },
  };
}
