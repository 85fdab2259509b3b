/**
 * Linear-time building blocks for text processing on user input (decisions "Documents on the worker pool").
 * A regular expression such as `\[[^\]]*\]` restarts its scan at every `[`, so a line of a million `[`
 * costs a million squared steps; these helpers find each delimiter once and reuse the answer.
 */
/** `indexOf` for a string scanned left to right: each search covers text no earlier search has covered. */
export class NextIndex {
    s;
    cache = new Map();
    constructor(s) {
        this.s = s;
    }
    /** First index ≥ `from` of `needle` (one character), or -1. */
    of(needle, from) {
        const c = this.cache.get(needle);
        if (c !== undefined && c.from <= from && (c.at === -1 || c.at >= from))
            return c.at;
        const at = this.s.indexOf(needle, from);
        this.cache.set(needle, { from, at });
        return at;
    }
    /** First index ≥ `from` of any of `needles`, or -1. */
    ofAny(needles, from) {
        let best = -1;
        for (const n of needles) {
            const at = this.of(n, from);
            if (at !== -1 && (best === -1 || at < best))
                best = at;
        }
        return best;
    }
}
/** Like /[A-Za-z0-9_]/ (the regex `\w`). */
export function isWordChar(ch) {
    if (ch === undefined || ch.length === 0)
        return false;
    const c = ch.charCodeAt(0);
    return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
function isBlank(ch) {
    return ch === ' ' || ch === '\t' || ch === '\u00A0';
}
/** Uniform line endings, no trailing spaces or tabs, at most one blank line in a row, trimmed. */
export function tidy(text) {
    const lines = text.replace(/\r\n?/g, '\n').split('\n');
    const out = [];
    let blank = 0;
    for (const line of lines) {
        let end = line.length;
        while (end > 0 && isBlank(line[end - 1]))
            end--;
        if (end === 0) {
            blank++;
            continue;
        }
        if (out.length > 0)
            out.push(blank > 0 ? '\n\n' : '\n');
        blank = 0;
        out.push(end === line.length ? line : line.slice(0, end));
    }
    return out.join('').trim();
}
