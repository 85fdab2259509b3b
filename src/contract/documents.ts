import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { packagePath } from '../core/paths.js';
import { createRequire } from 'node:module';

/** The folder holding the OpenAPI documents. */
export const OPENAPI_DIR = packagePath('openapi');

export const GATEWAY_DOC_ID = 'https://svc-emulator.local/openapi/gateway.yaml';
export const ADMIN_DOC_ID = 'https://svc-emulator.local/openapi/admin.yaml';

export type OpenApiDocument = Record<string, any>;

/** JSON copies written by `npm run build` (scripts/openapi-json.mjs). */
const JSON_DIR = packagePath('dist', 'openapi');

let cache: { gateway: OpenApiDocument; admin: OpenApiDocument } | undefined;

/**
 * Reads a document from its build-time JSON copy when that copy is at least as new as the YAML source
 * (parsing the YAML costs hundreds of milliseconds of start-up), else from the YAML.
 */
function read(name: 'gateway' | 'admin'): OpenApiDocument {
  const yamlPath = join(OPENAPI_DIR, `${name}.yaml`);
  const jsonPath = join(JSON_DIR, `${name}.json`);
  try {
    if (statSync(jsonPath).mtimeMs >= statSync(yamlPath).mtimeMs)
      return JSON.parse(readFileSync(jsonPath, 'utf8')) as OpenApiDocument;
  } catch {
    /* no build output: read the YAML */
  }
  // The YAML parser is needed only without a build, so it is loaded only then.
  const { parse } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  return parse(readFileSync(yamlPath, 'utf8')) as OpenApiDocument;
}

/** Loads both documents once per process; they are immutable at run time. */
export function loadDocuments(): { gateway: OpenApiDocument; admin: OpenApiDocument } {
  cache ??= { gateway: read('gateway'), admin: read('admin') };
  return cache;
}
