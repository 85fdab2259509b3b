/**
 * A state section's schema (openapi/admin.yaml `StateShared<Unit>` / `StateOrg<Unit>`, issue 25), compiled with
 * ajv 2020 from the YAML source (not the build's JSON copy, which may be older), for the contract cases that
 * check a unit's exports against it. A minimal helper for H3's units until test/support/state-schema.ts lands.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { packagePath } from '../../src/core/paths.js';
import { shapeOf } from '../../src/snapshots/naming.js';

const ID = 'https://svc-emulator.local/openapi/admin.yaml';
let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

function compiler(): Ajv2020 {
  if (ajv) return ajv;
  const require = createRequire(import.meta.url);
  const { Ajv2020: Ajv } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const addFormats = (require('ajv-formats') as { default: (a: Ajv2020) => Ajv2020 }).default;
  ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false, ownProperties: true });
  addFormats(ajv);
  ajv.addSchema(parse(readFileSync(join(packagePath('openapi'), 'admin.yaml'), 'utf8')) as object, ID);
  return ajv;
}

/** The errors of `data` against the component `schema` (`StateSharedIds`...), or null when it is valid. */
export function sectionErrors(schema: string, data: unknown): string | null {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = compiler().getSchema(`${ID}#/components/schemas/${schema}`);
    if (!validate) throw new Error(`no schema ${schema} in admin.yaml`);
    compiled.set(schema, validate);
  }
  // A unit's export in the document's spelling (snake_case), as a save writes it.
  if (validate(shapeOf(schema).toDocument(data, ''))) return null;
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');
}
