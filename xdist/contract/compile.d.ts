import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import type { OpenApiDocument } from './documents.js';
import { type OperationPart } from './standalone.js';
export type BodyKind = 'json' | 'multipart' | 'none';
export interface CompiledOperation {
    operationId: string;
    method: string;
    path: string;
    regex: RegExp;
    paramNames: string[];
    /** Scopes required; `null` when the operation has no API-key security (admin). */
    scopes: string[] | null;
    websocket: boolean;
    bodyKind: BodyKind;
    bodyRequired: boolean;
    fileFields: string[];
    /** Multipart text fields holding JSON (`encoding: {field: {contentType: application/json}}`). */
    jsonFields: string[];
    validateBody?: ValidateFunction;
    validateParams?: ValidateFunction;
    validateQuery?: ValidateFunction;
    raw: Record<string, any>;
}
export type RouteMatch = {
    kind: 'match';
    operation: CompiledOperation;
    params: Record<string, string>;
} | {
    kind: 'method_not_allowed';
    allowed: string[];
} | {
    kind: 'not_found';
};
export interface Validators {
    /** For JSON bodies: no type coercion. */
    json: Ajv2020;
    /** For multipart fields, path and query parameters, which arrive as strings. */
    coercing: Ajv2020;
    /** The validator generated at build time for a key of ./standalone.ts, when there is one (bundled CLI). */
    prebuilt(key: string): ValidateFunction | undefined;
}
/**
 * The two ajv instances, each created on first use: adding the documents to one costs tens of milliseconds
 * (ajv walks them for ids and anchors), and a run that never validates a multipart field, a path or a query
 * never pays for the coercing one. Start-up pays for neither (docs/decisions.md, "Issue 15: start-up").
 */
export declare function createValidators(documents: Record<string, OpenApiDocument>, options?: {
    source?: boolean;
    prebuilt?: (key: string) => ValidateFunction | undefined;
}): Validators;
export declare class RouteTable {
    readonly operations: CompiledOperation[];
    private readonly byId;
    constructor(operations: CompiledOperation[]);
    get(operationId: string): CompiledOperation | undefined;
    /**
     * Whether the operation lists `status` among its responses (exactly, as `4XX`/`5XX`, or `default`); with no
     * operation, whether any operation of the document does.
     */
    documents(operationId: string | undefined, status: number): boolean;
    match(method: string, path: string): RouteMatch;
    /** A readable list of the routes, for "unknown route" problems. */
    describe(): string;
}
/** A JSON pointer from path segments (`/` and `~` escaped). */
export declare function pointer(...parts: string[]): string;
/** Follows local `#/...` references until a real node. */
export declare function resolveRef(doc: OpenApiDocument, node: any): any;
export declare function compileDocument(doc: OpenApiDocument, docId: string, validators: Validators, options: {
    basePath: string;
}): RouteTable;
/** The parts of an operation that have a validator, with the property holding it. */
export declare const OPERATION_PARTS: readonly {
    part: OperationPart;
    property: 'validateBody' | 'validateParams' | 'validateQuery';
}[];
/** A named schema of a document, e.g. a WebSocket frame: generated at build time, else compiled. */
export declare function compileSchema(validators: Validators, docId: string, schemaName: string): ValidateFunction;
/**
 * A validator compiled on its first call, for schemas most runs never use (WebSocket frames): compiling the
 * realtime frames up front was a quarter of the start-up time.
 */
export declare function lazyValidator(compile: () => ValidateFunction): ValidateFunction;
/** Runs a validator; on failure throws 422 `validation_failed` naming the field and the rule. */
export declare function assertValid(validate: ValidateFunction, data: unknown, root: string): void;
