import type { Request, Response } from 'express';
import type { Emulator } from '../emulator.js';
export interface AdminContext<Body = any> {
    requestId: string;
    req: Request;
    res: Response;
    params: Record<string, string>;
    query: Record<string, any>;
    body: Body;
    emulator: Emulator;
    signal: AbortSignal;
}
export type AdminHandler = (ctx: AdminContext) => Promise<void> | void;
