/**
 * The contract self-check: every response the emulator sends, and every JSON frame it sends on a
 * WebSocket, is checked against the OpenAPI documents. Off in production; the test suite turns it on
 * (SVC_EMULATOR_CONTRACT_CHECK=1) and fails the test that caused any mismatch.
 */
import type { ErrorObject } from 'ajv';
import { type CompiledOperation, type RouteTable, type Validators } from './compile.js';
import type { OpenApiDocument } from './documents.js';
export interface ContractViolation {
    where: string;
    problem: string;
    /** The offending value and its JSON pointer in the body, when a schema rule failed. */
    value?: unknown;
    pointer?: string;
}
export interface ResponseFacts {
    status: number;
    contentType: string | undefined;
    headers: Record<string, unknown>;
    /** The body as text, when it was captured (JSON responses). */
    body: string | undefined;
    /**
     * A fault rule or an STT script chose a status the operation does not list (`off_contract` on the journal
     * entry): the status check is skipped, the body must still be a Problem.
     */
    offContract?: boolean;
}
export declare class ContractChecker {
    private readonly validators;
    private readonly docs;
    private readonly cache;
    readonly violations: ContractViolation[];
    /** Operations that answered at least once (HTTP) or opened a session (WebSocket): the coverage report. */
    readonly seen: Set<string>;
    constructor(validators: Validators, docs: {
        id: string;
        doc: OpenApiDocument;
        routes: RouteTable;
        prefix: string;
    }[]);
    private compile;
    private find;
    /** Checks one HTTP response of an operation (or of no operation: unknown routes must still be Problems). */
    checkResponse(op: CompiledOperation | undefined, method: string, url: string, facts: ResponseFacts): void;
    /** Checks a JSON frame the server sends on a WebSocket against the operation's documented server frames. */
    sessionOpened(op: CompiledOperation): void;
    /** Checks a JSON frame against the operation's documented server frames (or client frames, for a proxy). */
    checkFrame(op: CompiledOperation, data: string, from?: 'server' | 'client'): void;
    private validateJson;
}
/** What broke a rule: nothing for a missing field, the name of an undocumented one, else the value itself. */
export declare function offendingValue(error: ErrorObject): unknown;
