/**
 * Near-miss hints: the closest allowed field for an unknown one, the closest route for an unknown path.
 * Edit distance (optimal string alignment, so a swap of two letters counts once) in linear memory, on
 * bounded lengths: a hostile 1 MiB field name costs nothing.
 */
/** Edit distance between two short strings, case-insensitive; Infinity when either is too long. */
export declare function editDistance(a: string, b: string): number;
/**
 * The candidate closest to `word`, if it is close enough to be a plausible slip: at most a third of its
 * letters off (at least one), or `word` a clear prefix of it (`ttl` for `ttl_seconds`).
 */
export declare function closest(word: string, candidates: Iterable<string>): string | undefined;
/**
 * The route closest to a path no route matched: path parameters (`{id}`) stand for the request's own
 * segment, so `/v1/stt/job/abc` is compared with `/v1/stt/jobs/abc`. Only routes within a few edits count.
 */
export declare function closestRoute(path: string, routes: {
    method: string;
    path: string;
}[]): {
    method: string;
    path: string;
} | undefined;
/** `; did you mean POST /v1/tts?` for a path close to a route of `table`, else an empty string. */
export declare function routeHint(path: string, table: {
    operations: {
        method: string;
        path: string;
    }[];
}, prefix?: string): string;
