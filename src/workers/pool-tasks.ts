/**
 * Diagnostic tasks of the pool itself: they let tests (and `--workers` users) check that ceilings hold
 * without crafting a hostile document.
 */
export const poolTasks = {
  /** Echoes its input: the round trip through a thread. */
  'pool.echo': (input: { value: unknown }) => input.value,
  /** Holds `mb` MiB of live JS heap (arrays of doubles), to trip the memory ceiling. */
  'pool.allocate': (input: { mb: number }) => {
    const keep: number[][] = [];
    for (let i = 0; i < input.mb; i++) keep.push(new Array<number>(128 * 1024).fill(i + 0.5));
    return keep.length;
  },
  /** Busy for `ms` milliseconds of one core, to trip the time budget. */
  'pool.spin': (input: { ms: number }) => {
    const end = performance.now() + input.ms;
    let n = 0;
    while (performance.now() < end) n++;
    return n;
  },
  /** Throws an error with a code, as area tasks do. */
  'pool.fail': (input: { code: string; message: string }) => {
    throw Object.assign(new Error(input.message), { name: 'DiagnosticError', code: input.code });
  },
};
