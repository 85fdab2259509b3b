/** Shared helpers for the benchmark scripts: percentiles and a one-line summary. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function summarize(samplesMs: number[]): { n: number; p50: number; p90: number; p99: number; max: number } {
  const s = [...samplesMs].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p90: percentile(s, 90), p99: percentile(s, 99), max: s[s.length - 1] };
}

export function fmt(ms: number): string {
  return `${ms.toFixed(2)} ms`;
}
