import type { Request, Response } from 'express';
import type { RouteMatch } from '../contract/compile.js';
import type { FaultStore } from '../faults/store.js';
import type { Metering } from '../metering/index.js';
import type { ProxyContract } from './contract.js';
import type { Recorder } from './recorder.js';
import { type Upstream } from './upstream.js';
export interface HttpProxyDeps {
    upstream: Upstream;
    contract: ProxyContract;
    recorder: Recorder | null;
    faults: FaultStore;
    metering: Metering;
    timeoutMs: number;
}
export type HttpProxy = (req: Request, res: Response, match: RouteMatch) => Promise<void>;
export declare function createHttpProxy(deps: HttpProxyDeps): HttpProxy;
