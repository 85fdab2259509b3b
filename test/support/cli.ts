/**
 * Runs the CLI as users do (`node dist/cli.js`, built once by test/support/global-setup.ts) as a child
 * process, with its output read line by line.
 * Every wait is on an event: a line, or the exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface CliRun {
  child: ChildProcess;
  stdout: string[];
  stderr: string[];
  /** Resolves with the first stdout line matching `re` (rejects if the process exits first). */
  line(re: RegExp): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

/** `cli`: another build's dist/cli.js (this package's by default). */
export function runCli(
  args: string[],
  env: Record<string, string> = {},
  cli = join(ROOT, 'dist', 'cli.js'),
): CliRun {
  const cleanEnv = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('SVC_EMULATOR_')),
  );
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: ROOT,
    env: { ...cleanEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const stdout: string[] = [];
  const stderr: string[] = [];
  const waiters: { re: RegExp; resolve: (line: string) => void }[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    stdout.push(line);
    for (const w of [...waiters]) {
      if (w.re.test(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  return {
    child,
    stdout,
    stderr,
    exited,
    line(re) {
      const seen = stdout.find((l) => re.test(l));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiters.push({ re, resolve });
        void exited.then(({ code }) =>
          reject(new Error(`the CLI exited (${code}) before printing ${re}; stderr: ${stderr.join('\n')}`)),
        );
      });
    },
  };
}

/** Kills every child still running (for afterEach). */
export async function killAll(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}
