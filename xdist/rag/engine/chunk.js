/**
 * Splitting extracted text into overlapping chunks for retrieval.
 *
 * 800 characters is roughly one to two paragraphs: long enough that a chunk
 * carries its own context for an answer, short enough that BM25 length
 * normalisation still favours focused passages. 150 characters of overlap
 * (about one sentence) keeps a fact that straddles a boundary retrievable
 * from at least one chunk.
 */
export const DEFAULT_CHUNK_SIZE = 800;
export const DEFAULT_CHUNK_OVERLAP = 150;
// Break preferences, strongest first. Each regex matches the separator; the
// chunk ends after it. Arabic punctuation: ، (comma) ؛ (semicolon) ؟ (question mark).
const BREAKS = [
    /\n\s*\n/g, // paragraph
    /[.!?؟؛…]["'”’)\]]*\s|\n/g, // sentence or line
    /[،,;:]\s/g, // clause
    /\s/g, // word
];
/** Last position in (from, to] where `re` ends a match, or -1. */
function lastBreak(text, from, to, re) {
    const window = text.slice(from, to);
    let best = -1;
    re.lastIndex = 0;
    for (let m = re.exec(window); m !== null; m = re.exec(window)) {
        best = from + m.index + m[0].length;
        if (m[0].length === 0)
            re.lastIndex++;
    }
    return best;
}
/** First position in [from, to) after a break of `re`, or -1. */
function firstBreak(text, from, to, re) {
    re.lastIndex = 0;
    const m = re.exec(text.slice(from, to));
    return m === null ? -1 : from + m.index + m[0].length;
}
function isSpace(ch) {
    return ch !== undefined && /\s/.test(ch);
}
export function chunkText(text, options = {}) {
    const size = options.size ?? DEFAULT_CHUNK_SIZE;
    const overlap = options.overlap ?? DEFAULT_CHUNK_OVERLAP;
    if (!Number.isInteger(size) || size < 1)
        throw new RangeError('chunk size must be a positive integer');
    if (!Number.isInteger(overlap) || overlap < 0 || overlap >= size) {
        throw new RangeError('chunk overlap must be an integer in [0, size)');
    }
    const chunks = [];
    let pos = 0;
    while (pos < text.length) {
        while (pos < text.length && isSpace(text[pos]))
            pos++;
        if (pos >= text.length)
            break;
        let end = Math.min(pos + size, text.length);
        if (end < text.length) {
            // Only accept a boundary in the second half so chunks do not become tiny.
            const minEnd = pos + Math.floor(size / 2);
            for (const re of BREAKS) {
                const b = lastBreak(text, minEnd, end, re);
                if (b > minEnd) {
                    end = b;
                    break;
                }
            }
        }
        let trimmedEnd = end;
        while (trimmedEnd > pos && isSpace(text[trimmedEnd - 1]))
            trimmedEnd--;
        chunks.push({ index: chunks.length, text: text.slice(pos, trimmedEnd), start: pos, end: trimmedEnd });
        if (end >= text.length)
            break;
        pos = nextStart(text, pos, end, overlap);
    }
    return chunks;
}
/** Start of the next chunk: back off `overlap` chars, then move forward to a sentence or word start. */
function nextStart(text, prevStart, end, overlap) {
    if (overlap === 0)
        return end;
    const from = Math.max(prevStart + 1, end - overlap);
    for (const re of BREAKS.slice(0, 2)) {
        const b = firstBreak(text, from, end, re);
        if (b !== -1 && b < end)
            return b;
    }
    const w = from > 0 && !isSpace(text[from - 1]) ? firstBreak(text, from, end, BREAKS[3]) : from;
    return w === -1 || w >= end ? from : w; // no word boundary: overlap mid-word
}
