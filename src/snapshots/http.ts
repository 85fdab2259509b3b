/**
 * GET and PUT /_emulator/state (decision ST-H1). GET streams the document (gzip when the client accepts it,
 * through zlib as it is written) as an attachment; PUT reads the body itself as it arrives (the operation is
 * marked `x-body-stream` in admin.yaml, so no JSON parser buffers it), raw or gzip, and answers the LoadResult.
 */
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { AdminContext, AdminHandler } from '../admin/admin-context.js';
import { sendJson } from '../http/context.js';
import { ApiError } from '../core/errors.js';
import type { SaveOptions, SnapshotLimits } from './format.js';
import type { Loader } from './loader.js';
import { resolveScope, writeDocument, type WriterDeps } from './writer.js';

export const STATE_FILENAME = 'svc-emulator-state.json';

function saveOptions(query: Record<string, unknown>): SaveOptions {
  const include = typeof query.include === 'string' && query.include ? query.include.split(',') : [];
  return {
    ...(typeof query.org === 'string' ? { org: query.org } : {}),
    ...(typeof query.sandbox === 'string' ? { sandbox: query.sandbox } : {}),
    journal: include.includes('journal'),
    secrets: include.includes('secrets'),
  };
}

async function getState(deps: WriterDeps, ctx: AdminContext): Promise<void> {
  const options = saveOptions(ctx.query);
  const scope = await resolveScope(deps, options);
  const { req, res } = ctx;
  const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
  res.status(200);
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Content-Disposition', `attachment; filename="${STATE_FILENAME}"`);
  res.setHeader('Vary', 'Accept-Encoding');
  // The self-check reads JSON bodies; a gzip one it cannot (the tests also read it inflated).
  if (gzip) {
    res.setHeader('Content-Encoding', 'gzip');
    res.locals.contractExempt = true;
  }
  const gz = gzip ? createGzip() : undefined;
  const piped = gz ? pipeline(gz, res) : undefined;
  try {
    await writeDocument(deps, gz ?? res, scope, options);
    if (gz) {
      gz.end();
      await piped;
    } else res.end();
  } catch (err) {
    gz?.destroy();
    await piped?.catch(() => {});
    // Nothing sent yet: the error is answered as a problem; else the client sees the stream cut short.
    if (!res.headersSent) {
      for (const name of ['Content-Encoding', 'Content-Disposition', 'Vary']) res.removeHeader(name);
      res.locals.contractExempt = false;
      throw err;
    }
    res.destroy(err as Error);
  }
}

/**
 * A body that declares more bytes than a load accepts is refused as soon as the headers are in (decision
 * ST-L7): the limit holds for the bytes as received too (ST-L1), gzip or not, so reading it could only end in
 * the same 413. The answer closes the connection: the unread body is never read.
 */
function refuseDeclaredLength(ctx: AdminContext, limits: SnapshotLimits): void {
  const header = ctx.req.headers['content-length'];
  if (header === undefined) return;
  const declared = Number(header);
  if (!(declared > limits.maxBytes)) return;
  ctx.res.setHeader('Connection', 'close');
  throw new ApiError(
    'state_too_large',
    `Content-Length ${header} is larger than ${limits.maxBytes} bytes, the most a load accepts (as received, gzip or not); nothing was read or changed`,
  );
}

async function putState(loader: Loader, limits: SnapshotLimits, ctx: AdminContext): Promise<void> {
  const encoding = (ctx.req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== 'gzip')
    throw new ApiError(
      'unsupported_content_type',
      `Content-Encoding ${encoding} is not accepted for a state document: send it as is, or gzip`,
    );
  refuseDeclaredLength(ctx, limits);
  try {
    sendJson(ctx, 200, await loader.load(ctx.req));
  } catch (err) {
    // Refused before the body's end (too large, not JSON): the rest is read and dropped, so the connection
    // carries the answer (the server's request timeout bounds a client that never stops).
    if (!ctx.req.complete) ctx.req.resume();
    throw err;
  }
}

export function stateAdminHandlers(deps: {
  writer: WriterDeps;
  loader: Loader;
  limits: SnapshotLimits;
}): Record<string, AdminHandler> {
  return {
    'admin.getState': (ctx) => getState(deps.writer, ctx),
    'admin.putState': (ctx) => putState(deps.loader, deps.limits, ctx),
  };
}
