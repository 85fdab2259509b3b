/** The query parameters of an admin operation: only those openapi/admin.yaml declares. */
import type { CompiledOperation } from '../contract/compile.js';
import { closest } from '../contract/near-miss.js';
import { ApiError } from '../core/errors.js';

/**
 * A query parameter the operation does not declare is refused (decision Q14): ignored, a misspelt or
 * unsupported filter (`?sandbox=` on a list without one) would answer everything as if it had applied.
 */
export function assertDeclaredQuery(op: CompiledOperation, query: Record<string, unknown>): void {
  const unknown = Object.keys(query).find((name) => !op.queryNames.includes(name));
  if (unknown === undefined) return;
  const guess = closest(unknown, op.queryNames);
  throw new ApiError(
    'validation_failed',
    `query parameter \`${unknown}\` is not accepted by ${op.method} /_emulator${op.path}${guess ? `; did you mean \`${guess}\`?` : ''}${op.queryNames.length ? ` (accepted: ${op.queryNames.join(', ')})` : ' (it accepts no query parameters)'}`,
  );
}
