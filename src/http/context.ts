import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import type { WebSocket } from 'ws';
import type { Principal } from '../auth/principal.js';
import type { CompiledOperation } from '../contract/compile.js';
import { keepResponseJson } from '../observe/capture.js';
import type { JournalEntry } from '../journal/journal.js';

export interface UploadedFile {
  fieldName: string;
  originalName: string;
  declaredType: string;
  buffer: Buffer;
  size: number;
}

/** What a /v1 handler receives: authenticated, validated input with defaults applied. */
export interface OperationContext<Body = any> {
  requestId: string;
  operation: CompiledOperation;
  req: Request;
  res: Response;
  principal: Principal;
  params: Record<string, string>;
  query: Record<string, any>;
  body: Body;
  files: Record<string, UploadedFile>;
  /** Aborted when the client goes away before the response is complete. */
  signal: AbortSignal;
  journal: JournalEntry;
  /** The `X-Emulator-Scope` header, for tests sharing one emulator. */
  testScope: string | null;
}

/** What a WebSocket handler receives once the upgrade is authenticated. */
export interface WsContext {
  requestId: string;
  operation: CompiledOperation;
  req: IncomingMessage;
  principal: Principal;
  journal: JournalEntry;
  testScope: string | null;
}

export type OperationHandler = (ctx: OperationContext) => Promise<void>;
export type WsHandler = (ws: WebSocket, ctx: WsContext) => void;
/** A pipeline stage between authentication and the handler (rate limits, faults...). */
export type Stage = (ctx: OperationContext) => Promise<void> | void;

/**
 * A JSON answer held back until the admin router has settled the call's writes in the shared store
 * (admin/store-guard.ts): set on `res.locals.staged` for those calls, absent otherwise.
 */
export interface StagedJson {
  status: number;
  /** The JSON text; undefined for an empty answer (sendNoContent) or none yet. */
  text: string | undefined;
  empty?: boolean;
}

export function sendJson(ctx: Pick<OperationContext, 'res'>, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  const staged = (ctx.res.locals as { staged?: StagedJson } | undefined)?.staged;
  if (staged) {
    staged.status = status;
    staged.text = text;
    return;
  }
  // Armed by the fault stage only while a response-channel rule exists (src/faults/response.ts).
  const hook = (ctx.res.locals as { responseFault?: (status: number, text: string) => void } | undefined)
    ?.responseFault;
  if (hook && status >= 200 && status < 300) return hook(status, text);
  writeJson(ctx.res, status, text);
}

/** 204 No Content (held back like sendJson for a guarded admin call). */
export function sendNoContent(ctx: Pick<OperationContext, 'res'>): void {
  const staged = (ctx.res.locals as { staged?: StagedJson } | undefined)?.staged;
  if (staged) {
    staged.status = 204;
    staged.empty = true;
    return;
  }
  ctx.res.status(204).end();
}

export function writeJson(res: Response, status: number, text: string): void {
  res.status(status);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  keepResponseJson(res, text);
  res.end(text);
}
