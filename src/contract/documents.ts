import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** The folder holding the OpenAPI documents (same depth from src/ and from dist/). */
export const OPENAPI_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'openapi');

export const GATEWAY_DOC_ID = 'https://svc-emulator.local/openapi/gateway.yaml';
export const ADMIN_DOC_ID = 'https://svc-emulator.local/openapi/admin.yaml';

export type OpenApiDocument = Record<string, any>;

let cache: { gateway: OpenApiDocument; admin: OpenApiDocument } | undefined;

/** Loads both documents once per process; they are immutable at run time. */
export function loadDocuments(): { gateway: OpenApiDocument; admin: OpenApiDocument } {
  cache ??= {
    gateway: parse(readFileSync(join(OPENAPI_DIR, 'gateway.yaml'), 'utf8')) as OpenApiDocument,
    admin: parse(readFileSync(join(OPENAPI_DIR, 'admin.yaml'), 'utf8')) as OpenApiDocument,
  };
  return cache;
}
