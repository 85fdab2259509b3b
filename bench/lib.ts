/** Shared helpers for the benchmark scripts: percentiles and a one-line summary. */
import { createServer } from 'node:net';
import os from 'node:os';
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
