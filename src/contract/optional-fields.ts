/**
 * `omit_optional`: a JSON answer with every property its schema does not require left out, recursively, read
 * from the OpenAPI document (never a hand-written list), so the answer stays on contract. What is required
 * may depend on the answer itself (`if`/`then`/`else`, `dependentRequired`, `dependentSchemas`: RAG's
 * `answer` in answer and analyze modes), so those rules are evaluated on the value being cut.
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { resolveRef, type Validators } from './compile.js';
import type { OpenApiDocument } from './documents.js';

/** Whether `value` is valid against `schema`, a subschema of the document (an `if`). */
export type SchemaTest = (schema: object, value: unknown) => boolean;

/** The document's schemas, and how to evaluate their conditions. */
export interface OptionalFieldsSource {
  doc: OpenApiDocument;
  test: SchemaTest;
}

/** The JSON schema of an operation's answer with `status` (application/json), or undefined. */
export function responseSchema(doc: OpenApiDocument, raw: Record<string, any>, status: number): unknown {
  const responses: Record<string, unknown> = raw.responses ?? {};
  const entry = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  const response = resolveRef(doc, entry);
  return response?.content?.['application/json']?.schema;
}

/**
 * A SchemaTest on the contract's ajv instance (compiled on first use, once per subschema). The subschema's
 * local references are made absolute to the document, which that instance holds under `docId`.
 */
export function contractSchemaTest(validators: Pick<Validators, 'json'>, docId: string): SchemaTest {
  const compiled = new WeakMap<object, ValidateFunction>();
  return (schema, value) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = validators.json.compile(absoluteRefs(schema, docId) as object);
      compiled.set(schema, validate);
    }
    // The instance fills in defaults: a condition must not change the answer it looks at.
    return validate(structuredClone(value));
  };
}

function absoluteRefs(node: unknown, docId: string): unknown {
  if (Array.isArray(node)) return node.map((n) => absoluteRefs(n, docId));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(node))
    out[key] =
      key === '$ref' && typeof v === 'string' && v.startsWith('#') ? docId + v : absoluteRefs(v, docId);
  return out;
}

const MAX_DEPTH = 32;

/**
 * A copy of `value` without the properties `schema` leaves optional for it (in every `oneOf`/`anyOf` branch
 * that names them, and in the conditional rules that apply to it).
 */
export function omitOptional(
  source: OptionalFieldsSource,
  schema: unknown,
  value: unknown,
  depth = 0,
): unknown {
  if (depth > MAX_DEPTH || schema === undefined || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = flatten(source, schema, value)
      .map((p) => p.items)
      .filter((s) => s !== undefined);
    return items.length ? value.map((v) => omitOptional(source, items[0], v, depth + 1)) : value;
  }
  const whole = value as Record<string, unknown>;
  const rules = new Rules();
  rules.read(flatten(source, schema, whole), whole);
  let out = rules.keep(whole);
  // Leaving a field out can make another condition hold (an `if` on a field that went): the rules read on
  // the cut answer keep what they require too, until they require nothing more.
  for (let pass = 0; pass < MAX_DEPTH; pass++) {
    if (!rules.read(flatten(source, schema, out), out, whole)) break;
    out = rules.keep(whole);
  }
  const result: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(out))
    result[name] = omitOptional(source, rules.schemaOf(name), v, depth + 1);
  return result;
}

/** What the schemas that apply to an object say of its properties. */
class Rules {
  private readonly required = new Set<string>();
  private readonly properties = new Map<string, unknown>();
  private additional: unknown;

  /** Adds what `parts` say of `value`; true when they require a field of `whole` not required before. */
  read(parts: Record<string, any>[], value: Record<string, unknown>, whole = value): boolean {
    let grew = false;
    for (const p of parts) {
      for (const name of requiredOf(p, value)) {
        if (this.required.has(name)) continue;
        this.required.add(name);
        if (name in whole) grew = true;
      }
      for (const [name, s] of Object.entries<unknown>(p.properties ?? {}))
        if (!this.properties.has(name)) this.properties.set(name, s);
      if (p.additionalProperties && typeof p.additionalProperties === 'object')
        this.additional ??= p.additionalProperties;
    }
    return grew;
  }

  /** A listed property stays only when required; a map's free keys (additionalProperties) always stay. */
  keep(value: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, v] of Object.entries(value))
      if (!this.properties.has(name) || this.required.has(name)) out[name] = v;
    return out;
  }

  schemaOf(name: string): unknown {
    return this.properties.has(name) ? this.properties.get(name) : this.additional;
  }
}

/** `required`, and `dependentRequired` for the properties the value has. */
function requiredOf(p: Record<string, any>, value: Record<string, unknown>): string[] {
  const names = [...((p.required as string[] | undefined) ?? [])];
  for (const [name, deps] of Object.entries<string[]>(p.dependentRequired ?? {}))
    if (name in value) names.push(...deps);
  return names;
}

/**
 * The schema and every schema it combines (allOf, oneOf, anyOf, $ref), resolved, with the conditional
 * subschemas that apply to `value` (`then` or `else` by its `if`, `dependentSchemas` of the properties it has).
 */
function flatten(
  source: OptionalFieldsSource,
  schema: unknown,
  value: unknown,
  seen = 0,
): Record<string, any>[] {
  const s = resolveRef(source.doc, schema) as Record<string, any> | undefined;
  if (!s || typeof s !== 'object' || seen > MAX_DEPTH) return [];
  const out = [s];
  const add = (sub: unknown) => out.push(...flatten(source, sub, value, seen + 1));
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const)
    for (const sub of (s[key] as unknown[]) ?? []) add(sub);
  if (s.if !== undefined && (s.then !== undefined || s.else !== undefined)) {
    const holds = typeof s.if === 'boolean' ? s.if : source.test(s.if as object, value);
    const branch: unknown = holds ? s.then : s.else;
    if (branch !== undefined) add(branch);
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value))
    for (const [name, sub] of Object.entries<unknown>(s.dependentSchemas ?? {})) if (name in value) add(sub);
  return out;
}
