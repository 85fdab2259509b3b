import type { CompiledOperation } from '../contract/compile.js';
import { type ResponseFacts } from '../contract/response-check.js';
import type { Contract } from '../contract/emulator-contract.js';
export interface Violation {
    where: string;
    rule: string;
    value: unknown;
}
export declare class ProxyContract {
    private readonly checker;
    constructor(contract: Contract);
    /** The request as the caller sent it: path and query parameters, and the JSON body or multipart fields. */
    checkRequest(op: CompiledOperation | undefined, input: {
        params: Record<string, string>;
        query: Record<string, unknown>;
        body?: unknown;
        bodyError?: string;
    }): Violation[];
    checkResponse(op: CompiledOperation | undefined, method: string, path: string, facts: ResponseFacts): Violation[];
    checkFrame(op: CompiledOperation | undefined, data: string, from: 'server' | 'client', index: number): Violation[];
    /** The checker reports into its own list; each check is synchronous, so what is there now is this check's. */
    private drain;
}
