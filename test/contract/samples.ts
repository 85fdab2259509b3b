/**
 * Inputs for comparing two validators of one schema (test/contract/standalone-validators.test.ts): a sample
 * built from the schema itself (its examples, defaults, enums, bounds and formats), then mutations of it that
 * break one rule each: a field removed, set to null or to another type, over or under its bounds, an unknown
 * or misspelt field, hostile keys.
 */
import RandExp from 'randexp';
import { resolveRef } from '../../src/contract/compile.js';
import type { OpenApiDocument } from '../../src/contract/documents.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const FORMATS: Record<string, string> = {
  'date-time': '2026-01-02T03:04:05Z',
  date: '2026-01-02',
  time: '03:04:05Z',
  uri: 'http://127.0.0.1:4747/hook',
  url: 'http://127.0.0.1:4747/hook',
  email: 'qa@example.com',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  binary: 'file bytes',
};

function plain(value: unknown): Json {
  return JSON.parse(JSON.stringify(value ?? null)) as Json;
}

/** A value the schema most likely accepts (`pattern` solved by randexp; combinations are not solved). */
export function sample(doc: OpenApiDocument, node: any, depth = 0): Json {
  const schema = resolveRef(doc, node) ?? {};
  if (depth > 6) return null;
  if (schema.const !== undefined) return plain(schema.const);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return plain(schema.examples[0]);
  if (schema.example !== undefined) return plain(schema.example);
  if (schema.default !== undefined) return plain(schema.default);
  if (Array.isArray(schema.enum)) return plain(schema.enum[0]);
  for (const key of ['oneOf', 'anyOf'] as const)
    if (Array.isArray(schema[key])) return sample(doc, schema[key][0], depth + 1);
  if (Array.isArray(schema.allOf)) {
    return schema.allOf.reduce((acc: Json, part: unknown) => {
      const value = sample(doc, part, depth + 1);
      return isObject(acc) && isObject(value) ? { ...acc, ...value } : value;
    }, {});
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : undefined)) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [name, sub] of Object.entries<any>(schema.properties ?? {}))
        out[name] = sample(doc, sub, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample(doc, schema.items ?? {}, depth + 1),
      );
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format];
      if (typeof schema.pattern === 'string') return matching(schema.pattern);
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    default:
      return {};
  }
}

/** The first string the pattern matches when every choice takes its lowest option (randexp). */
function matching(pattern: string): string {
  const generator = new RandExp(pattern);
  generator.randInt = (low: number) => low;
  return generator.gen();
}

function isObject(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The largest `maxItems` whose breach is among the mutations. */
const MAX_ITEMS_MUTATED = 10_000;

/** The sample and one mutation per rule of each top-level field (and of the first item of an array field). */
export function cases(doc: OpenApiDocument, node: any): Json[] {
  const schema = resolveRef(doc, node) ?? {};
  const base = sample(doc, schema);
  const out: Json[] = [base, null, 'text', 42, [], {}];
  if (!isObject(base)) return out;
  const properties = Object.entries<any>(schema.properties ?? {});
  const names = properties.map(([name]) => name);
  const withField = (name: string, value: Json) => ({ ...base, [name]: value });
  out.push({ ...base, unexpected_field: 1 });
  const rest = JSON.stringify(base).slice(1);
  out.push(JSON.parse(`{"__proto__": {"polluted": true}${rest === '}' ? '' : ','}${rest}`) as Json);
  for (const [name, raw] of properties) {
    const sub = resolveRef(doc, raw) ?? {};
    const { [name]: _removed, ...without } = base;
    out.push(without);
    // A misspelling next to the missing field: the near-miss hint of describeAjvError.
    if (name.length > 3) out.push({ ...without, [`${name.slice(0, -1)}x`]: base[name] ?? 1 });
    out.push(
      withField(name, null),
      withField(name, 'not-a-number'),
      withField(name, 12),
      withField(name, true),
      withField(name, [base[name]]),
      withField(name, { a: 1 }),
    );
    out.push(
      withField(name, ''),
      withField(name, 'not a date, a uri or an email'),
      withField(name, '12'),
      withField(name, '1.5'),
      withField(name, 'true'),
    );
    if (typeof sub.maxLength === 'number') out.push(withField(name, 'ب'.repeat(sub.maxLength + 1)));
    for (const bound of ['maximum', 'exclusiveMaximum'] as const)
      if (typeof sub[bound] === 'number')
        out.push(withField(name, sub[bound] + 1), withField(name, String(sub[bound] + 1)));
    for (const bound of ['minimum', 'exclusiveMinimum'] as const)
      if (typeof sub[bound] === 'number')
        out.push(withField(name, sub[bound] - 1), withField(name, String(sub[bound] - 1)));
    // One item more than allowed, the same item each time (a clone keeps it shared). Not for the state
    // document's sections, which allow up to a million items: that input alone would cost more than the rest.
    if (typeof sub.maxItems === 'number' && sub.maxItems <= MAX_ITEMS_MUTATED)
      out.push(withField(name, new Array<Json>(sub.maxItems + 1).fill(sample(doc, sub.items ?? {}))));
    if (sub.uniqueItems)
      out.push(withField(name, [sample(doc, sub.items ?? {}), sample(doc, sub.items ?? {})]));
    if (Array.isArray(base[name]) && base[name].length > 0) {
      out.push(
        withField(name, [null]),
        withField(name, [{ unexpected_field: 1 }]),
        withField(name, ['x', 7]),
      );
    }
    if (isObject(base[name]))
      out.push(withField(name, { ...(base[name] as Record<string, Json>), unexpected_field: 1 }));
  }
  if (names.length > 0) out.push(Object.fromEntries(names.map((n) => [n, '1'])));
  return out;
}

/** The same inputs as multipart fields, path or query parameters arrive: every scalar as a string. */
export function asStrings(value: Json): Json {
  if (Array.isArray(value)) return value.map(asStrings);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asStrings(v)]));
  return value === null ? value : String(value);
}

/** A short view of an input for a failure message: arrays cut to their first three items. */
export function preview(value: Json): string {
  const text = JSON.stringify(value, (_key, v: unknown) =>
    Array.isArray(v) && v.length > 3 ? [...v.slice(0, 3), `… ${v.length - 3} more`] : v,
  );
  return text === undefined ? String(text) : text.slice(0, 200);
}
