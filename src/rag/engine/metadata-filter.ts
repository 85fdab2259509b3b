/**
 * Metadata filter semantics (all keys must match — AND across keys):
 *
 * | filter value | document value | matches when                                   |
 * |--------------|----------------|------------------------------------------------|
 * | scalar       | scalar         | strict equality (`===`; strings case-sensitive) |
 * | scalar       | array          | the array contains the scalar                  |
 * | array        | scalar         | the scalar is one of the filter's elements     |
 * | array        | array          | the two arrays share at least one element      |
 * | object       | anything       | deep (canonical JSON) equality                 |
 * | any          | key absent     | never                                          |
 *
 * Scalars are strings, numbers, booleans and null. Keys are compared as own
 * properties only (`Object.hasOwn` / Map), so `__proto__`, `constructor` or
 * `toString` in a filter match only documents that really carry such a key.
 */
export type MetadataValue = unknown;
export type Metadata = ReadonlyMap<string, MetadataValue>;

/** Copies an untrusted object into a Map of its own enumerable keys. */
export function toMetadataMap(obj: Readonly<Record<string, unknown>> | undefined): Map<string, unknown> {
  const map = new Map<string, unknown>();
  if (obj === undefined || obj === null) return map;
  for (const key of Object.keys(obj)) map.set(key, obj[key]);
  return map;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function isObject(v: unknown): v is object {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function elementMatches(wanted: unknown, actual: unknown): boolean {
  if (isObject(wanted) || isObject(actual)) return canonical(wanted) === canonical(actual);
  if (Array.isArray(actual)) return actual.some((a) => elementMatches(wanted, a));
  return wanted === actual;
}

function valueMatches(wanted: unknown, actual: unknown): boolean {
  if (Array.isArray(wanted)) return wanted.some((w) => elementMatches(w, actual));
  return elementMatches(wanted, actual);
}

export function matchesMetadata(filters: Metadata, metadata: Metadata): boolean {
  for (const [key, wanted] of filters) {
    if (!metadata.has(key)) return false;
    if (!valueMatches(wanted, metadata.get(key))) return false;
  }
  return true;
}
