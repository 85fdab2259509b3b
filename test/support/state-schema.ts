/**
 * `stateSectionValidator('StateOrgBilling')`: a check of data against one component of openapi/admin.yaml's
 * state document schema (issue 25), compiled with ajv 2020 and ajv-formats as the contract compiles the
 * documents (src/contract/compile.ts), so `$ref`s to other components resolve. Returns the errors as strings
 * (`/keys/0/hash must match pattern ...`), empty when the data is valid. The data is never changed (no
 * defaults applied, no coercion): an export is validated exactly as a snapshot would hold it, in its names.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { ADMIN_DOC_ID, GATEWAY_DOC_ID, loadDocuments } from '../../src/contract/documents.js';
import { shapeOf } from '../../src/snapshots/naming.js';

// ajv-formats is CommonJS: its function is the module's default export, or the module itself.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

function instance(): Ajv2020 {
  if (ajv) return ajv;
  ajv = new Ajv2020({ strict: false, allErrors: true, ownProperties: true, validateSchema: false });
  addFormats(ajv);
  // Sections refer to the gateway's schemas (an STT job's result).
  ajv.addSchema(loadDocuments().gateway, GATEWAY_DOC_ID);
  ajv.addSchema(loadDocuments().admin, ADMIN_DOC_ID);
  return ajv;
}

export type StateSectionValidator = (data: unknown) => string[];

/** A validator for `#/components/schemas/<component>` of openapi/admin.yaml; throws if there is none. */
export function stateSectionValidator(component: string): StateSectionValidator {
  let validate = compiled.get(component);
  if (!validate) {
    if (!(component in (loadDocuments().admin.components?.schemas ?? {})))
      throw new Error(`openapi/admin.yaml has no component ${component}`);
    validate = instance().compile({ $ref: `${ADMIN_DOC_ID}#/components/schemas/${component}` });
    compiled.set(component, validate);
  }
  const check = validate;
  const shape = shapeOf(component);
  // A unit's export as a save writes it: in the document's spelling (snake_case, snapshots/naming.ts), so the
  // paths in the errors are the document's (`/keys/0/created_at`).
  return (data) => {
    if (check(shape.toDocument(data, ''))) return [];
    return (check.errors ?? []).map((e) => {
      const extra =
        e.keyword === 'additionalProperties'
          ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})`
          : '';
      return `${e.instancePath || '/'} ${e.message ?? e.keyword}${extra}`;
    });
  };
}
