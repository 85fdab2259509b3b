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
export declare function toMetadataMap(obj: Readonly<Record<string, unknown>> | undefined): Map<string, unknown>;
export declare function matchesMetadata(filters: Metadata, metadata: Metadata): boolean;
