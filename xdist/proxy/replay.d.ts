import type { RouteTable } from '../contract/compile.js';
import type { OperationContext } from '../http/context.js';
export type ReplayStage = (ctx: OperationContext) => boolean;
export declare function createReplay(dir: string, routes: RouteTable): ReplayStage;
/** JSON with object keys sorted, so key order never decides a match. */
export declare function canonicalJson(value: unknown): string;
