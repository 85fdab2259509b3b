/**
 * A deep copy of a value as JSON data, what `JSON.parse(JSON.stringify(value))` gives, without writing and
 * reading the text: objects and arrays are copied, members that are undefined or functions are left out (null
 * in an array), `toJSON` is called, -0 becomes 0 and a number that is not finite null. Strings are shared
 * (they cannot change). For large exports, where the round trip through text cost as much as writing them out.
 */
export function jsonData(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    // JSON writes -0 as 0, and a number that is not finite as null.
    if (typeof value === 'number') return Number.isFinite(value) ? value + 0 : null;
    if (typeof value === 'bigint') throw new TypeError('Do not know how to serialize a BigInt');
    return value;
  }
  const withToJson = value as { toJSON?: () => unknown };
  if (typeof withToJson.toJSON === 'function') return jsonData(withToJson.toJSON());
  if (Array.isArray(value))
    return value.map((item: unknown) =>
      item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : jsonData(item),
    );
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
    Object.defineProperty(out, key, {
      value: jsonData(v),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
