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
import { packagePath } from '../core/paths.js';
import { ajvOptions } from './options.js';
export const MANIFEST = 'manifest.json';
/** Short name of a document id (`https://…/openapi/gateway.yaml` → `gateway`). */
function docName(docId) {
    return docId.replace(/^.*\//, '').replace(/\.ya?ml$/, '');
}
/** The key of an operation part's validator, e.g. `gateway/rag.search.body`. */
export function operationKey(docId, operationId, part) {
    return `${docName(docId)}/${operationId}.${part}`;
}
/** The key of a component schema's validator, e.g. `gateway/#TtsRealtimeStartFrame`. */
export function schemaKey(docId, schemaName) {
    return `${docName(docId)}/#${schemaName}`;
}
/**
 * SHA-256 over the ajv options and every document (by id, as loaded): a few milliseconds, paid on the first
 * validation, not at start.
 */
export function validatorFingerprint(documents) {
    const ids = Object.keys(documents).sort();
    // The same document objects (the process loads them once) give the same fingerprint: `--config` validates
    // its file with validators of its own before the emulator creates its set.
    if (last && last.ids.length === ids.length && ids.every((id, i) => last.ids[i] === id && last.docs[i] === documents[id]))
        return last.fingerprint;
    const hash = createHash('sha256').update(JSON.stringify([ajvOptions(false), ajvOptions(true)]));
    for (const id of ids)
        hash.update(`${id}\n`).update(JSON.stringify(documents[id])).update('\n');
    last = { ids, docs: ids.map((id) => documents[id]), fingerprint: hash.digest('hex') };
    return last.fingerprint;
}
let last;
/**
 * The generated validators of `dir` for `documents`: a lookup returning undefined for a key it has no file
 * for, and for every key when the directory is missing or was generated from other documents.
 */
export function standaloneValidators(dir, documents) {
    const require = createRequire(import.meta.url);
    let files;
    return (key) => {
        if (files === undefined) {
            try {
                const manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8'));
                files = manifest.fingerprint === validatorFingerprint(documents) ? manifest.files : null;
            }
            catch {
                files = null;
            }
        }
        const file = files?.[key];
        return file === undefined ? undefined : require(join(dir, file));
    };
}
/** In the bundled CLI, its generated validators; elsewhere none. */
export function bundledValidators(documents) {
    if (typeof __SVC_STANDALONE_VALIDATORS__ !== 'string')
        return () => undefined;
    return standaloneValidators(packagePath('dist', __SVC_STANDALONE_VALIDATORS__), documents);
}
