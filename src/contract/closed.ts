/**
 * The admin document with its object schemas closed, for the contract self-check (issue 37): an answer that
 * sends a field the document does not declare is a violation, so the suite fails on the next field someone
 * forgets to write down, instead of a generated client dropping it at run time.
 *
 * Closing is `unevaluatedProperties: false` (JSON Schema 2020-12), which sees the properties that `$ref`,
 * `allOf`, `oneOf` and `if`/`then` evaluate. It is added where a schema is used, never on a member of an `allOf`
 * (or an `if`/`then`/`else`), which would refuse its siblings' properties, and never on a named schema's own
 * definition, which another may extend through `allOf`: a `$ref` to it is closed at the place that uses it.
 * Objects that declare no properties (free-form maps, `metadata`) and those that say what else they allow stay
 * as they are.
 */
import type { OpenApiDocument } from './documents.js';

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A copy of `doc` with its object schemas closed, as described above. */
export function closeDocument(doc: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(doc) as OpenApiDocument & {
    components?: { schemas?: Record<string, Schema> };
  };
  const resolve = (ref: string): Schema | undefined => {
    if (!ref.startsWith('#/')) return undefined;
    let node: unknown = copy;
    for (const part of ref.slice(2).split('/'))
      node = isObject(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return isObject(node) ? node : undefined;
  };
  const declares = (node: Schema, seen: Set<Schema>): boolean => {
    if (seen.has(node)) return false;
    seen.add(node);
    if (isObject(node.properties) && Object.keys(node.properties).length > 0) return true;
    if (typeof node.$ref === 'string') {
      const target = resolve(node.$ref);
      if (target && declares(target, seen)) return true;
    }
    // A branch that takes any object (`data` of a webhook triggered with a body of the user's) keeps it open.
    for (const k of ['oneOf', 'anyOf'])
      if (Array.isArray(node[k]) && (node[k] as unknown[]).some((m) => isObject(m) && freeForm(m)))
        return false;
    return ['allOf', 'oneOf', 'anyOf'].some(
      (k) => Array.isArray(node[k]) && (node[k] as unknown[]).some((m) => isObject(m) && declares(m, seen)),
    );
  };
  const freeForm = (node: Schema): boolean =>
    !['properties', '$ref', 'allOf', 'oneOf', 'anyOf', 'additionalProperties', 'unevaluatedProperties'].some(
      (k) => k in node,
    ) &&
    (node.type === undefined || node.type === 'object');
  const visit = (node: unknown, where: 'use' | 'member' | 'definition'): void => {
    if (!isObject(node)) return;
    if (isObject(node.properties)) for (const s of Object.values(node.properties)) visit(s, 'use');
    for (const k of ['additionalProperties', 'items', 'not', 'contains', 'propertyNames'])
      if (isObject(node[k])) visit(node[k], 'use');
    for (const k of ['oneOf', 'anyOf', 'prefixItems'])
      if (Array.isArray(node[k])) for (const m of node[k] as unknown[]) visit(m, 'use');
    if (Array.isArray(node.allOf)) for (const m of node.allOf as unknown[]) visit(m, 'member');
    for (const k of ['if', 'then', 'else']) if (isObject(node[k])) visit(node[k], 'member');
    if (
      where === 'use' &&
      node.additionalProperties === undefined &&
      node.unevaluatedProperties === undefined &&
      declares(node, new Set())
    )
      node.unevaluatedProperties = false;
  };
  for (const schema of Object.values(copy.components?.schemas ?? {})) visit(schema, 'definition');
  // Every other schema sits under a `schema` key: parameters, headers, request and response contents.
  const walk = (node: unknown, key: string): void => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, key));
    if (!isObject(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if (k === 'schema' && key !== 'properties') visit(v, 'use');
      else if (!(key === 'components' && k === 'schemas')) walk(v, k);
    }
  };
  walk(copy, '');
  return copy;
}
