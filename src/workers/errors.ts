/** How a task on the pool fails: a ceiling exceeded, or an error the task threw (pool.ts, stream.ts). */
export type LimitKind = 'memory' | 'time';

/** A task stopped for exceeding a ceiling of the pool. */
export class TaskLimitError extends Error {
  override name = 'TaskLimitError';
  constructor(
    readonly limit: LimitKind,
    message: string,
  ) {
    super(message);
  }
}

/** A task that threw: the thrown error's name, code and message, as the worker saw them. */
export class TaskError extends Error {
  override name = 'TaskError';
  constructor(
    readonly errorName: string,
    readonly code: string | undefined,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}
