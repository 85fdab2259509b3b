/**
 * The /v1 pipeline, in the order a request passes through it:
 * route → authenticate → scopes → rate limit → parse body → validate → faults → replay → handler
 * (in proxy mode: route → faults → upstream, src/proxy).
 * Every failure leaves through sendProblem.
 */
import type { NextFunction, Request, Response } from 'express';
import { type RouteTable } from '../contract/compile.js';
import type { OrgStore } from '../orgs/store.js';
import type { HttpProxy } from '../proxy/http-proxy.js';
import type { ReplayStage } from '../proxy/replay.js';
import { type MultipartLimits } from './body.js';
import type { OperationHandler, Stage } from './context.js';
export interface V1RouterDeps {
    routes: RouteTable;
    orgs: OrgStore;
    handlers: Map<string, OperationHandler>;
    /** Before the body is read: rate limits. */
    stages: Stage[];
    /** After validation, before the handler: faults (they may match on body fields such as the RAG mode). */
    preHandlerStages: Stage[];
    uploadLimits: Map<string, MultipartLimits>;
    defaultUploadLimits: MultipartLimits;
    /** Proxy mode: every /v1 request goes to the upstream gateway (faults still apply first). */
    proxy?: HttpProxy | null;
    /** Replay mode: answers a request that matches a recording, in place of the handler. */
    replay?: ReplayStage | null;
}
export declare function createV1Router(deps: V1RouterDeps): (req: Request, res: Response, next: NextFunction) => Promise<void>;
