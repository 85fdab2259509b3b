/**
 * The admin API's guard around the shared store, in one place: an admin operation that documents a 502
 * (the shared store unreachable) and changes something (not GET) is refused before it starts while the store
 * is away, and its answer leaves only once its writes are in the store, so a client that hears of a change
 * through one instance finds it through any other (docs/scaling.md). The OpenAPI document says which
 * operations these are; with the memory store the guard checks nothing and awaits nothing.
 */
import type { Response } from 'express';
import type { CompiledOperation } from '../contract/compile.js';
import { writeJson, type StagedJson } from '../http/context.js';
import type { StateStore } from '../store/index.js';

export function writesSharedState(op: CompiledOperation): boolean {
  const responses = (op.raw.responses ?? {}) as Record<string, unknown>;
  return op.method !== 'GET' && '502' in responses;
}

/** Runs `handler` for a guarded operation: the store checked first, the JSON answer sent after its writes settled. */
export async function guardedByStore(
  store: Pick<StateStore, 'assertAvailable' | 'settled'>,
  res: Response,
  handler: () => Promise<void> | void,
): Promise<void> {
  store.assertAvailable();
  const staged: StagedJson = { status: 200, text: undefined };
  const locals = res.locals as { staged?: StagedJson };
  locals.staged = staged;
  try {
    await handler();
  } finally {
    locals.staged = undefined;
  }
  const pending = store.settled();
  if (pending) await pending;
  if (staged.text !== undefined) writeJson(res, staged.status, staged.text);
  else if (staged.empty) res.status(staged.status).end();
}
