/**
 * What the dashboard's forms must offer, read from openapi/admin.yaml: every field path of an operation's
 * request body (`$ref`s resolved, nested objects such as `match` walked: `match.sandbox`), and the values of
 * each field the schema closes with an enum. Shared by the dashboard's form test and its own self-check.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export type Schema = Record<string, unknown> | boolean;
export type Doc = Record<string, unknown>;

export function readAdminDoc(): Doc {
  return parse(readFileSync(new URL('../../openapi/admin.yaml', import.meta.url), 'utf8')) as Doc;
}

/** A `#/components/...` reference followed (repeatedly) to its schema. */
function resolve(doc: Doc, schema: Schema): Schema {
  let at = schema;
  for (let hops = 0; typeof at === 'object' && typeof at.$ref === 'string'; hops++) {
    if (hops > 20 || !at.$ref.startsWith('#/')) throw new Error(`cannot follow ${at.$ref}`);
    let target: unknown = doc;
    for (const part of at.$ref.slice(2).split('/'))
      target = (target as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (target === undefined) throw new Error(`${at.$ref} names nothing`);
    at = target as Schema;
  }
  return at;
}

/** The properties a schema declares, its `allOf` parts and their `if`/`then` branches included. */
function propertiesOf(doc: Doc, schema: Schema): Map<string, Schema> {
  const found = new Map<string, Schema>();
  const walk = (s: Schema) => {
    const r = resolve(doc, s);
    if (typeof r !== 'object') return;
    for (const [name, p] of Object.entries((r.properties ?? {}) as Record<string, Schema>))
      if (!found.has(name) || p !== true) found.set(name, p);
    for (const part of (r.allOf ?? []) as Schema[]) walk(part);
    for (const branch of ['then', 'else'] as const) if (r[branch]) walk(r[branch] as Schema);
  };
  walk(schema);
  return found;
}

/**
 * Every field path of `schema`: an object with properties of its own is walked; anything else is one field.
 * A deprecated field (a name kept for compatibility, `deprecated: true`) is not one a form should offer.
 */
export function fieldPaths(doc: Doc, schema: Schema, prefix = ''): Map<string, Schema> {
  const paths = new Map<string, Schema>();
  for (const [name, p] of propertiesOf(doc, schema)) {
    if (typeof p === 'object' && p.deprecated === true) continue;
    const path = prefix + name;
    const inner = propertiesOf(doc, p);
    if (inner.size > 0) for (const [k, v] of fieldPaths(doc, p, `${path}.`)) paths.set(k, v);
    else paths.set(path, resolve(doc, p));
  }
  return paths;
}

/** The JSON request body schema of the operation `operationId`. */
export function requestBodyOf(doc: Doc, operationId: string): Schema {
  for (const item of Object.values(doc.paths as Record<string, Record<string, unknown>>)) {
    for (const op of Object.values(item) as Record<string, unknown>[]) {
      if (op?.operationId !== operationId) continue;
      const body = resolve(doc, (op.requestBody ?? false) as Schema);
      const content = typeof body === 'object' ? (body.content as Record<string, { schema: Schema }>) : {};
      const schema = content?.['application/json']?.schema;
      if (!schema) throw new Error(`${operationId} takes no JSON request body`);
      return schema;
    }
  }
  throw new Error(`no operation ${operationId} in openapi/admin.yaml`);
}

/** The values a field closes with (`enum`, or its items' for an array), or undefined. */
export function enumOf(doc: Doc, schema: Schema): unknown[] | undefined {
  if (typeof schema !== 'object') return undefined;
  if (Array.isArray(schema.enum)) return schema.enum as unknown[];
  if (schema.items) return enumOf(doc, resolve(doc, schema.items as Schema));
  return undefined;
}

/** One named control of a form as the page renders it: a select's options, a checkbox's value. */
export interface Control {
  name: string;
  kind: 'select' | 'checkbox' | 'radio' | 'input';
  values: string[];
}

/**
 * What a form of `operationId` lacks: the body's fields with no control named by their path, controls whose
 * name is no field of the body, and enum values of a field its select or checkboxes do not offer.
 */
export function formProblems(doc: Doc, operationId: string, controls: Control[]): string[] {
  const fields = fieldPaths(doc, requestBodyOf(doc, operationId));
  const problems: string[] = [];
  const byName = new Map<string, Control[]>();
  for (const c of controls) byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
  for (const [path, schema] of fields) {
    const mine = byName.get(path);
    if (!mine) {
      problems.push(`no control for ${path}`);
      continue;
    }
    const values = enumOf(doc, schema);
    if (!values) continue;
    if (mine.some((c) => c.kind === 'input')) {
      problems.push(`${path} is one of ${values.join(', ')}: offer them (a select or checkboxes)`);
      continue;
    }
    const offered = new Set(mine.flatMap((c) => c.values));
    const left = values.filter((v) => !offered.has(String(v)));
    if (left.length > 0) problems.push(`${path} does not offer ${left.join(', ')}`);
  }
  for (const name of byName.keys()) if (!fields.has(name)) problems.push(`${name} is no field of the body`);
  return problems;
}
