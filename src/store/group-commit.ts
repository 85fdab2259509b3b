/**
 * Group commit for a Redis script on the request path: a call made while an earlier batch is on its way waits
 * for that batch's answer and goes with every other call made meanwhile, in one script call. An idle
 * connection sends a call at once (no added latency); under load one round trip serves many requests, which
 * is where the Redis store's CPU per request goes (each command costs a write, a read and a turn of the event
 * loop whatever it carries). The script takes the calls' arguments one after the other and answers their
 * results one after the other; it runs them in order, as separate calls would.
 */
import type { Redis } from 'ioredis';
import { defineOnce } from './redis-scripts.js';

/** Calls per batch at most: a batch is one script run, which blocks Redis while it runs. */
const MAX_BATCH = 64;

interface Waiting<R> {
  args: (string | number)[];
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

export class GroupCommit<R> {
  private queue: Waiting<R>[] = [];
  private inFlight = false;

  /**
   * `send` runs the batch script with the calls' arguments concatenated and answers one result per call, in
   * order: an Error fails its call alone. Every call of a batch fails with the batch's own error.
   */
  constructor(private readonly send: (args: (string | number)[], calls: number) => Promise<(R | Error)[]>) {}

  call(args: (string | number)[]): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ args, resolve, reject });
      if (!this.inFlight) this.flush();
    });
  }

  private flush(): void {
    const batch = this.queue.splice(0, MAX_BATCH);
    this.inFlight = true;
    // A send that throws fails its batch like one that rejects.
    Promise.resolve()
      .then(() =>
        this.send(
          batch.flatMap((w) => w.args),
          batch.length,
        ),
      )
      .then(
        (results) =>
          batch.forEach((w, i) => {
            const result = results[i];
            if (result instanceof Error) w.reject(result);
            else w.resolve(result);
          }),
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      )
      .finally(() => {
        this.inFlight = false;
        if (this.queue.length > 0) this.flush();
      });
  }
}

/**
 * A script of one call made a batch script: its text becomes a function run once per call, each call's keys
 * and arguments passed after their counts, each run under pcall so that one call's error fails that call
 * alone (what ran before it in the batch stays, as separate scripts would have left it).
 */
export function batchScript(lua: string): string {
  return `
local function one(KEYS, ARGV)
${lua}
end
local out = {}
local i = 1
while i <= #ARGV do
  local nk, na = tonumber(ARGV[i]), tonumber(ARGV[i + 1])
  local keys, args = {}, {}
  for j = 1, nk do keys[j] = ARGV[i + 1 + j] end
  for j = 1, na do args[j] = ARGV[i + 1 + nk + j] end
  local ok, res = pcall(one, keys, args)
  if ok then
    if res == nil then res = false end
    out[#out + 1] = res
  else
    out[#out + 1] = {err = tostring(res)}
  end
  i = i + 2 + nk + na
end
return out`;
}

type Eval = (...args: (string | number)[]) => Promise<unknown[]>;

/**
 * One script of the request path, called like a single-call script (its KEYS and ARGV) and sent by group
 * commit: `call` answers what the script returns for that call, or fails with its error.
 */
export class BatchedScript<R> {
  private readonly group: GroupCommit<R>;

  /** `name` must be unique among the connection's commands; `lua` is the single-call script. */
  constructor(redis: Redis, name: string, lua: string) {
    defineOnce(redis, name, 0, batchScript(lua));
    const run = (redis as unknown as Record<string, Eval>)[name].bind(redis);
    this.group = new GroupCommit<R>((args) => run(...args) as Promise<(R | Error)[]>);
  }

  call(keys: string[], args: (string | number)[]): Promise<R> {
    return this.group.call([keys.length, args.length, ...keys, ...args]);
  }
}
