/**
 * Near-miss hints: the closest allowed field for an unknown one, the closest route for an unknown path.
 * Edit distance (optimal string alignment, so a swap of two letters counts once) in linear memory, on
 * bounded lengths: a hostile 1 MiB field name costs nothing.
 */

const MAX_COMPARED_LENGTH = 128;

/** Edit distance between two short strings, case-insensitive; Infinity when either is too long. */
export function editDistance(a: string, b: string): number {
  if (a.length > MAX_COMPARED_LENGTH || b.length > MAX_COMPARED_LENGTH) return Infinity;
  a = a.toLowerCase();
  b = b.toLowerCase();
  if (a === b) return 0;
  let prev2 = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row[j] = d;
    }
    [prev2, prev, row] = [prev, row, prev2];
  }
  return prev[b.length];
}

/**
 * The candidate closest to `word`, if it is close enough to be a plausible slip: at most a third of its
 * letters off (at least one), or `word` a clear prefix of it (`ttl` for `ttl_seconds`).
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const d = editDistance(word, candidate);
    const limit = Math.max(1, Math.floor(candidate.length / 3));
    const prefix = word.length >= 3 && candidate.toLowerCase().startsWith(word.toLowerCase());
    // A one-letter name is no evidence of anything: at least one letter must be right.
    if (((d <= limit && d < Math.min(word.length, candidate.length)) || prefix) && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * The route closest to a path no route matched: path parameters (`{id}`) stand for the request's own
 * segment, so `/v1/stt/job/abc` is compared with `/v1/stt/jobs/abc`. Only routes within a few edits count.
 */
export function closestRoute(
  path: string,
  routes: { method: string; path: string }[],
): { method: string; path: string } | undefined {
  if (path.length > MAX_COMPARED_LENGTH) return undefined;
  const segments = path.split('/');
  let best: { method: string; path: string } | undefined;
  let bestDistance = Infinity;
  for (const route of routes) {
    const template = route.path.split('/');
    const filled =
      template.length === segments.length
        ? template.map((s, i) => (/^\{.+\}$/.test(s) ? segments[i] : s)).join('/')
        : route.path;
    const d = editDistance(path, filled);
    if (d <= Math.max(2, Math.floor(filled.length / 5)) && d < bestDistance) {
      best = route;
      bestDistance = d;
    }
  }
  return best;
}

/** `; did you mean POST /v1/tts?` for a path close to a route of `table`, else an empty string. */
export function routeHint(
  path: string,
  table: { operations: { method: string; path: string }[] },
  prefix = '',
): string {
  const route = closestRoute(path, table.operations);
  if (!route) return '';
  const methods = table.operations.filter((op) => op.path === route.path).map((op) => op.method);
  return `; did you mean ${methods.join('|')} ${prefix}${route.path}?`;
}
