/** The upload's optional `metadata` part. */
import { ApiError } from '../core/errors.js';

/** The optional `metadata` part: JSON text of an object. */
export function parseMetadata(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ApiError(
      'invalid_metadata',
      `metadata must be a JSON object (not valid JSON: ${(err as Error).message})`,
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
    throw new ApiError('invalid_metadata', `metadata must be a JSON object (got ${got})`);
  }
  return value as Record<string, unknown>;
}
