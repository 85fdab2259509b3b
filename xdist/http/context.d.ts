import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import type { WebSocket } from 'ws';
import type { Principal } from '../auth/principal.js';
import type { CompiledOperation } from '../contract/compile.js';
import type { JournalEntry } from './journal.js';
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
export declare function sendJson(ctx: Pick<OperationContext, 'res'>, status: number, body: unknown): void;
