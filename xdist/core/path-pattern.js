/**
 * The one path pattern of the emulator (fault rules, journal filters): an exact path, or a prefix ending
 * in `*` (`/v1/rag/*` matches `/v1/rag/search` and `/v1/rag/documents/doc_1`).
 */
export function pathPatternMatches(pattern, path) {
    return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;
}
