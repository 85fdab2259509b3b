import type { OpenApiDocument } from './documents.js';
import { type StandaloneManifest } from './standalone.js';
/**
 * Generates a validator for every operation part (JSON body, multipart fields, path and query parameters)
 * and every component schema of `documents` into `dir` (emptied first), with its manifest and fingerprint.
 */
export declare function writeStandaloneValidators(documents: Record<string, OpenApiDocument>, dir: string): StandaloneManifest;
