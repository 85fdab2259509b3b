/** Shared helpers for the benchmark scripts: percentiles and a one-line summary. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function summarize(samplesMs: number[]): {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
} {
  const s = [...samplesMs].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: percentile(s, 50),
    p90: percentile(s, 90),
    p99: percentile(s, 99),
    max: s.length ? s[s.length - 1] : NaN,
  };
}

export function fmt(ms: number): string {
  return `${ms.toFixed(2)} ms`;
}

/** Parses `--name value` from argv (the benchmarks' own arguments), or returns the default. */
export function argNumber(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0 || i + 1 >= process.argv.length) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`--${name} must be a positive number (got ${process.argv[i + 1]})`);
  return n;
}

/** The value of `--name value` in argv, or undefined without the option (an error without a value). */
export function argString(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = process.argv[i + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value;
}

/**
 * `--root DIR`: the checkout whose build (`DIR/dist/cli.js`, with `openapi`, `fixtures`, `ui`, `node_modules`
 * and `package.json` beside it) is measured; this checkout without the option.
 */
export function argRoot(): string {
  const root = resolve(argString('root') ?? join(import.meta.dirname, '..'));
  if (!existsSync(join(root, 'dist', 'cli.js')))
    throw new Error(`${root}/dist/cli.js is missing: run \`npm run build\` there`);
  return root;
}

/** A Node.js binary to run the emulator on, named by its `node --version` (`node 22.23.5`). */
export interface NodeBinary {
  name: string;
  bin: string;
}

/** `node X.Y.Z`, from `BIN --version`. */
export function nodeName(bin: string): string {
  let version: string;
  try {
    version = execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim();
  } catch (err) {
    throw new Error(`${bin} --version failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  return `node ${version.replace(/^v/, '')}`;
}

/**
 * `--nodes BIN,BIN[,…]`: the Node.js binaries to run the same build on, in the order given (the first is
 * the reference of ratios), or undefined without the option. Two binaries of the same version are told apart
 * by their path.
 */
export function argNodes(): NodeBinary[] | undefined {
  const list = argString('nodes');
  if (list === undefined) return undefined;
  const bins = list.split(',').filter((b) => b !== '');
  if (bins.length === 0) throw new Error('--nodes needs at least one Node.js binary (BIN,BIN,…)');
  const nodes = bins.map((bin) => ({ name: nodeName(bin), bin }));
  for (const n of nodes)
    if (nodes.filter((o) => o.name === n.name).length > 1) n.name = `${n.name} (${n.bin})`;
  if (new Set(nodes.map((n) => n.name)).size < nodes.length) throw new Error('--nodes names a binary twice');
  return nodes;
}

/** `xs` rotated left by `k`: round `k` of an alternating benchmark starts with the next side. */
export function rotate<T>(xs: readonly T[], k: number): T[] {
  const n = xs.length === 0 ? 0 : k % xs.length;
  return [...xs.slice(n), ...xs.slice(0, n)];
}

/** The median (the upper one of an even count). */
export function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

/** The 1-minute load average, printed next to every figure: this host is shared, so figures are noisy. */
export function load1(): string {
  return (os.loadavg()[0] ?? 0).toFixed(2);
}

export function mib(bytes: number): string {
  return `${(bytes / 1048576).toFixed(1)} MiB`;
}

/** Runs autocannon, calling `onResponse(status, latencyMs)` for every response (per-route percentiles, status counts). */
export function runAutocannon(
  opts: autocannon.Options,
  onResponse: (status: number, ms: number) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) =>
      err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(result),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) =>
      onResponse(status, ms),
    );
  });
}

/** A free TCP port on 127.0.0.1 (bench code does not import the test support). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
