/**
 * A state section checked against its schema in openapi/admin.yaml (`StateOrg<Unit>`), compiled with ajv 2020
 * from the YAML as the emulator compiles its documents (src/contract). A minimal local helper for the RAG, STT
 * and webhook units' contract tests until the shared test/support/state-schema.ts is there (issue 25).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { shapeOf } from '../../src/snapshots/naming.js';
import { ADMIN_DOC_ID, GATEWAY_DOC_ID, OPENAPI_DIR } from '../../src/contract/documents.js';

let ajv: Ajv2020 | undefined;

function compiler(): Ajv2020 {
  if (ajv) return ajv;
  const read = (name: string) => parse(readFileSync(join(OPENAPI_DIR, `${name}.yaml`), 'utf8')) as object;
  ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema({ ...read('gateway'), $id: GATEWAY_DOC_ID });
  ajv.addSchema({ ...read('admin'), $id: ADMIN_DOC_ID });
  return ajv;
}

/** The first way `data` breaks the section's schema (`schema`: `StateOrgRag`...), or null when it validates. */
export function sectionSchemaError(schema: string, data: unknown): string | null {
  const validate = compiler().getSchema(`${ADMIN_DOC_ID}#/components/schemas/${schema}`);
  if (!validate) throw new Error(`no schema ${schema} in admin.yaml`);
  // A unit's export in the document's spelling (snake_case), as a save writes it.
  if (validate(shapeOf(schema).toDocument(data, ''))) return null;
  const e = validate.errors![0];
  return `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`;
}
