/**
 * Journal bodies kept as their JSON text and parsed on first read. The journal holds up to a thousand entries
 * and most are never read, so parsing every request and response body when it is recorded cost CPU and kept
 * a tree of objects per entry alive for the garbage collector to walk. To whoever reads it, `detail.body` is
 * an ordinary enumerable property holding the parsed value (JSON.stringify, spreads and equality all see it).
 */
/** The text of each body not parsed yet, by the object that holds it. */
const unparsed = new WeakMap();
function settle(holder, value) {
    unparsed.delete(holder);
    Object.defineProperty(holder, 'body', { value, writable: true, enumerable: true, configurable: true });
}
/**
 * Makes `holder.body` the value of `text`, parsed when first read. `text` must be what JSON.stringify writes
 * (so writing the value again gives the same text): the journal counts its bytes without parsing it.
 */
export function setLazyJsonBody(holder, text) {
    unparsed.set(holder, text);
    Object.defineProperty(holder, 'body', {
        enumerable: true,
        configurable: true,
        get() {
            const value = JSON.parse(text);
            settle(holder, value);
            return value;
        },
        set(value) {
            settle(holder, value);
        },
    });
}
/** The JSON text of `holder.body` while it is still unparsed, else undefined. */
export function lazyJsonText(holder) {
    return unparsed.get(holder);
}
