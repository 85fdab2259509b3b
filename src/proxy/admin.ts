/** `POST /_emulator/drift`: the drift report of a recordings folder, as JSON or JUnit XML. */
import { statSync } from 'node:fs';
import type { AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import { ApiError } from '../core/errors.js';
import { driftAgainst, type StartDriftTarget } from './drift.js';
import { driftToJUnit } from './drift-report.js';

export interface DriftAdminDeps {
  /** Starts the emulator compared with the recordings (createEmulator, passed by the composition root). */
  start: StartDriftTarget;
  /** The seed and scenario of this emulator, which the compared one starts with. */
  config: { seed: string; scenario: string | null };
}

export function driftAdminHandlers(deps: DriftAdminDeps): Record<string, AdminHandler> {
  return {
    'admin.drift': async (ctx) => {
      const body = ctx.body as { recordings: string; duration_tolerance_seconds?: number };
      if (!statSync(body.recordings, { throwIfNoEntry: false })?.isDirectory()) {
        throw new ApiError(
          'validation_failed',
          `recordings must be a folder of recorded exchanges on the emulator's machine (got '${body.recordings}')`,
        );
      }
      const { seed, scenario } = deps.config;
      const report = await driftAgainst(deps.start, {
        recordings: body.recordings,
        durationToleranceSeconds: body.duration_tolerance_seconds,
        emulator: { seed, scenario },
      });
      if (ctx.query.format !== 'junit') return sendJson(ctx, 200, report);
      const xml = driftToJUnit(report);
      ctx.res.status(200);
      ctx.res.setHeader('Content-Type', 'application/xml; charset=utf-8');
      ctx.res.setHeader('Content-Length', Buffer.byteLength(xml));
      ctx.res.end(xml);
    },
  };
}
