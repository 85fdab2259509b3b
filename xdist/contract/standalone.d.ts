import type { ValidateFunction } from 'ajv';
import type { OpenApiDocument } from './documents.js';
export declare const MANIFEST = "manifest.json";
export type OperationPart = 'body' | 'params' | 'query';
export interface StandaloneManifest {
    fingerprint: string;
    /** Validator key → file, relative to the directory. */
    files: Record<string, string>;
}
/** The key of an operation part's validator, e.g. `gateway/rag.search.body`. */
export declare function operationKey(docId: string, operationId: string, part: OperationPart): string;
/** The key of a component schema's validator, e.g. `gateway/#TtsRealtimeStartFrame`. */
export declare function schemaKey(docId: string, schemaName: string): string;
/**
 * SHA-256 over the ajv options and every document (by id, as loaded): a few milliseconds, paid on the first
 * validation, not at start.
 */
export declare function validatorFingerprint(documents: Record<string, OpenApiDocument>): string;
/**
 * The generated validators of `dir` for `documents`: a lookup returning undefined for a key it has no file
 * for, and for every key when the directory is missing or was generated from other documents.
 */
export declare function standaloneValidators(dir: string, documents: Record<string, OpenApiDocument>): (key: string) => ValidateFunction | undefined;
/** In the bundled CLI, its generated validators; elsewhere none. */
export declare function bundledValidators(documents: Record<string, OpenApiDocument>): (key: string) => ValidateFunction | undefined;
