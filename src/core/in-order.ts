/**
 * Objects put back from a snapshot come with sorted keys (the document is canonical, state-unit.ts); a body
 * built from one is written in the order the emulator writes it otherwise, so its bytes do not change.
 */

/** `value` with the members of `order` first, in that order, then any others as they come. */
export function inOrder<T extends object>(value: T, order: readonly string[]): T {
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of order) if (key in source) out[key] = source[key];
  for (const key of Object.keys(source)) if (!(key in out)) out[key] = source[key];
  return out as T;
}

/** The order toProblem (http/problem.ts) writes a problem's members in. */
export const PROBLEM_ORDER = ['type', 'title', 'status', 'code', 'request_id', 'detail', 'instance'] as const;
