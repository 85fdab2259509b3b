/**
 * `omit_optional`: a JSON answer with every property its schema does not list in `required` left out,
 * recursively, read from the OpenAPI document (never a hand-written list), so the answer stays on contract.
 */
import { resolveRef } from './compile.js';
import type { OpenApiDocument } from './documents.js';

/** The JSON schema of an operation's answer with `status` (application/json), or undefined. */
export function responseSchema(doc: OpenApiDocument, raw: Record<string, any>, status: number): unknown {
  const responses: Record<string, unknown> = raw.responses ?? {};
  const entry = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  const response = resolveRef(doc, entry);
  return response?.content?.['application/json']?.schema;
}

const MAX_DEPTH = 32;

/** A copy of `value` without the properties `schema` leaves optional (in every branch that names them). */
export function omitOptional(doc: OpenApiDocument, schema: unknown, value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH || schema === undefined || value === null || typeof value !== 'object') return value;
  const parts = flatten(doc, schema);
  if (Array.isArray(value)) {
    const items = parts.map((p) => p.items).filter((s) => s !== undefined);
    return items.length ? value.map((v) => omitOptional(doc, items[0], v, depth + 1)) : value;
  }
  const required = new Set<string>();
  const properties = new Map<string, unknown>();
  let additional: unknown;
  for (const p of parts) {
    for (const name of (p.required as string[] | undefined) ?? []) required.add(name);
    for (const [name, s] of Object.entries<unknown>(p.properties ?? {}))
      if (!properties.has(name)) properties.set(name, s);
    if (p.additionalProperties && typeof p.additionalProperties === 'object')
      additional = p.additionalProperties;
  }
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    const known = properties.has(name);
    // A listed property not required anywhere goes; a map's free keys (additionalProperties) stay.
    if (known && !required.has(name)) continue;
    out[name] = omitOptional(doc, known ? properties.get(name) : additional, v, depth + 1);
  }
  return out;
}

/** The schema and every schema it combines (allOf, oneOf, anyOf, $ref), resolved. */
function flatten(doc: OpenApiDocument, schema: unknown, seen = 0): Record<string, any>[] {
  const s = resolveRef(doc, schema) as Record<string, any> | undefined;
  if (!s || typeof s !== 'object' || seen > MAX_DEPTH) return [];
  const out = [s];
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const)
    for (const sub of (s[key] as unknown[] | undefined) ?? []) out.push(...flatten(doc, sub, seen + 1));
  return out;
}
