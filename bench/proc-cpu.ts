/**
 * Where the cores went during a benchmark run, from /proc (Linux): a process tree's CPU time, its main threads',
 * this process's and its reaped children's, and the machine's idle time (instances.bench.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The fields of a /proc stat file after the command name, or undefined once the process is gone. */
function statFields(path: string): string[] | undefined {
  try {
    return readFileSync(path, 'utf8').split(') ')[1].split(' ');
  } catch {
    return undefined;
  }
}

/** utime + stime in ms (clock ticks of 10 ms); with `reaped`, also the children this process has waited for. */
function cpuMsOf(fields: string[] | undefined, reaped = false): number {
  if (!fields) return 0;
  const n = (i: number) => Number(fields[i]);
  return (n(11) + n(12) + (reaped ? n(13) + n(14) : 0)) * 10;
}

/** A process and all its descendants, from one read of every /proc/PID/stat. */
function treePids(roots: (number | undefined)[]): Map<number, number[]> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const fields = /^\d+$/.test(entry) ? statFields(`/proc/${entry}/stat`) : undefined;
    if (fields) parents.set(Number(entry), Number(fields[1]));
  }
  const under = (pid: number, root: number): boolean =>
    pid === root || (pid > 1 && parents.has(pid) && under(parents.get(pid)!, root));
  const trees = new Map<number, number[]>();
  for (const root of roots)
    if (root !== undefined)
      trees.set(
        root,
        [...parents.keys()].filter((pid) => under(pid, root)),
      );
  return trees;
}

/** The machine's idle time (ms, all cores) from /proc/stat. */
function idleMs(): number {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return (cpu[3] + cpu[4]) * 10;
}

/** Where the two cores went during a run: the server's processes, Redis, the load generator, idle (percent of one core). */
export interface CpuShare {
  server: number;
  /** Of `server`: the processes' main threads (event loops), the rest being worker pools and V8's helpers. */
  serverMain: number;
  redis: number;
  client: number;
  idle: number;
}

export function cpuMeter(serverPid: number, redisPid: number | undefined): () => CpuShare {
  const started = performance.now();
  const at = () => {
    const trees = treePids([serverPid, redisPid]);
    const server = trees.get(serverPid) ?? [];
    const sum = (pids: number[], stat: (pid: number) => string) =>
      pids.reduce((a, pid) => a + cpuMsOf(statFields(stat(pid))), 0);
    return {
      server: sum(server, (pid) => `/proc/${pid}/stat`),
      // The main thread's id is the process id.
      serverMain: sum(server, (pid) => `/proc/${pid}/task/${pid}/stat`),
      redis: sum(redisPid ? (trees.get(redisPid) ?? []) : [], (pid) => `/proc/${pid}/stat`),
      // This process and the children it has waited for: the load generators once they exit (autocannon runs in
      // this process); the servers and Redis, still running, are not reaped.
      client: cpuMsOf(statFields('/proc/self/stat'), true),
      idle: idleMs(),
    };
  };
  const before = at();
  return () => {
    const after = at();
    const wall = performance.now() - started;
    const pct = (k: keyof CpuShare) => Math.round(((after[k] - before[k]) / wall) * 100);
    return {
      server: pct('server'),
      serverMain: pct('serverMain'),
      redis: pct('redis'),
      client: pct('client'),
      idle: pct('idle'),
    };
  };
}
