/**
 * Build time only (scripts/build.mjs): writes the standalone validators that ./standalone.ts loads, with the
 * same ajv instances, options and `$ref`s as a run-time compile (./compile.ts), so each generated function is
 * the code ajv would have compiled at run time. Never imported by the CLI bundle.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { compileDocument, compileSchema, createValidators, OPERATION_PARTS } from './compile.js';
import type { OpenApiDocument } from './documents.js';
import {
  MANIFEST,
  operationKey,
  schemaKey,
  validatorFingerprint,
  type StandaloneManifest,
} from './standalone.js';

// CommonJS; under NodeNext its default export arrives wrapped.
const standaloneCode = ((standaloneModule as any).default ?? standaloneModule) as (
  ajv: Ajv2020,
  validate: ValidateFunction,
) => string;

/** A key as a file name: keys are `doc/operationId.part` or `doc/#Schema`. */
function fileFor(key: string): string {
  const [doc, rest] = key.split('/', 2);
  return `${doc}/${rest.replace(/^#/, 'schemas/').replace(/[^A-Za-z0-9._/-]/g, '_')}.cjs`;
}

/**
 * Generates a validator for every operation part (JSON body, multipart fields, path and query parameters)
 * and every component schema of `documents` into `dir` (emptied first), with its manifest and fingerprint.
 */
export function writeStandaloneValidators(
  documents: Record<string, OpenApiDocument>,
  dir: string,
): StandaloneManifest {
  const validators = createValidators(documents, { source: true, prebuilt: () => undefined });
  rmSync(dir, { recursive: true, force: true });
  const files: Record<string, string> = {};
  const emit = (key: string, ajv: Ajv2020, validate: ValidateFunction) => {
    const file = fileFor(key);
    if (Object.values(files).includes(file))
      throw new Error(`standalone validators: two keys share the file ${file}`);
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), standaloneCode(ajv, validate));
    files[key] = file;
  };
  for (const [id, doc] of Object.entries(documents)) {
    for (const op of compileDocument(doc, id, validators, { basePath: '' }).operations) {
      for (const { part, property } of OPERATION_PARTS) {
        const validate = op[property];
        if (!validate) continue;
        // Multipart fields and parameters arrive as strings: they use the coercing instance (./compile.ts).
        const ajv = part === 'body' && op.bodyKind === 'json' ? validators.json : validators.coercing;
        emit(operationKey(id, op.operationId, part), ajv, validate);
      }
    }
    for (const name of Object.keys(doc.components?.schemas ?? {})) {
      emit(schemaKey(id, name), validators.json, compileSchema(validators, id, name));
    }
  }
  const manifest: StandaloneManifest = { fingerprint: validatorFingerprint(documents), files };
  writeFileSync(join(dir, MANIFEST), JSON.stringify(manifest, null, 1));
  return manifest;
}
