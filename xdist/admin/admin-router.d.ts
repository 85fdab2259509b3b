import type { NextFunction, Request, Response } from 'express';
import { type RouteTable } from '../contract/compile.js';
import type { Emulator } from '../emulator.js';
import type { AdminHandler } from './admin-context.js';
export declare function presentedAdminToken(req: Request): string | undefined;
export declare function createAdminRouter(deps: {
    routes: RouteTable;
    handlers: Map<string, AdminHandler>;
    emulator: Emulator;
}): (req: Request, res: Response, next: NextFunction) => Promise<void>;
