/**
 * Journal bodies kept as their JSON text and parsed on first read. The journal holds up to a thousand entries
 * and most are never read, so parsing every request and response body when it is recorded cost CPU and kept
 * a tree of objects per entry alive for the garbage collector to walk. To whoever reads it, `detail.body` is
 * an ordinary enumerable property holding the parsed value (JSON.stringify, spreads and equality all see it).
 */
/**
 * Makes `holder.body` the value of `text`, parsed when first read. `text` must be what JSON.stringify writes
 * (so writing the value again gives the same text): the journal counts its bytes without parsing it.
 */
export declare function setLazyJsonBody(holder: {
    body: unknown;
}, text: string): void;
/** The JSON text of `holder.body` while it is still unparsed, else undefined. */
export declare function lazyJsonText(holder: object): string | undefined;
