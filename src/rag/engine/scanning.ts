/**
 * Linear-time building blocks for text processing on user input (decisions "Documents on the worker pool").
 * A regular expression such as `\[[^\]]*\]` restarts its scan at every `[`, so a line of a million `[`
 * costs a million squared steps; these helpers find each delimiter once and reuse the answer.
 */

/** `indexOf` for a string scanned left to right: each search covers text no earlier search has covered. */
export class NextIndex {
  private readonly cache = new Map<string, { from: number; at: number }>();

  constructor(private readonly s: string) {}

  /** First index ≥ `from` of `needle` (one character), or -1. */
  of(needle: string, from: number): number {
    const c = this.cache.get(needle);
    if (c !== undefined && c.from <= from && (c.at === -1 || c.at >= from)) return c.at;
    const at = this.s.indexOf(needle, from);
    this.cache.set(needle, { from, at });
    return at;
  }

  /** First index ≥ `from` of any of `needles`, or -1. */
  ofAny(needles: string, from: number): number {
    let best = -1;
    for (const n of needles) {
      const at = this.of(n, from);
      if (at !== -1 && (best === -1 || at < best)) best = at;
    }
    return best;
  }
}

/** Like /[A-Za-z0-9_]/ (the regex `\w`). */
export function isWordChar(ch: string | undefined): boolean {
  if (ch === undefined || ch.length === 0) return false;
  const c = ch.charCodeAt(0);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

function isBlank(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\u00A0';
}

/** Uniform line endings, no trailing spaces or tabs, at most one blank line in a row, trimmed. */
export function tidy(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let blank = 0;
  for (const line of lines) {
    let end = line.length;
    while (end > 0 && isBlank(line[end - 1])) end--;
    if (end === 0) {
      blank++;
      continue;
    }
    if (out.length > 0) out.push(blank > 0 ? '\n\n' : '\n');
    blank = 0;
    out.push(end === line.length ? line : line.slice(0, end));
  }
  return out.join('').trim();
}
