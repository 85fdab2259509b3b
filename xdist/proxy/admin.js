/** `POST /_emulator/drift`: the drift report of a recordings folder, as JSON or JUnit XML. */
import { statSync } from 'node:fs';
import { sendJson } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { runDrift } from './drift.js';
import { driftToJUnit } from './drift-report.js';
export const driftAdminHandlers = {
    'admin.drift': async (ctx) => {
        const body = ctx.body;
        if (!statSync(body.recordings, { throwIfNoEntry: false })?.isDirectory()) {
            throw new ApiError('validation_failed', `recordings must be a folder of recorded exchanges on the emulator's machine (got '${body.recordings}')`);
        }
        const { seed, scenario } = ctx.emulator.config;
        const report = await runDrift({
            recordings: body.recordings,
            durationToleranceSeconds: body.duration_tolerance_seconds,
            emulator: { seed, scenario },
        });
        if (ctx.query.format !== 'junit')
            return sendJson(ctx, 200, report);
        const xml = driftToJUnit(report);
        ctx.res.status(200);
        ctx.res.setHeader('Content-Type', 'application/xml; charset=utf-8');
        ctx.res.setHeader('Content-Length', Buffer.byteLength(xml));
        ctx.res.end(xml);
    },
};
