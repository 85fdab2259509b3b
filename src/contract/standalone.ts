/**
 * The validators generated at `npm run build` (ajv's standalone code, src/contract/standalone-build.ts): one
 * CommonJS file per operation part and per component schema in dist/validators/, loaded with `require` on
 * first use, so the bundled CLI never loads ajv on the request path (docs/decisions.md, "Issue 15: start-up,
 * fourth session"). Only the bundled CLI uses them (an esbuild `define`); the sources (tsx, the test suite)
 * and the library compile at run time as before.
 *
 * The directory carries a fingerprint of what the generated code was generated from besides the code that
 * generated it: both OpenAPI documents as loaded, and the ajv options. A directory whose fingerprint does not
 * match the documents of the running process is never used: validators are then compiled at run time, as
 * without a build. The ajv version is deliberately not part of it: a tarball built with one ajv 8.x and
 * installed next to a later one would otherwise never use its validators, and the generated code needs only
 * ajv's small run-time helpers (string length, deep equal, ajv-formats' formats), stable across 8.x.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { packagePath } from '../core/paths.js';
import type { OpenApiDocument } from './documents.js';
import { ajvOptions } from './options.js';

/** Set by scripts/build.mjs in the CLI bundle only: the directory, inside dist/, of the generated validators. */
declare const __SVC_STANDALONE_VALIDATORS__: string | undefined;

export const MANIFEST = 'manifest.json';

export type OperationPart = 'body' | 'params' | 'query';

export interface StandaloneManifest {
  fingerprint: string;
  /** Validator key → file, relative to the directory. */
  files: Record<string, string>;
}

/** Short name of a document id (`https://…/openapi/gateway.yaml` → `gateway`). */
function docName(docId: string): string {
  return docId.replace(/^.*\//, '').replace(/\.ya?ml$/, '');
}

/** The key of an operation part's validator, e.g. `gateway/rag.search.body`. */
export function operationKey(docId: string, operationId: string, part: OperationPart): string {
  return `${docName(docId)}/${operationId}.${part}`;
}

/** The key of a component schema's validator, e.g. `gateway/#TtsRealtimeStartFrame`. */
export function schemaKey(docId: string, schemaName: string): string {
  return `${docName(docId)}/#${schemaName}`;
}

/**
 * SHA-256 over the ajv options and every document (by id, as loaded): a few milliseconds, paid on the first
 * validation, not at start.
 */
export function validatorFingerprint(documents: Record<string, OpenApiDocument>): string {
  const ids = Object.keys(documents).sort();
  // The same document objects (the process loads them once) give the same fingerprint: `--config` validates
  // its file with validators of its own before the emulator creates its set.
  if (
    last &&
    last.ids.length === ids.length &&
    ids.every((id, i) => last!.ids[i] === id && last!.docs[i] === documents[id])
  )
    return last.fingerprint;
  const hash = createHash('sha256').update(JSON.stringify([ajvOptions(false), ajvOptions(true)]));
  for (const id of ids) hash.update(`${id}\n`).update(JSON.stringify(documents[id])).update('\n');
  last = { ids, docs: ids.map((id) => documents[id]), fingerprint: hash.digest('hex') };
  return last.fingerprint;
}

let last: { ids: string[]; docs: OpenApiDocument[]; fingerprint: string } | undefined;

/**
 * The generated validators of `dir` for `documents`: a lookup returning undefined for a key it has no file
 * for, and for every key when the directory is missing or was generated from other documents.
 */
export function standaloneValidators(
  dir: string,
  documents: Record<string, OpenApiDocument>,
): (key: string) => ValidateFunction | undefined {
  const require = createRequire(import.meta.url);
  let files: Record<string, string> | null | undefined;
  return (key) => {
    if (files === undefined) {
      try {
        const manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as StandaloneManifest;
        files = manifest.fingerprint === validatorFingerprint(documents) ? manifest.files : null;
      } catch {
        files = null;
      }
    }
    const file = files?.[key];
    return file === undefined ? undefined : (require(join(dir, file)) as ValidateFunction);
  };
}

/** In the bundled CLI, its generated validators; elsewhere none. */
export function bundledValidators(
  documents: Record<string, OpenApiDocument>,
): (key: string) => ValidateFunction | undefined {
  if (typeof __SVC_STANDALONE_VALIDATORS__ !== 'string') return () => undefined;
  return standaloneValidators(packagePath('dist', __SVC_STANDALONE_VALIDATORS__), documents);
}
